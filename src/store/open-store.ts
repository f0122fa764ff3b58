/**
 * Opens the database: embedded SQLite under DATA_DIR by default, PostgreSQL when a
 * connection string is given. Applies pending migrations before returning.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { SchemaScopedPostgresDialect } from './schema-introspector.ts';
import type { Database } from './schema.ts';
import { MIGRATIONS } from './migrations/index.ts';

export type StoreDialect = 'sqlite' | 'postgres';

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: StoreDialect;
  /** The embedded database's handle (SQLite only), for prepared hot-path reads. */
  readonly sqlite?: SQLite.Database;
  /** Where the data lives, without credentials (for logs and /readyz). */
  readonly location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** Folder of the embedded database; `:memory:` keeps it in memory (tests). */
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  /** PostgreSQL schema to use instead of `public` (tests isolate themselves with it). */
  readonly pgSchema?: string | undefined;
}

export class StoreError extends Error {
  override readonly name = 'StoreError';
}

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const store = options.databaseUrl ? await openPostgres(options.databaseUrl, options.pgSchema) : openSqlite(options.dataDir);
  try {
    await migrate(store.db, options.databaseUrl ? (options.pgSchema ?? 'public') : undefined);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
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
    close: () => db.destroy(),
  };
}

async function openPostgres(connectionString: string, schema: string | undefined): Promise<Store> {
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
  if (schema) {
    const client = await pool.connect();
    try {
      await client.query(`create schema if not exists ${schema}`);
    } finally {
      client.release();
    }
  }
  const db = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }, schema ?? 'public') });
  const url = new URL(connectionString);
  url.password = '';
  url.username = '';
  return {
    db,
    dialect: 'postgres',
    location: `${url.host}${url.pathname}${schema ? `#${schema}` : ''}`,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => db.destroy(),
  };
}
