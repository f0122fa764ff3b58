/**
 * Issue 19 through a real scan on the devnet: with every enrichment provider hanging the
 * scan still answers, within the budget, each failure in meta.sources; with the providers
 * answering, the layout carries their facts and still validates against the spec.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { ScanResultSchema, type ScanResult } from '../src/spec/schemas/audit-layout.ts';
import { createScanFixture, type ScanFixture } from '../src/testing/scan-fixture.ts';
import { openTestStore, type TestStore } from '../src/testing/test-stores.ts';
import { startEnrichmentServer, serverProviders, type EnrichmentServer } from '../src/testing/enrichment-server.ts';
import { guardProviders } from '../src/enrichment/enrich-project.ts';
import { createEnrichmentService } from '../src/enrichment/enrichment-service.ts';
import { upsertProjects } from '../src/projects/project-repository.ts';
import { validateProjects } from '../src/projects/project-record.ts';

const validate = new Ajv({ strict: false, allErrors: true }).compile(ScanResultSchema);
const BUDGET_MS = 400;

describe('a scan with enrichment providers down, then up', () => {
  let f: ScanFixture;
  let server: EnrichmentServer;
  let enrichmentStore: TestStore;
  before(async () => {
    server = await startEnrichmentServer();
    enrichmentStore = await openTestStore();
    const enrichment = createEnrichmentService({
      db: enrichmentStore.db,
      providers: guardProviders(serverProviders(server.base), { all: { timeoutMs: 5_000, cacheTtlMs: 0 } }),
      budgetMs: BUDGET_MS,
      pollMinutes: 60,
    });
    f = await createScanFixture(
      { enrichment },
      { RPC_URL_ETH: 'http://127.0.0.1:9/unreachable', RPC_URL_SOL: 'http://127.0.0.1:9/unreachable' },
    );
    const token = f.devnet.tokens[0]!;
    await upsertProjects(
      enrichmentStore.db,
      validateProjects(
        [{ network: 'LOCAL', address: token.address, website: 'https://registry.example', telegram: '@chat', reddit: 'r/sample' }],
        'test',
      ),
    );
  });
  after(async () => {
    await f.close();
    await enrichmentStore.dispose();
    await server.close();
  });

  it('every provider hanging: the scan answers, each source a timeout within the budget', async () => {
    server.mode = 'hang';
    const token = f.devnet.tokens[0]!;
    const result: ScanResult = await f.scans.execute({ network: 'LOCAL', address: token.address });
    assert.ok(validate(result), JSON.stringify(validate.errors?.slice(0, 5)));
    for (const role of ['aggregatorA', 'telegram', 'reddit', 'rdap']) {
      const source = result.meta.sources[role]!;
      assert.equal(source.status, 'timeout', `${role}: ${JSON.stringify(source)}`);
      assert.ok(source.durationMs <= BUDGET_MS + 100, `${role} waited ${source.durationMs} ms`);
    }
    assert.equal(result.meta.sources.discord?.reason, 'not configured');
    assert.equal(result.auditLayout.telegramMembers, 0);
    assert.equal(result.auditLayout.slowPollUpdatedAt, result.auditLayout.updatedAt, 'no slow source has answered yet');
  });

  it('providers answering: links, counters, histories and aggregator facts fill the layout', async () => {
    server.mode = 'ok';
    const token = f.devnet.tokens[0]!;
    const result: ScanResult = await f.scans.execute({ network: 'LOCAL', address: token.address });
    assert.ok(validate(result), JSON.stringify(validate.errors?.slice(0, 5)));
    const layout = result.auditLayout;
    assert.equal(layout.website, 'https://registry.example');
    assert.equal(layout.telegramMembers, 1200);
    assert.equal(layout.redditMembers, 340);
    assert.equal(layout.telegramMembersHistory.length, 1);
    assert.equal(layout.domainInfo.whois.creationDate, '2020-05-01T10:00:00.000Z');
    assert.ok(layout.communityScore > 0, 'the community score reads the counters');
    assert.equal(result.meta.sources.telegram?.status, 'ok');
    assert.notEqual(layout.slowPollUpdatedAt, '');
  });
});
