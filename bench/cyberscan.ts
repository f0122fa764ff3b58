/**
 * Cyberscan (operation 3) figures, all against the real server (`scopeward serve` on a
 * fresh embedded database with the devnet):
 *   1. cached cyberscan throughput vs the audit lookup, autocannon, same server, same run
 *      (target ≥ 0.5 of the lookup despite the large body);
 *   2. cold scan time per devnet token;
 *   3. 50 concurrent cold requests over the devnet tokens: each token analysed once.
 *
 *   node --import tsx bench/cyberscan.ts [--seconds 5]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { spawnServer, type SpawnedServer } from '../src/testing/spawn-server.ts';
import { runCli } from '../src/testing/run-cli.ts';
import { median } from './stats.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const seconds = Number(values.seconds);

interface Token {
  name: string;
  symbol: string;
  address: string;
  behaviour: string;
  /** Set on the embedded Solana network's mints (SOL), which bench/solana.ts measures. */
  network?: string;
}

async function withServer<T>(
  env: Record<string, string>,
  run: (server: SpawnedServer, key: string, tokens: Token[]) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sw-bench-scan-'));
  const fullEnv = { DATA_DIR: dir, LOG_LEVEL: 'warn', ...env };
  const { key } = JSON.parse((await runCli(['keys', 'create', '--json'], fullEnv)).stdout) as { key: string };
  // The EVM devnet's tokens (network LOCAL); the list also names the Solana mints.
  const tokens = (JSON.parse((await runCli(['devnet', '--list', '--json'], fullEnv)).stdout) as Token[]).filter((t) => !t.network);
  const server = await spawnServer({ ...fullEnv, LOG_LEVEL: 'info' });
  try {
    return await run(server, key, tokens);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const scan = (server: SpawnedServer, key: string, address: string) =>
  fetch(`${server.url}/api/cyberscan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ address, network: 'LOCAL' }),
  });

// 2. Cold scans: every request rescans (freshness 0).
await withServer({ SCAN_FRESHNESS_SECONDS: '0' }, async (server, key, tokens) => {
  console.log('cold scan per devnet token (chain readers, analysis, similarity, simulation, scoring, store):');
  const warm = await scan(server, key, tokens[0]!.address); // loads parser, corpus, compiler caches
  await warm.arrayBuffer();
  const times: number[] = [];
  for (const token of tokens) {
    const t0 = performance.now();
    const res = await scan(server, key, token.address);
    const body = (await res.json()) as { meta?: { durationMs: number; sources: Record<string, { durationMs: number }> } };
    const ms = performance.now() - t0;
    if (!body.meta) {
      // A refused or failed scan is reported, not timed.
      console.log(`  ${token.behaviour.padEnd(10)} HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      continue;
    }
    times.push(ms);
    const s = body.meta.sources;
    console.log(
      `  ${token.behaviour.padEnd(10)} ${ms.toFixed(0).padStart(5)} ms  (chain ${s.chain?.durationMs} ms, analysis ${s.analysis?.durationMs ?? '-'} ms, simulation ${s.simulation?.durationMs} ms)`,
    );
  }
  console.log(`  median ${median(times).toFixed(0)} ms per token`);
});

// 1 and 3 on a server with the default freshness.
await withServer({}, async (server, key, tokens) => {
  const t0 = performance.now();
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      scan(server, key, tokens[i % tokens.length]!.address).then((r) => r.json() as Promise<{ meta: { snapshotAt: string } }>),
    ),
  );
  const elapsed = performance.now() - t0;
  const perToken = new Map<string, Set<string>>();
  responses.forEach((r, i) => {
    const address = tokens[i % tokens.length]!.address;
    perToken.set(address, (perToken.get(address) ?? new Set()).add(r.meta.snapshotAt));
  });
  const analysed = [...perToken.values()].map((s) => s.size);
  console.log(
    `50 concurrent cold requests over ${tokens.length} tokens: ${elapsed.toFixed(0)} ms in all; scans per token: ${analysed.join(', ')} (1 = analysed once)`,
  );

  const token = tokens[0]!.address;
  const lookup = `/api/audits/search-by-address?address=${token}&network=LOCAL`;
  const run = (opts: autocannon.Options) => autocannon({ connections: 10, duration: seconds, ...opts });
  const audit = await run({ url: `${server.url}${lookup}`, headers: { 'x-api-key': key } });
  const cached = await run({
    url: `${server.url}/api/cyberscan`,
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ address: token, network: 'LOCAL' }),
  });
  const audit2 = await run({ url: `${server.url}${lookup}`, headers: { 'x-api-key': key } });
  const auditRate = (audit.requests.average + audit2.requests.average) / 2;
  console.log(`audit lookup (404, key)   ${auditRate.toFixed(0).padStart(7)} req/s`);
  console.log(
    `cached cyberscan (key)    ${cached.requests.average.toFixed(0).padStart(7)} req/s, ${(cached.throughput.average / 1024 / 1024).toFixed(1)} MB/s, ${cached.non2xx} non-2xx`,
  );
  console.log(`ratio cached cyberscan / audit lookup: ${(cached.requests.average / auditRate).toFixed(2)}  (target ≥ 0.50)`);
  // Under 50 connections: latency percentiles of both.
  const audit50 = await run({ connections: 50, url: `${server.url}${lookup}`, headers: { 'x-api-key': key } });
  const cached50 = await run({
    connections: 50,
    url: `${server.url}/api/cyberscan`,
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ address: token, network: 'LOCAL' }),
  });
  console.log(
    `50 connections: audit lookup ${audit50.requests.average.toFixed(0)} req/s p50 ${audit50.latency.p50} ms p99 ${audit50.latency.p99} ms; cached cyberscan ${cached50.requests.average.toFixed(0)} req/s p50 ${cached50.latency.p50} ms p99 ${cached50.latency.p99} ms`,
  );
});
