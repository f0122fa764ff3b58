import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, storeKinds, type StoreKind } from '../testing/test-stores.ts';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, createEmailCodes, generateCode, isCodeShaped } from './email-codes.ts';

async function setup(kind: StoreKind = 'sqlite') {
  const store = await openTestStore(kind);
  let now = new Date('2030-01-01T00:00:00Z');
  const codes = createEmailCodes(store.db, () => now);
  return { store, codes, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('e-mailed codes', () => {
  it('are 6 digits, zero-padded, and stored only as a hash', async () => {
    for (let i = 0; i < 200; i += 1) assert.ok(isCodeShaped(generateCode()));
    const { store, codes } = await setup();
    try {
      const code = await codes.issue({ email: 'a@example.org', purpose: 'signup', passwordHash: 'h' });
      const row = await store.db.selectFrom('email_codes').selectAll().executeTakeFirstOrThrow();
      assert.ok(!JSON.stringify(row).includes(code));
    } finally {
      await store.dispose();
    }
  });

  it('work until 10 minutes have passed, and not after', async () => {
    const { store, codes, advance } = await setup();
    try {
      const first = await codes.issue({ email: 'a@example.org', purpose: 'signup', passwordHash: 'h' });
      advance(CODE_TTL_MS - 1000);
      assert.equal((await codes.consume('a@example.org', 'signup', first)).ok, true);
      const second = await codes.issue({ email: 'a@example.org', purpose: 'signup', passwordHash: 'h' });
      advance(CODE_TTL_MS);
      assert.equal((await codes.consume('a@example.org', 'signup', second)).ok, false, 'expired');
    } finally {
      await store.dispose();
    }
  });

  it('are used once: a replayed code fails', async () => {
    const { store, codes } = await setup();
    try {
      const code = await codes.issue({ email: 'a@example.org', purpose: 'reset', accountId: 'acc' });
      const used = await codes.consume('a@example.org', 'reset', code);
      assert.equal(used.ok && used.row.account_id, 'acc');
      assert.equal((await codes.consume('a@example.org', 'reset', code)).ok, false);
    } finally {
      await store.dispose();
    }
  });

  it('stop working after 5 wrong tries, even for the right code', async () => {
    const { store, codes } = await setup();
    try {
      const code = await codes.issue({ email: 'a@example.org', purpose: 'signup', passwordHash: 'h' });
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) assert.equal((await codes.consume('a@example.org', 'signup', other(code))).ok, false);
      assert.equal((await codes.consume('a@example.org', 'signup', code)).ok, false);
    } finally {
      await store.dispose();
    }
  });

  it('are replaced by a newer code and kept apart by address and purpose', async () => {
    const { store, codes } = await setup();
    try {
      const old = await codes.issue({ email: 'a@example.org', purpose: 'signup', passwordHash: 'h' });
      const reset = await codes.issue({ email: 'a@example.org', purpose: 'reset', accountId: 'acc' });
      const fresh = await codes.issue({ email: 'a@example.org', purpose: 'signup', passwordHash: 'h' });
      if (old !== fresh) assert.equal((await codes.consume('a@example.org', 'signup', old)).ok, false, 'superseded');
      assert.equal((await codes.consume('b@example.org', 'signup', fresh)).ok, false, 'another address');
      assert.equal((await codes.consume('a@example.org', 'signup', fresh)).ok, true);
      assert.equal((await codes.consume('a@example.org', 'reset', reset)).ok, true);
    } finally {
      await store.dispose();
    }
  });
});

for (const kind of storeKinds()) {
  describe(`e-mailed codes under concurrent guesses on ${kind}`, () => {
    it('count exactly 5 tries however many guesses arrive at once', async () => {
      const { store, codes } = await setup(kind);
      try {
        const code = await codes.issue({ email: 'a@example.org', purpose: 'signup', passwordHash: 'h' });
        const guesses = Array.from({ length: 30 }, () => codes.consume('a@example.org', 'signup', other(code)));
        assert.ok((await Promise.all(guesses)).every((check) => !check.ok));
        const row = await store.db.selectFrom('email_codes').select('attempts').executeTakeFirstOrThrow();
        assert.equal(Number(row.attempts), CODE_MAX_ATTEMPTS);
        assert.equal((await codes.consume('a@example.org', 'signup', code)).ok, false, 'the right code after 5 counted tries');
      } finally {
        await store.dispose();
      }
    });

    it('compare the right code only if it is among the first 5 tries counted', async () => {
      const { store, codes } = await setup(kind);
      try {
        const code = await codes.issue({ email: 'a@example.org', purpose: 'signup', passwordHash: 'h' });
        // Ten wrong guesses sent first, the right one last: at least five wrong ones are
        // counted before it on SQLite (one connection, queries in order); on PostgreSQL the
        // pool may reorder them, so only "never after five" is asserted there.
        const wrong = Array.from({ length: 10 }, () => codes.consume('a@example.org', 'signup', other(code)));
        const right = codes.consume('a@example.org', 'signup', code);
        await Promise.all(wrong);
        const accepted = (await right).ok;
        if (kind === 'sqlite') assert.equal(accepted, false, 'the right code as the 11th try');
        const row = await store.db.selectFrom('email_codes').select('attempts').executeTakeFirstOrThrow();
        assert.ok(Number(row.attempts) <= CODE_MAX_ATTEMPTS, `${row.attempts} tries counted`);
      } finally {
        await store.dispose();
      }
    });
  });
}
