/**
 * Opens the database: embedded SQLite under DATA_DIR by default, PostgreSQL when a
 * connection string is given. Applies pending migrations before returning, except that a
 * server asks to start on a PostgreSQL it cannot reach yet (`migrateInBackground`): then
 * the migrations are retried with backoff and queries answer "database unavailable" until
 * they have run (docs/decisions/0221-degraded-not-dead-redis-and-postgresql-down.md, "Degraded, not dead").
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { setTimeout as delay } from 'node:timers/promises';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { SchemaScopedPostgresDialect } from './schema-introspector.ts';
import type { Database } from './schema.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { gatedDialect } from './migration-gate.ts';
import { databaseConnectionFailure, DependencyUnavailableError } from '../infra/dependency-error.ts';

export type StoreDialect = 'sqlite' | 'postgres';

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: StoreDialect;
  /** The embedded database's handle (SQLite only), for prepared hot-path reads. */
  readonly sqlite?: SQLite.Database;
  /** Where the data lives, without credentials (for logs and /readyz). */
  readonly location: string;
  ping(): Promise<void>;
  /** Resolves once the schema is migrated (at once unless migrating in the background); rejects if closed first. */
  readonly migrated: Promise<void>;
  /** Whether the schema is migrated now. */
  isMigrated(): boolean;
  close(): Promise<void>;
}

export interface BackgroundMigration {
  /** A failed attempt, and the delay before the next one (for a rate-limited warning). */
  readonly onRetry: (error: Error, nextInMs: number) => void;
  /** The first delay, doubled after each failure up to `maxDelayMs`; defaults 1 s and 10 s. */
  readonly firstDelayMs?: number;
  readonly maxDelayMs?: number;
}

export interface OpenStoreOptions {
  /** Folder of the embedded database; `:memory:` keeps it in memory (tests). */
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  /** PostgreSQL schema to use instead of `public` (tests isolate themselves with it). */
  readonly pgSchema?: string | undefined;
  /**
   * PostgreSQL unreachable at start: return the store at once and migrate in the background
   * (the server). Without it openStore fails, as a CLI command should.
   */
  readonly migrateInBackground?: BackgroundMigration | undefined;
}

export class StoreError extends Error {
  override readonly name = 'StoreError';
}

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

export async function openStore(options: OpenStoreOptions): Promise<Store> {
  if (!options.databaseUrl) {
    const store = openSqlite(options.dataDir);
    try {
      await migrate(store.db);
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }
  const opened = await openPostgres(options.databaseUrl, options.pgSchema);
  try {
    await opened.migrateNow();
  } catch (error) {
    const unreachable = databaseConnectionFailure(error instanceof StoreError && error.cause ? error.cause : error);
    if (!unreachable || !options.migrateInBackground) {
      await opened.store.close();
      throw error;
    }
    opened.migrateLater(unreachable, options.migrateInBackground);
  }
  return opened.store;
}

export async function migrate(db: Kysely<Database>, schema?: string): Promise<void> {
  // Kysely looks for its bookkeeping tables across all schemas; naming ours keeps
  // databases that hold several schemas (tests, side-by-side installs) apart.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new StoreError(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function openSqlite(dataDir: string): Store {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, 'scopeward.sqlite');
  }
  const sqlite = new SQLite(file);
  // WAL lets readers proceed while a writer commits; NORMAL sync is durable across
  // process crashes (only an OS crash can lose the last transactions).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Random point lookups over 100k+ rows miss SQLite's default 2 MiB page cache on most
  // pages; 64 MiB of cache and memory-mapped reads keep a busy registry in memory.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    location: file,
    ping: async () => {
      sqlite.prepare('select 1').get();
    },
    migrated: Promise.resolve(),
    isMigrated: () => true,
    close: () => db.destroy(),
  };
}

interface OpenedPostgres {
  readonly store: Store;
  /** Creates the schema and applies pending migrations; opens the gate when done. */
  migrateNow(): Promise<void>;
  /** Retries migrateNow with backoff until it succeeds or the store closes. */
  migrateLater(first: DependencyUnavailableError, options: BackgroundMigration): void;
}

async function openPostgres(connectionString: string, schema: string | undefined): Promise<OpenedPostgres> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new StoreError(`invalid schema name "${schema}"`);
  // Loaded only for PostgreSQL, so the embedded default does not pay for it.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A database that is gone answers 503 within 2 s, not after a long connect.
    connectionTimeoutMillis: 2000,
    // Every connection of the pool starts in the schema, so queries stay unqualified.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client's error (server restart) must not crash the process; the pool
  // replaces the client on the next query.
  pool.on('error', () => {});
  // Nor may a checked-out client's: a lost connection fails its query (503), not the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  const dialect = new SchemaScopedPostgresDialect({ pool }, schema ?? 'public');
  let closedBecause: string | undefined = 'migrations have not run yet';
  const db = new Kysely<Database>({ dialect: gatedDialect(dialect, { closedBecause: () => closedBecause }) });
  // The migrations pass the gate on their own instance over the same pool; it is never
  // destroyed (that would end the pool), the store's `db` is.
  const migrationDb = new Kysely<Database>({ dialect });
  const closing = new AbortController();
  let markMigrated: () => void = () => {};
  let markClosed: (error: Error) => void = () => {};
  const migrated = new Promise<void>((resolve, reject) => {
    markMigrated = resolve;
    markClosed = reject;
  });
  // Nobody may be waiting for it; a close before the migrations must not crash the process.
  migrated.catch(() => {});
  const url = new URL(connectionString);
  url.password = '';
  url.username = '';

  const migrateNow = async () => {
    if (schema) await pool.query(`create schema if not exists ${schema}`);
    await migrate(migrationDb, schema ?? 'public');
    closedBecause = undefined;
    markMigrated();
  };

  const migrateLater = (first: DependencyUnavailableError, options: BackgroundMigration) => {
    const maxDelayMs = options.maxDelayMs ?? 10_000;
    let delayMs = options.firstDelayMs ?? 1_000;
    const failed = (error: DependencyUnavailableError | Error) => {
      closedBecause =
        error instanceof DependencyUnavailableError
          ? `unreachable at start (${error.reason}); migrations pending, retried in the background`
          : `migrations failed (${error.message}); retried in the background`;
      options.onRetry(error, delayMs);
    };
    failed(first);
    void (async () => {
      while (!closing.signal.aborted) {
        await delay(delayMs, undefined, { signal: closing.signal, ref: false }).catch(() => {});
        if (closing.signal.aborted) return;
        try {
          await migrateNow();
          return;
        } catch (error) {
          delayMs = Math.min(maxDelayMs, delayMs * 2);
          const cause = error instanceof StoreError && error.cause ? error.cause : error;
          failed(databaseConnectionFailure(cause) ?? (error instanceof Error ? error : new Error(String(error))));
        }
      }
    })();
  };

  const store: Store = {
    db,
    dialect: 'postgres',
    location: `${url.host}${url.pathname}${schema ? `#${schema}` : ''}`,
    ping: async () => {
      if (closedBecause !== undefined) throw new DependencyUnavailableError('database', closedBecause);
      await pool.query('select 1');
    },
    migrated,
    isMigrated: () => closedBecause === undefined,
    close: async () => {
      closing.abort();
      markClosed(new StoreError('the store closed before its migrations ran'));
      await db.destroy();
    },
  };
  return { store, migrateNow, migrateLater };
}
