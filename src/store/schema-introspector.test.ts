import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openTestStore, storeKinds } from '../testing/test-stores.ts';

const skip = storeKinds().includes('postgres') ? false : 'DATABASE_URL is not set';

describe('PostgreSQL introspection scoped to the store’s schema', { skip }, () => {
  it('lists the store’s own tables and columns, and nothing of other schemas', async () => {
    const store = await openTestStore('postgres');
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    const foreign = `sw_foreign_${randomBytes(4).toString('hex')}`;
    try {
      await other.query(`create schema ${foreign}; create table ${foreign}.audits (x int)`);
      const tables = await store.db.introspection.getTables();
      const names = tables.map((t) => t.name);
      assert.ok(names.includes('audits') && names.includes('api_keys'), names.join(', '));
      assert.ok(names.includes('kysely_migration'), 'the migrator finds its own bookkeeping');
      assert.equal(names.filter((n) => n === 'audits').length, 1, 'the other schema’s table of the same name is not listed');
      assert.ok(tables.every((t) => t.schema !== foreign));
      const keys = tables.find((t) => t.name === 'api_keys')!;
      assert.ok(keys.columns.some((c) => c.name === 'id'));
    } finally {
      await other.query(`drop schema if exists ${foreign} cascade`);
      await other.end();
      await store.dispose();
    }
  });

  it('opens and migrates while other clients create and drop schemas', async () => {
    // Kysely's own introspector read every schema and failed ("schema … does not exist")
    // on about one start in three under this churn; the test suites' clean-ups are such churn.
    const churn = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await churn.connect();
    const prefix = `sw_churn_${randomBytes(4).toString('hex')}`;
    let stop = false;
    const churning = (async () => {
      for (let i = 0; !stop; i++) {
        const schema = `${prefix}_${i % 3}`;
        await churn.query(`create schema if not exists ${schema}; create table if not exists ${schema}.t${i} (a int, b serial)`);
        await churn.query(`drop schema ${schema} cascade`);
      }
    })();
    try {
      for (let k = 0; k < 10; k++) {
        const store = await openTestStore('postgres');
        await store.dispose();
      }
    } finally {
      stop = true;
      await churning;
      await churn.end();
    }
  });
});
