/**
 * The database schema as Kysely sees it: one interface per table, columns in
 * snake_case. Timestamps are ISO 8601 UTC strings in both SQLite and PostgreSQL so the
 * same code reads both; they sort correctly as text.
 */
import type { Insertable, Selectable } from 'kysely';

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

interface ScoreColumns {
  security_score: number | null;
  decentralisation_score: number | null;
  market_score: number | null;
  community_score: number | null;
  fundamentals_score: number | null;
  total_score: number | null;
}

export interface ScanSnapshotsTable extends ScoreColumns {
  network: string;
  /** Lower-case for EVM addresses; Solana addresses as given (base58 is case-sensitive). */
  address: string;
  /** The whole scan result (JSON): {auditLayout, meta}. */
  result: string;
  created_at: string;
  updated_at: string;
  slow_poll_updated_at: string;
}

export interface ScanHistoryTable extends ScoreColumns {
  network: string;
  address: string;
  taken_at: string;
  top_holders: number | null;
}

export interface AccountsTable {
  id: string;
  /** Lower-case and trimmed. */
  email: string;
  /** argon2id PHC string. */
  password_hash: string;
  role: 'user' | 'admin';
  created_at: string;
  verified_at: string | null;
  password_changed_at: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the session cookie's token. */
  id_hash: string;
  account_id: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string;
}

export type EmailCodePurpose = 'signup' | 'reset';

export interface EmailCodesTable {
  id: string;
  email: string;
  purpose: EmailCodePurpose;
  /** SHA-256 of the row id and the code. */
  code_hash: string;
  /** Sign-up: the password chosen; null for decoys and resets. */
  password_hash: string | null;
  /** Reset: the account; null for decoys. */
  account_id: string | null;
  created_at: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
}

export interface ApiKeyUsageTable {
  key_id: string;
  /** YYYY-MM, UTC. */
  month: string;
  calls: number;
}

export interface AccountActivityTable {
  account_id: string;
  key_id: string;
  /** The route, e.g. /api/cyberscan. */
  operation: string;
  network: string;
  address: string;
  status: number;
  at: string;
}

export interface Database {
  audits: AuditsTable;
  api_keys: ApiKeysTable;
  scan_snapshots: ScanSnapshotsTable;
  scan_history: ScanHistoryTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  api_key_usage: ApiKeyUsageTable;
  account_activity: AccountActivityTable;
}

export type AuditRow = Selectable<AuditsTable>;
export type NewAuditRow = Insertable<AuditsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type AccountRow = Selectable<AccountsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type EmailCodeRow = Selectable<EmailCodesTable>;

// Issue 17: the address-label database (migration 0007). Declared as a merge of Database
// so other branches' tables do not touch these lines.
export interface AddressLabelsTable {
  /** Lower-case hex. */
  address: string;
  /** A network symbol, or '*' for every EVM network. */
  network: string;
  label: string;
  category: string;
  source: string;
  /** YYYY-MM-DD. */
  listed_on: string;
  imported_at: string;
}

export interface Database {
  address_labels: AddressLabelsTable;
}
