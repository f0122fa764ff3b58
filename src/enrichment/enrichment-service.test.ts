import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, storeKinds, type TestStore } from '../testing/test-stores.ts';
import { startEnrichmentServer, type EnrichmentServer } from '../testing/enrichment-server.ts';
import { loadConfig } from '../config.ts';
import { providersFromConfig } from './providers.ts';
import { upsertProjects } from '../projects/project-repository.ts';
import { validateProjects } from '../projects/project-record.ts';
import { guardProviders } from './enrich-project.ts';
import { createEnrichmentService } from './enrichment-service.ts';
import { HISTORY_POINTS, loadCounterHistories, recordReadings } from './enrichment-store.ts';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const OTHER = '0x00000000000000000000000000000000000000bb';

for (const kind of storeKinds()) {
  describe(`enrichment service (${kind})`, () => {
    let store: TestStore;
    let server: EnrichmentServer;
    let now = Date.parse('2026-03-01T00:00:00Z');
    const clock = () => new Date(now);
    before(async () => {
      store = await openTestStore(kind);
      server = await startEnrichmentServer();
      await upsertProjects(
        store.db,
        validateProjects(
          [{ network: 'ETH', address: TOKEN, website: 'https://registry.example', telegram: '@chat', reddit: 'r/example' }],
          'test',
        ),
      );
    });
    after(async () => {
      await server.close();
      await store.dispose();
    });

    const service = (budgetMs = 2_000) =>
      createEnrichmentService({
        db: store.db,
        // Slow sources cached for the poll interval, as in enrichment-setup.ts.
        providers: guardProviders(
          providersFromConfig(loadConfig(server.env()).enrichment),
          { all: { cacheTtlMs: 60 * 60_000, retries: 0 } },
          { now: clock, sleep: async () => {} },
        ),
        budgetMs,
        pollMinutes: 60,
        now: clock,
      });

    it('fills the layout fields and stores each counter reading; histories grow oldest first', async () => {
      server.mode = 'ok';
      const enrichment = service();
      const first = await enrichment.forScan('ETH', TOKEN);
      assert.equal(first.fields.website, 'https://registry.example');
      assert.equal(first.fields.telegramMembers, 1200);
      assert.deepEqual(first.fields.telegramMembersHistory, [{ v: 1200, t: '2026-03-01T00:00:00.000Z' }]);
      assert.equal(first.fields.slowPollUpdatedAt, '2026-03-01T00:00:00.000Z');
      assert.equal(first.sources.telegram!.status, 'ok');
      assert.equal(first.scoring.socials?.telegramMembers, 1200);
      assert.equal(first.scoring.hasWebsite, true);

      // Within the poll interval a scan reuses the slow answers: no new reading, no request.
      now += 10 * 60_000;
      const calls = server.calls.get('telegram');
      const second = await enrichment.forScan('ETH', TOKEN);
      assert.equal(server.calls.get('telegram'), calls);
      assert.equal(second.fields.telegramMembersHistory.length, 1);

      // The poll refreshes the slow sources of tokens scanned recently, and only those.
      now += 2 * 60 * 60_000;
      server.counts.telegram = 1500;
      assert.equal(await enrichment.pollOnce(), 1);
      const third = await enrichment.forScan('ETH', TOKEN);
      assert.deepEqual(
        third.fields.telegramMembersHistory.map((p) => p.v),
        [1200, 1500],
      );
      assert.equal(third.fields.slowPollUpdatedAt, '2026-03-01T02:10:00.000Z');
    });

    it('with every provider hanging, a scan waits no longer than the budget and keeps the stored values as stale', async () => {
      server.mode = 'hang';
      const enrichment = service(250);
      now += 3 * 60 * 60_000;
      const started = performance.now();
      const result = await enrichment.forScan('ETH', TOKEN);
      const elapsed = performance.now() - started;
      // The hanging providers never answer: waiting for them would take their whole time limits.
      // The margin is for a loaded CI machine (503 ms was seen with two suites running at once).
      assert.ok(elapsed < 250 + 750, `took ${Math.round(elapsed)} ms`);
      // The fresh service has an empty cache, so telegram's last value comes from the store.
      assert.equal(result.sources.telegram!.status, 'stale');
      assert.match(result.sources.telegram!.reason!, /250 ms budget/);
      assert.equal(result.fields.telegramMembers, 1500);
      // A token never enriched before has nothing stored: timeouts, empty values.
      const fresh = await enrichment.forScan('ETH', OTHER);
      assert.equal(fresh.sources.aggregatorA!.status, 'timeout');
      assert.equal(fresh.fields.telegramMembers, 0);
      assert.equal(fresh.fields.slowPollUpdatedAt, '', 'no slow source has answered for it yet');
    });

    it('refreshes in the background what a scan could not wait for, so the next scan shows it', async () => {
      const slowToken = '0x00000000000000000000000000000000000000dd';
      await upsertProjects(store.db, validateProjects([{ network: 'ETH', address: slowToken, telegram: '@slow' }], 'test'));
      server.mode = 'ok';
      server.delayMs = 400;
      server.counts.telegram = 77;
      const enrichment = service(100);
      try {
        const first = await enrichment.forScan('ETH', slowToken);
        assert.equal(first.sources.telegram!.status, 'timeout');
        await enrichment.settled();
        server.mode = 'hang'; // the next scan must not need the provider
        const second = await enrichment.forScan('ETH', slowToken);
        assert.equal(second.fields.telegramMembers, 77);
        assert.equal(second.sources.telegram!.status, 'ok');
        assert.deepEqual(
          second.fields.telegramMembersHistory.map((p) => p.v),
          [77],
        );
      } finally {
        server.delayMs = 0;
        server.mode = 'ok';
      }
    });

    it('keeps at most HISTORY_POINTS readings per counter in a history', async () => {
      const readings = Array.from({ length: HISTORY_POINTS + 5 }, (_, i) => ({
        counter: 'reddit' as const,
        value: i,
        takenAt: new Date(Date.parse('2025-01-01T00:00:00Z') + i * 3_600_000).toISOString(),
      }));
      await recordReadings(store.db, { network: 'ETH', address: OTHER }, readings);
      const histories = await loadCounterHistories(store.db, 'ETH', OTHER);
      assert.equal(histories.reddit.length, HISTORY_POINTS);
      assert.equal(histories.reddit[0]!.v, 5, 'the oldest are dropped');
      assert.equal(histories.reddit.at(-1)!.v, HISTORY_POINTS + 4);
    });
  });
}
