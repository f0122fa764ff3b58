/**
 * Issue 19's benchmark: what enrichment adds to a whole scan. Devnet scans of one token with
 * enrichment switched on by the configuration (the real adapters against a local server playing
 * each provider, every answer after `--delay` ms) against the same scans without enrichment, in
 * one run, alternating:
 *
 * - baseline: the same scan with the enrichment switched off (its step ends at once);
 * - cold: a fresh enrichment (empty cache and store): the providers are asked during the scan;
 * - cached: the same enrichment again (what a scan pays once the poll has run; target: under
 *   50 ms added);
 * - hanging: every provider never answers (target: added time under the budget).
 *
 * The enrichment runs beside the analysis, simulation and chain reads, so its added time is
 * what it takes beyond them. (bench/enrichment.ts measures the enrichment step alone.)
 *
 *   node --import tsx bench/enrich.ts [--rounds 5] [--delay 200] [--budget 1500]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { createScanFixture } from '../src/testing/scan-fixture.ts';
import { openTestStore, type TestStore } from '../src/testing/test-stores.ts';
import { startEnrichmentServer } from '../src/testing/enrichment-server.ts';
import { enrichmentFromConfig } from '../src/enrichment/enrichment-setup.ts';
import type { EnrichmentService } from '../src/enrichment/enrichment-service.ts';
import { upsertProjects } from '../src/projects/project-repository.ts';
import { validateProjects } from '../src/projects/project-record.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    delay: { type: 'string', default: '200' },
    budget: { type: 'string', default: '1500' },
  },
});
const rounds = Number(values.rounds);
const budgetMs = Number(values.budget);

const server = await startEnrichmentServer();
server.delayMs = Number(values.delay);
const stores: TestStore[] = [];

/** The enrichment the enriched fixture's scans call; each measurement installs its own. */
let current: EnrichmentService | undefined;
const delegate: EnrichmentService = {
  // No enrichment installed: the step ends at once (the baseline scan, on the same fixture and caches).
  forScan: (network, address) => (current ? current.forScan(network, address) : Promise.reject(new Error('switched off'))),
  pollOnce: () => current!.pollOnce(),
  settled: () => current?.settled() ?? Promise.resolve(),
};
const fixture = await createScanFixture({ enrichment: delegate });
const token = fixture.devnet.tokens[0]!.address;

/** A fresh enrichment from configuration variables with the token in its registry. */
async function freshEnrichment(): Promise<EnrichmentService> {
  const store = await openTestStore();
  stores.push(store);
  const config = loadConfig({ DATABASE_URL: '', REDIS_URL: '', ...server.env(), ENRICH_BUDGET_MS: String(budgetMs) });
  await upsertProjects(
    store.db,
    validateProjects(
      [
        {
          network: 'LOCAL',
          address: token,
          website: 'https://registry.example',
          telegram: '@example_chat',
          reddit: 'r/example',
          aggregatorAId: 'uniswap',
        },
      ],
      'bench',
    ),
  );
  return enrichmentFromConfig(config, store.db);
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}
const scanEnriched = () => fixture.scans.execute({ network: 'LOCAL', address: token });
const scanPlain = () => {
  current = undefined;
  return scanEnriched();
};

// Warm the fixture (compilers, analysis caches, JIT) before measuring.
await scanPlain();
current = await freshEnrichment();
await scanEnriched();

const baseline: number[] = [];
const cold: number[] = [];
const cached: number[] = [];
const hanging: number[] = [];
for (let i = 0; i < rounds; i++) {
  server.mode = 'ok';
  baseline.push(await time(scanPlain));
  current = await freshEnrichment();
  let statuses: Record<string, string> = {};
  cold.push(
    await time(async () => {
      const result = await scanEnriched();
      statuses = Object.fromEntries(Object.entries(result.meta.sources).map(([k, v]) => [k, v.status]));
    }),
  );
  // A figure is only worth reading if the providers really answered during the cold scan.
  for (const role of ['aggregatorA', 'telegram', 'reddit', 'rdap'])
    if (statuses[role] !== 'ok') throw new Error(`${role} did not answer: ${statuses[role]}`);
  await current.settled();
  cached.push(await time(scanEnriched));
  server.mode = 'hang';
  current = await freshEnrichment();
  hanging.push(await time(scanEnriched));
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const added = (xs: number[]) => median(xs) - median(baseline);
console.log(`devnet scan, ${rounds} rounds, provider answers after ${values.delay} ms, budget ${budgetMs} ms (medians)`);
console.log(`  scan without enrichment (baseline)   ${ms(median(baseline))}`);
console.log(`  with enrichment, cold                ${ms(median(cold))}  added ${ms(added(cold))}`);
console.log(`  with enrichment, cached              ${ms(median(cached))}  added ${ms(added(cached))}  (target < 50 ms)`);
console.log(`  every provider hanging               ${ms(median(hanging))}  added ${ms(added(hanging))}  (target < budget ${budgetMs} ms)`);

current = undefined;
await Promise.all([fixture.close(), server.close()]);
await Promise.all(stores.map((s) => s.dispose()));
