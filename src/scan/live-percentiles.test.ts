import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, type TestStore } from '../testing/test-stores.ts';
import { saveSnapshot } from './snapshot-repository.ts';
import { createLivePercentiles, populationKey } from './live-percentiles.ts';
import type { ScoreName } from '../interface/schemas/audit-layout.ts';

const scores = (security: number | null, total: number | null = security): Record<ScoreName, number | null> => ({
  security,
  decentralisation: null,
  market: null,
  community: null,
  fundamentals: null,
  total,
});

describe('percentiles over the live population', () => {
  let store: TestStore;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const now = () => new Date(clock);
  const save = (address: string, s: Record<ScoreName, number | null>) =>
    saveSnapshot(store.db, {
      network: 'LOCAL',
      address,
      result: {},
      scores: s,
      topHolders: null,
      createdAt: now().toISOString(),
      now: now().toISOString(),
    });
  before(async () => {
    store = await openTestStore();
  });
  after(() => store.dispose());

  it('ranks an answer among the scores stored when it is served, and changes as the population changes', async () => {
    const live = createLivePercentiles({ store, refreshMs: 60_000, now });
    // The honeypot is scanned first: alone, it sits in the middle of a population of one.
    await save('0xhoneypot', scores(20));
    const first = await live.of(populationKey('LOCAL', '0xhoneypot'), scores(20));
    assert.equal(first.percentiles.security, 50);
    assert.equal(first.at, '2026-01-01T00:00:00.000Z');

    // Other processes store better tokens; within the refresh interval the stamp holds.
    for (const [i, s] of [90, 80, 70].entries()) await save(`0xgood${i}`, scores(s));
    clock += 30_000;
    assert.equal((await live.of(populationKey('LOCAL', '0xhoneypot'), scores(20))).percentiles.security, 50);
    assert.equal(await live.stamp(), '2026-01-01T00:00:00.000Z');

    // Past it the population is read again: the honeypot is now the worst of four.
    clock += 31_000;
    const later = await live.of(populationKey('LOCAL', '0xhoneypot'), scores(20));
    assert.equal(later.percentiles.security, 12.5);
    assert.equal(later.at, '2026-01-01T00:01:01.000Z');
    assert.equal((await live.of(populationKey('LOCAL', '0xgood0'), scores(90))).percentiles.security, 87.5);
  });

  it('replaces the address’s own stored score by the one answered, counts scans of this process at once, and gives unknown scores 0', async () => {
    const live = createLivePercentiles({ store, refreshMs: 60_000, now });
    // Stored: 20, 90, 80, 70. 0xhoneypot rescanned at 95 ranks above the three others.
    assert.equal((await live.of(populationKey('LOCAL', '0xhoneypot'), scores(95))).percentiles.security, 87.5);
    clock += 1_000;
    live.update(populationKey('LOCAL', '0xnew'), scores(10));
    const withNew = await live.of(populationKey('LOCAL', '0xgood2'), scores(70));
    assert.equal(withNew.percentiles.security, 50, '10 and 20 below, itself counted half, of five');
    assert.equal(withNew.at, now().toISOString());
    assert.equal((await live.of(populationKey('LOCAL', '0xnull'), scores(null))).percentiles.security, 0);
  });
});
