/**
 * The audit lookup's cache across replicas on PostgreSQL: two stores on the same schema
 * stand for two servers. One imports or removes; the other sees it within a second, and
 * while nothing changes it answers from memory with one version read a second, not one
 * query per address. Runs when DATABASE_URL is set.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../src/store/open-store.ts';
import { cachedAuditLookup } from '../src/audits/audit-cache.ts';
import { createAuditLookup, readAuditsVersion, removeAudits, upsertAudits, type AuditLookup } from '../src/audits/audit-repository.ts';
import { SAMPLE_AUDIT } from '../src/testing/audit-fixtures.ts';

const databaseUrl = process.env.DATABASE_URL;
const skip = databaseUrl ? false : 'DATABASE_URL is not set';

const record = SAMPLE_AUDIT;

describe('audit cache across replicas on PostgreSQL', { skip }, () => {
  const schema = `sw_test_${randomBytes(6).toString('hex')}`;
  let writer: Store;
  let reader: Store;
  before(async () => {
    writer = await openStore({ dataDir: ':memory:', databaseUrl, pgSchema: schema });
    reader = await openStore({ dataDir: ':memory:', databaseUrl, pgSchema: schema });
  });
  after(async () => {
    await writer.close();
    await reader.close();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it("sees the other replica's import and removal within the TTL, and reads nothing per address while the registry is unchanged", async () => {
    let now = 0;
    const lookup = createAuditLookup(reader);
    let reads = 0;
    const counting: AuditLookup = (query) => {
      reads++;
      return lookup(query);
    };
    const cached = cachedAuditLookup(counting, reader.db, { now: () => now, version: () => readAuditsVersion(reader.db) });
    const ask = () => cached({ network: 'BSC', address: record.address });

    assert.equal(await ask(), undefined);
    now += 10_000;
    assert.equal(await ask(), undefined);
    assert.equal(reads, 1, 'unchanged registry: answered from memory ten seconds on');

    await upsertAudits(writer.db, [record]);
    now += 999;
    assert.equal(await ask(), undefined, 'within the TTL the old answer may stand');
    now += 1;
    assert.equal((await ask())?.slug, 'alpha', "after it, the other replica's import is seen");

    await removeAudits(writer.db, { network: 'BSC', address: record.address });
    now += 1_000;
    assert.equal(await ask(), undefined, 'and so is its removal');
  });
});
