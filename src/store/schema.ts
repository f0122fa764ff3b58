/**
 * The database schema as Kysely sees it: one interface per table, columns in
 * snake_case. Timestamps are ISO 8601 UTC strings in both SQLite and PostgreSQL so the
 * same code reads both; they sort correctly as text.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface AuditsTable {
  id: string;
  slug: string;
  name: string;
  /** Lower-case, so lookups ignore the case of the address. */
  address: string;
  network: string;
  report_file: string;
  report_url: string;
  created_at: string;
  finished_at: string;
  imported_at: string;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  /** The first characters of the key, shown in listings so a user can tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key, hex; the key itself is never stored. */
  key_hash: string;
  scope: 'user' | 'admin';
  account_id: string | null;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface SchemaMigrationsNote {
  // Kysely's Migrator keeps its own kysely_migration tables; nothing to declare here.
  readonly _?: Generated<never>;
}

export interface Database {
  audits: AuditsTable;
  api_keys: ApiKeysTable;
}

export type AuditRow = Selectable<AuditsTable>;
export type NewAuditRow = Insertable<AuditsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
