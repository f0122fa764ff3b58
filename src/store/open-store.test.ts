import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openStore } from './open-store.ts';
import { DependencyUnavailableError } from '../infra/dependency-error.ts';
import { tcpProxy } from '../testing/tcp-proxy.ts';
import { storeKinds } from '../testing/test-stores.ts';

const { DATABASE_URL } = process.env;

async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

// storeKinds() names PostgreSQL when DATABASE_URL is set (and puts this file in the integration run).
describe(
  'openStore on a PostgreSQL that is down at start',
  { skip: !storeKinds().includes('postgres') && 'DATABASE_URL is not set' },
  () => {
    const target = () => {
      const url = new URL(DATABASE_URL!);
      return { host: url.hostname, port: Number(url.port || 5432) };
    };
    const via = (port: number) => {
      const url = new URL(DATABASE_URL!);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    };

    it('fails at once without migrateInBackground (the CLI)', async () => {
      const proxy = await tcpProxy(target(), { cut: true });
      await assert.rejects(openStore({ dataDir: ':memory:', databaseUrl: via(proxy.port), pgSchema: 'sw_never' }), /ECONNREFUSED/);
    });

    it('with migrateInBackground: answers "database unavailable" until it comes, then migrates and serves', async () => {
      const proxy = await tcpProxy(target(), { cut: true });
      const schema = `sw_bg_${randomBytes(5).toString('hex')}`;
      const retries: number[] = [];
      const store = await openStore({
        dataDir: ':memory:',
        databaseUrl: via(proxy.port),
        pgSchema: schema,
        migrateInBackground: { onRetry: (_error, next) => retries.push(next), firstDelayMs: 20, maxDelayMs: 80 },
      });
      try {
        assert.equal(store.isMigrated(), false);
        await assert.rejects(
          store.db.selectFrom('api_keys').select('id').execute(),
          (error: unknown) =>
            error instanceof DependencyUnavailableError &&
            error.source === 'database' &&
            /unreachable at start.*ECONNREFUSED/.test(error.reason),
        );
        await assert.rejects(store.ping(), /database unavailable: unreachable at start/);
        await until(() => retries.length >= 4, 5000);
        assert.deepEqual(retries.slice(0, 4), [20, 40, 80, 80], 'the delay doubles up to its maximum');
        await proxy.restore();
        await store.migrated;
        assert.equal(store.isMigrated(), true);
        await store.ping();
        assert.deepEqual(await store.db.selectFrom('api_keys').select('id').execute(), []);
      } finally {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db).catch(() => {});
        await store.close();
        await proxy.cut();
      }
    });

    it('stops retrying when closed first', async () => {
      const proxy = await tcpProxy(target(), { cut: true });
      const store = await openStore({
        dataDir: ':memory:',
        databaseUrl: via(proxy.port),
        pgSchema: 'sw_never',
        migrateInBackground: { onRetry: () => {}, firstDelayMs: 10 },
      });
      await store.close();
      await assert.rejects(store.migrated, /closed before its migrations ran/);
    });
  },
);
