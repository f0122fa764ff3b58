import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { auditsChanged, cachedAuditLookup, storeVersion } from './audit-cache.ts';
import type { Database } from '../store/schema.ts';
import { createAuditLookup, removeAudits, upsertAudits } from './audit-repository.ts';
import type { AuditLookup } from './audit-repository.ts';
import type { AuditRecord } from '../interface/schemas/audit-record.ts';
import { openTestStore } from '../testing/test-stores.ts';
import { openStore } from '../store/open-store.ts';
import { SAMPLE_AUDIT } from '../testing/audit-fixtures.ts';

const record = SAMPLE_AUDIT;

/** A lookup over a plain list that counts its reads (the list stands in for the table). */
function countingLookup(rows: AuditRecord[]): AuditLookup & { reads: number } {
  const lookup = Object.assign(
    async ({ network, address }: { network: string; address: string }) => {
      lookup.reads++;
      const row = rows.find((r) => r.network === network && r.address === address.toLowerCase());
      return row && { ...row };
    },
    { reads: 0 },
  );
  return lookup;
}

describe('cached audit lookup', () => {
  it('answers a repeated query from memory until the TTL passes, whatever the address case', async () => {
    let now = 1_000;
    const lookup = countingLookup([record]);
    const cached = cachedAuditLookup(lookup, {}, { ttlMs: 1000, now: () => now });
    assert.deepEqual(await cached({ network: 'BSC', address: record.address }), record);
    assert.deepEqual(await cached({ network: 'BSC', address: record.address.toUpperCase().replace('0X', '0x') }), record);
    assert.equal(lookup.reads, 1);
    now += 999;
    await cached({ network: 'BSC', address: record.address });
    assert.equal(lookup.reads, 1);
    now += 1;
    await cached({ network: 'BSC', address: record.address });
    assert.equal(lookup.reads, 2);
  });

  it('remembers misses too, per network', async () => {
    const lookup = countingLookup([record]);
    const cached = cachedAuditLookup(lookup, {}, { now: () => 0 });
    assert.equal(await cached({ network: 'ETH', address: record.address }), undefined);
    assert.equal(await cached({ network: 'ETH', address: record.address }), undefined);
    assert.equal(lookup.reads, 1);
    assert.deepEqual(await cached({ network: 'BSC', address: record.address }), record);
    assert.equal(lookup.reads, 2);
  });

  it('peeks at a cached answer without a promise, and at nothing the lookup would have to read or wait for', async () => {
    let now = 0;
    const db = {};
    const lookup = countingLookup([record]);
    const cached = cachedAuditLookup(lookup, db, { ttlMs: 1000, now: () => now });
    const query = { network: 'BSC', address: record.address };
    assert.equal(cached.peek(query), undefined, 'not read yet');
    await cached(query);
    await cached({ network: 'ETH', address: record.address });
    assert.deepEqual(cached.peek({ ...query, address: record.address.toUpperCase().replace('0X', '0x') })?.record, record);
    assert.deepEqual(cached.peek({ network: 'ETH', address: record.address }), { record: undefined, expires: 1000 }, 'a cached miss');
    now += 1000;
    assert.equal(cached.peek(query), undefined, 'expired');
    await cached(query);
    auditsChanged(db);
    assert.equal(cached.peek(query), undefined, 'dropped by a write');
    assert.equal(lookup.reads, 3);

    let pending: ((v: number) => void) | undefined;
    const versioned = cachedAuditLookup(
      countingLookup([record]),
      {},
      {
        now: () => now,
        version: () => new Promise<number>((resolve) => (pending = resolve)),
      },
    );
    const first = versioned(query);
    pending!(1);
    await first;
    assert.deepEqual(versioned.peek(query)?.record, record);
    now += 1000;
    assert.equal(versioned.peek(query), undefined, 'a version read is due (now in flight): the lookup waits for it');
    const second = versioned(query);
    pending!(2);
    assert.deepEqual(await second, record, 'read again under the new version');
    assert.deepEqual(versioned.peek(query)?.record, record);
  });

  it('drops every answer for a database at once when its audits change, and only for that database', async () => {
    const rows: AuditRecord[] = [];
    const db = {};
    const other = {};
    const lookup = countingLookup(rows);
    const cached = cachedAuditLookup(lookup, db, { now: () => 0 });
    const otherCached = cachedAuditLookup(countingLookup([]), other, { now: () => 0 });
    assert.equal(await cached({ network: 'BSC', address: record.address }), undefined);
    await otherCached({ network: 'BSC', address: record.address });
    rows.push(record);
    auditsChanged(other);
    assert.equal(await cached({ network: 'BSC', address: record.address }), undefined, 'another database changed: still cached');
    auditsChanged(db);
    assert.deepEqual(await cached({ network: 'BSC', address: record.address }), record);
    assert.equal(lookup.reads, 2);
  });

  it('does not keep an answer read while a write was committing', async () => {
    const db = {};
    let reads = 0;
    const lookup: AuditLookup = async () => {
      reads++;
      // The write lands while this read is in flight.
      if (reads === 1) auditsChanged(db);
      return undefined;
    };
    const cached = cachedAuditLookup(lookup, db, { now: () => 0 });
    await cached({ network: 'BSC', address: record.address });
    await cached({ network: 'BSC', address: record.address });
    await cached({ network: 'BSC', address: record.address });
    assert.equal(reads, 2, 'the first answer was not kept, the second was');
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const lookup = countingLookup([]);
    const cached = cachedAuditLookup(lookup, {}, { maxEntries: 2, now: () => 0 });
    const a = (n: number) => `0x${String(n).padStart(40, '0')}`;
    await cached({ network: 'BSC', address: a(1) });
    await cached({ network: 'BSC', address: a(2) });
    await cached({ network: 'BSC', address: a(3) });
    assert.equal(lookup.reads, 3);
    await cached({ network: 'BSC', address: a(3) });
    await cached({ network: 'BSC', address: a(2) });
    assert.equal(lookup.reads, 3);
    await cached({ network: 'BSC', address: a(1) });
    assert.equal(lookup.reads, 4);
  });

  it('sees imports and removals through the repository at once (embedded store)', async () => {
    const store = await openTestStore('sqlite');
    try {
      const cached = cachedAuditLookup(createAuditLookup(store), store.db, { now: () => 0 });
      assert.equal(await cached({ network: 'BSC', address: record.address }), undefined);
      await upsertAudits(store.db, [record]);
      assert.equal((await cached({ network: 'BSC', address: record.address }))?.slug, 'alpha');
      await upsertAudits(store.db, [{ ...record, slug: 'alpha-v2', finishedAt: '2024-03-01T00:00:00.000Z' }]);
      assert.equal((await cached({ network: 'BSC', address: record.address }))?.slug, 'alpha-v2');
      await removeAudits(store.db, { network: 'BSC', address: record.address });
      assert.equal(await cached({ network: 'BSC', address: record.address }), undefined);
    } finally {
      await store.dispose();
    }
  });

  it('drops cached answers after an import that failed', async () => {
    const store = await openTestStore('sqlite');
    try {
      const db = store.db;
      const lookup = countingLookup([]);
      const cached = cachedAuditLookup(lookup, db, { now: () => 0 });
      await cached({ network: 'BSC', address: record.address });
      // A slug of the wrong type makes the insert fail inside the transaction.
      await assert.rejects(upsertAudits(db, [{ ...record, slug: null as unknown as string }]));
      await cached({ network: 'BSC', address: record.address });
      assert.equal(lookup.reads, 2);
    } finally {
      await store.dispose();
    }
  });

  it('with a store version, keeps answers while no other connection writes, and sees a write by another within the TTL', async () => {
    // A file, not memory: the other connection must open the same database.
    const dir = await mkdtemp(join(tmpdir(), 'sw-audit-cache-'));
    const store = await openStore({ dataDir: dir });
    const other = new SQLite(store.sqlite!.name);
    try {
      let now = 0;
      const lookup = countingLookup([]);
      const counted = cachedAuditLookup(lookup, store.db, { now: () => now, version: storeVersion(store) });
      await counted({ network: 'BSC', address: record.address });
      now += 10_000;
      await counted({ network: 'BSC', address: record.address });
      assert.equal(lookup.reads, 1, 'no other writer: the answer stays, however old');

      // The real registry, written by another connection to the same file (the CLI).
      const cached = cachedAuditLookup(createAuditLookup(store), store.db, { now: () => now, version: storeVersion(store) });
      assert.equal(await cached({ network: 'BSC', address: record.address }), undefined);
      await upsertAudits(new Kysely<Database>({ dialect: new SqliteDialect({ database: other }) }), [record]);
      now += 999;
      assert.equal(await cached({ network: 'BSC', address: record.address }), undefined, 'within the TTL the old answer may stand');
      now += 1;
      assert.equal((await cached({ network: 'BSC', address: record.address }))?.slug, 'alpha', 'after it, the write is seen');
      await counted({ network: 'BSC', address: record.address });
      assert.equal(lookup.reads, 2, 'the other write dropped the other cache too');
    } finally {
      other.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with an asynchronous version, reads it once for the requests waiting on it, and fails them (then retries) when it cannot', async () => {
    let now = 0;
    let version = 1;
    let reads = 0;
    let broken = false;
    const lookup = countingLookup([record]);
    const cached = cachedAuditLookup(
      lookup,
      {},
      {
        now: () => now,
        version: async () => {
          reads++;
          if (broken) throw new Error('database gone');
          return version;
        },
      },
    );
    await cached({ network: 'BSC', address: record.address });
    assert.equal(reads, 1);
    now += 5_000;
    await Promise.all([1, 2, 3].map(() => cached({ network: 'BSC', address: record.address })));
    assert.equal(reads, 2, 'one reading for three waiting requests');
    assert.equal(lookup.reads, 1, 'unchanged version: the answer stays however old');
    version = 2;
    now += 999;
    await cached({ network: 'BSC', address: record.address });
    assert.equal(lookup.reads, 1, 'not read again within the TTL');
    now += 1;
    await cached({ network: 'BSC', address: record.address });
    assert.equal(lookup.reads, 2, 'a new version drops the answers');
    broken = true;
    now += 1_000;
    await assert.rejects(cached({ network: 'BSC', address: record.address }), /database gone/);
    broken = false;
    await cached({ network: 'BSC', address: record.address });
    assert.equal(reads, 5, 'the failed reading is retried by the next request, not a second later');
  });
});
