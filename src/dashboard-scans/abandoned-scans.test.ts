import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openTestStore, storeKinds, type TestStore } from '../testing/test-stores.ts';
import { createDashboardScanRepository, type DashboardScanRepository } from './dashboard-scan-repository.ts';
import { closeAbandonedScans, INTERRUPTED_MESSAGE, SCAN_STALE_AFTER_MS } from './abandoned-scans.ts';
import type { ScanOwnerIdentity } from './scan-owner.ts';
import type { Stage } from '../interface/schemas/dashboard-scans.ts';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const self: ScanOwnerIdentity = { id: 'web-1/100/self', host: 'web-1', pid: 100 };

for (const kind of storeKinds()) {
  describe(`abandoned dashboard scans (${kind})`, () => {
    let store: TestStore;
    let repository: DashboardScanRepository;
    const ended: string[][] = [];
    const runner = { heartbeat: async () => {}, announceEnded: async (ids: readonly string[]) => void ended.push([...ids]) };
    const options = () => ({ repository, runner, self, now: () => NOW, processRuns: (pid: number) => pid !== 200 });

    before(async () => {
      store = await openTestStore(kind);
      repository = createDashboardScanRepository(store.db);
      await sql`insert into accounts (id, email, password_hash, role, created_at, password_changed_at)
        values ('acc', 'a@example.org', 'x', 'user', ${ago(0)}, ${ago(0)})`.execute(store.db);
    });
    after(() => store.dispose());

    const insert = async (id: string, owner: string | null, heartbeatAgoMs: number, status: 'running' | 'done' = 'running') => {
      const stages: Stage[] = [
        { name: 'input', status: 'done', message: null, finishedAt: ago(heartbeatAgoMs) },
        { name: 'analysis', status: 'running', message: null, finishedAt: null },
        { name: 'score', status: 'pending', message: null, finishedAt: null },
      ];
      await repository.insert({
        id,
        accountId: 'acc',
        kind: 'files',
        visibility: 'private',
        title: id,
        network: null,
        address: null,
        repository: null,
        stages,
        createdAt: ago(heartbeatAgoMs),
        owner: owner ?? 'placeholder',
      });
      // A scan from before migration 0015: no owner, no heartbeat.
      if (owner === null) await sql`update dashboard_scans set owner = null, heartbeat_at = null where id = ${id}`.execute(store.db);
      await repository.saveProgress(id, status === 'done' ? 'done' : 'running', stages);
    };

    it('closes what a gone or silent process left, never its own nor a live one, each once', async () => {
      await insert('live-elsewhere', 'web-2/300/a', 10_000);
      await insert('silent-elsewhere', 'web-2/300/b', SCAN_STALE_AFTER_MS + 1000);
      await insert('own-slow', self.id, SCAN_STALE_AFTER_MS * 3);
      await insert('dead-here', 'web-1/200/c', 1000);
      await insert('live-here', 'web-1/201/d', 1000);
      await insert('restarted-pid', 'web-1/100/old', 1000);
      await insert('before-heartbeats', null, SCAN_STALE_AFTER_MS + 1000);
      await insert('finished', 'web-1/200/c', SCAN_STALE_AFTER_MS * 3, 'done');

      // Two replicas sweeping at once close each scan once.
      const [first, second] = await Promise.all([closeAbandonedScans(options()), closeAbandonedScans(options())]);
      const closed = [...first, ...second].sort();
      assert.deepEqual(closed, ['before-heartbeats', 'dead-here', 'restarted-pid', 'silent-elsewhere']);
      assert.deepEqual(ended.flat().sort(), closed, 'their event streams are told');

      const record = await repository.find('dead-here');
      assert.equal(record?.summary.status, 'failed');
      assert.equal(record?.error, INTERRUPTED_MESSAGE);
      assert.equal(record?.summary.finishedAt, NOW.toISOString());
      assert.deepEqual(
        record?.stages.map((s) => s.status),
        ['done', 'failed', 'failed'],
      );
      for (const id of ['live-elsewhere', 'own-slow', 'live-here'])
        assert.equal((await repository.find(id))?.summary.status, 'running', id);
      assert.equal((await repository.find('finished'))?.summary.status, 'done');
      assert.deepEqual(await closeAbandonedScans(options()), [], 'nothing left to close');
    });

    it("a heartbeat keeps a process's scans from going stale", async () => {
      await insert('beating', 'web-3/400/e', SCAN_STALE_AFTER_MS + 1000);
      await repository.heartbeat('web-3/400/e', ago(1000));
      assert.deepEqual(await closeAbandonedScans(options()), []);
      assert.deepEqual((await repository.runningOwners()).sort(), ['web-1/201/d', 'web-2/300/a', 'web-3/400/e', self.id].sort());
    });
  });
}
