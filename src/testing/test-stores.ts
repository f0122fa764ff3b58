/**
 * Stores for tests: always embedded SQLite in memory; PostgreSQL too when DATABASE_URL
 * is set, each in a schema of its own that is dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../store/open-store.ts';

export interface TestStore extends Store {
  /** Closes the store and removes what the test created. */
  dispose(): Promise<void>;
}

export type StoreKind = 'sqlite' | 'postgres';

export function storeKinds(): StoreKind[] {
  return process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export async function openTestStore(kind: StoreKind = 'sqlite'): Promise<TestStore> {
  if (kind === 'sqlite') {
    const store = await openStore({ dataDir: ':memory:' });
    return { ...store, dispose: () => store.close() };
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const schema = `sw_test_${randomBytes(6).toString('hex')}`;
  const store = await openStore({ dataDir: ':memory:', databaseUrl, pgSchema: schema });
  return {
    ...store,
    dispose: async () => {
      await store.close();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A verified account row with a placeholder password, for tests of what an account owns (watches…). */
export async function insertTestAccount(db: Store['db'], id: string, email = `${id}@example.org`): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      id,
      email,
      password_hash: 'x',
      role: 'user',
      created_at: 'now',
      verified_at: 'now',
      password_changed_at: 'now',
    })
    .execute();
}
