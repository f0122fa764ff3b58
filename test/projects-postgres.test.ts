/**
 * Issue 19's tables on PostgreSQL: the project registry, counter readings and the stored
 * enrichment, through the same repositories as SQLite. Runs when DATABASE_URL is set.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, type TestStore } from '../src/testing/test-stores.ts';
import { validateProjects } from '../src/projects/project-record.ts';
import { findProject, listProjects, removeProject, upsertProjects } from '../src/projects/project-repository.ts';
import { loadCounterHistories, loadState, recentlyScanned, recordReadings, saveState } from '../src/enrichment/enrichment-store.ts';
import { EMPTY_LINKS } from '../src/enrichment/enrich-project.ts';

const skip = process.env.DATABASE_URL ? false : 'DATABASE_URL is not set';
const TOKEN = '0x00000000000000000000000000000000000000cc';

describe('project registry and enrichment tables on PostgreSQL', { skip }, () => {
  let store: TestStore;
  before(async () => {
    store = await openTestStore('postgres');
  });
  after(() => store.dispose());

  it('upserts, replaces, lists and removes projects', async () => {
    await upsertProjects(
      store.db,
      validateProjects([{ network: 'ETH', address: TOKEN.toUpperCase().replace('0X', '0x'), website: 'https://one.example' }], 'a.json'),
    );
    await upsertProjects(
      store.db,
      validateProjects([{ network: 'ETH', address: TOKEN, website: 'https://two.example', github: 'https://github.com/two' }], 'b.json'),
    );
    const project = await findProject(store.db, 'ETH', TOKEN);
    assert.equal(project?.website, 'https://two.example');
    assert.equal(project?.source, 'b.json');
    assert.equal((await listProjects(store.db, { network: 'ETH' })).total, 1);
    assert.equal(await removeProject(store.db, 'ETH', TOKEN), 1);
    assert.equal(await findProject(store.db, 'ETH', TOKEN), undefined);
  });

  it('stores readings once per time, and the enrichment state with its scan time', async () => {
    const key = { network: 'ETH', address: TOKEN };
    const reading = { counter: 'telegram' as const, value: 10, takenAt: '2026-01-01T00:00:00.000Z' };
    await recordReadings(store.db, key, [reading, { ...reading, takenAt: '2026-01-02T00:00:00.000Z', value: 12 }]);
    await recordReadings(store.db, key, [reading]);
    assert.deepEqual((await loadCounterHistories(store.db, 'ETH', TOKEN)).telegram, [
      { v: 10, t: '2026-01-01T00:00:00.000Z' },
      { v: 12, t: '2026-01-02T00:00:00.000Z' },
    ]);
    const state = { links: EMPTY_LINKS, sources: {} };
    await saveState(store.db, key, state, { now: '2026-01-03T00:00:00.000Z', slowPollUpdatedAt: '', scanned: true });
    await saveState(store.db, key, state, {
      now: '2026-01-04T00:00:00.000Z',
      slowPollUpdatedAt: '2026-01-04T00:00:00.000Z',
      scanned: false,
    });
    assert.deepEqual(await loadState(store.db, 'ETH', TOKEN), state);
    assert.deepEqual(await recentlyScanned(store.db, '2026-01-02T00:00:00.000Z', 10), [key]);
    assert.deepEqual(await recentlyScanned(store.db, '2026-01-03T00:00:01.000Z', 10), [], 'the poll does not count as a scan');
  });
});
