import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, storeKinds } from '../testing/test-stores.ts';
import { insertAccount } from './account-repository.ts';
import { createSessionStore, hashToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session-store.ts';

const HOUR = 3600_000;

for (const kind of storeKinds()) {
  describe(`sessions on ${kind}`, () => {
    async function setup() {
      const store = await openTestStore(kind);
      let now = new Date('2030-01-01T00:00:00Z');
      const clock = () => now;
      const sessions = createSessionStore(store.db, clock);
      const account = await insertAccount(store.db, { email: 'a@example.org', passwordHash: 'x', role: 'user' }, now);
      assert.ok(account);
      return { store, sessions, accountId: account.id, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
    }

    it('stores only a hash of the token and finds the session by the token', async () => {
      const { store, sessions, accountId } = await setup();
      try {
        const { token, session } = await sessions.create(accountId, 'test');
        const rows = await store.db.selectFrom('sessions').selectAll().execute();
        assert.equal(rows.length, 1);
        assert.equal(rows[0]?.id_hash, hashToken(token));
        assert.ok(!JSON.stringify(rows).includes(token));
        assert.equal((await sessions.find(token))?.accountId, accountId);
        assert.equal((await sessions.find(token))?.csrfToken, session.csrfToken);
        assert.notEqual(session.csrfToken, token);
        assert.equal(await sessions.find('not-a-token'), undefined);
        assert.equal(await sessions.find(undefined), undefined);
        assert.equal(await sessions.find('x'.repeat(500)), undefined);
      } finally {
        await store.dispose();
      }
    });

    it('expires after a week without use, and is kept alive by use up to 30 days', async () => {
      const { store, sessions, accountId, advance } = await setup();
      try {
        const idle = await sessions.create(accountId, 'idle');
        const busy = await sessions.create(accountId, 'busy');
        advance(SESSION_IDLE_MS - HOUR);
        assert.ok(await sessions.find(busy.token), 'used within the week');
        advance(2 * HOUR);
        assert.equal(await sessions.find(idle.token), undefined, 'idle for over a week');
        // Used every few days, the busy session lives until the absolute limit.
        for (let day = 10; day <= 28; day += 3) {
          advance(3 * 24 * HOUR);
          assert.ok(await sessions.find(busy.token), `day ${day}`);
        }
        // Day 30 and a bit: used two days ago, but 30 days after log-in it ends.
        advance(2 * 24 * HOUR);
        assert.ok(SESSION_ABSOLUTE_MS === 30 * 24 * HOUR);
        assert.equal(await sessions.find(busy.token), undefined);
        assert.equal((await store.db.selectFrom('sessions').selectAll().execute()).length, 0, 'expired rows are removed when met');
      } finally {
        await store.dispose();
      }
    });

    it('revokes one session, or all of an account but the one kept', async () => {
      const { store, sessions, accountId } = await setup();
      try {
        const a = await sessions.create(accountId, 'a');
        const b = await sessions.create(accountId, 'b');
        const c = await sessions.create(accountId, 'c');
        await sessions.revoke(a.session.idHash);
        assert.equal(await sessions.find(a.token), undefined);
        assert.equal(await sessions.revokeAll(accountId, c.session.idHash), 1);
        assert.equal(await sessions.find(b.token), undefined);
        assert.ok(await sessions.find(c.token));
        assert.equal(await sessions.revokeAll(accountId), 1);
        assert.equal(await sessions.find(c.token), undefined);
      } finally {
        await store.dispose();
      }
    });
  });
}
