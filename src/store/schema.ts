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
  service_requests: ServiceRequestsTable;
  service_request_attachments: ServiceRequestAttachmentsTable;
  vouchers: VouchersTable;
  voucher_events: VoucherEventsTable;
}

export type AuditRow = Selectable<AuditsTable>;
export type NewAuditRow = Insertable<AuditsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type AccountRow = Selectable<AccountsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type EmailCodeRow = Selectable<EmailCodesTable>;

// Issue 20: requests for the operator's offers and audit vouchers (money in cents).

export interface ServiceRequestsTable {
  id: string;
  offer: string;
  account_id: string | null;
  contact_email: string;
  project: string;
  /** JSON array of network names. */
  networks: string;
  /** JSON array of contract addresses. */
  addresses: string;
  repository: string | null;
  /** bigint columns come back as strings from PostgreSQL: read them with Number(). */
  budget_usd_cents: number | string | null;
  /** YYYY-MM-DD. */
  deadline: string | null;
  message: string;
  status: string;
  admin_notes: string;
  quote_usd_cents: number | string | null;
  quoted_at: string | null;
  voucher_id: string | null;
  discount_usd_cents: number | string | null;
  forfeited_usd_cents: number | string | null;
  /** 1 once the operator's e-mail went out. */
  operator_notified: number;
  created_at: string;
  updated_at: string;
}

export interface ServiceRequestAttachmentsTable {
  request_id: string;
  position: number;
  filename: string;
  content_type: string;
  size_bytes: number;
  content_base64: string;
}

export interface VouchersTable {
  id: string;
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  /** The code's first characters, to tell vouchers apart in listings. */
  code_hint: string;
  value_usdt_cents: number | string;
  /** Lower-case e-mail; null: anyone holding the code. */
  recipient: string | null;
  note: string;
  issued_by: string;
  issued_at: string;
  expires_at: string;
  redeemed_at: string | null;
  redeemed_request_id: string | null;
  revoked_at: string | null;
}

export type VoucherEventKind = 'issued' | 'redeemed' | 'refused' | 'revoked';

export interface VoucherEventsTable {
  id: string;
  voucher_id: string | null;
  code_hint: string;
  kind: VoucherEventKind;
  request_id: string | null;
  actor: string;
  detail: string;
  /** When the row was last counted. */
  at: string;
  /** Attempts the row stands for: refusals are counted per actor, voucher, request, reason and hour (migration 0014). */
  count: Generated<number>;
}
// --- Issue 15: the dashboard's scans and GitHub installations (migration 0005) ---

export interface DashboardScansTable {
  id: string;
  account_id: string;
  kind: string;
  status: string;
  visibility: string;
  title: string;
  network: string | null;
  address: string | null;
  repository: string | null;
  stages: string;
  result: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  /** "host/pid/token" of the process running the scan (migration 0015); null before it. */
  owner: string | null;
  /** When that process last said the scan still runs (ISO time). */
  heartbeat_at: string | null;
}

export interface GithubInstallationsTable {
  account_id: string;
  installation_id: string;
  github_login: string;
  /** Sealed with SECRET_KEY (src/codehosts/secret-box.ts). */
  access_token: string | null;
  access_token_expires_at: string | null;
  created_at: string;
}

/** The tables of migration 0005; `db.withTables<DashboardScanTables>()` reaches them. */
export type DashboardScanTables = {
  dashboard_scans: DashboardScansTable;
  github_installations: GithubInstallationsTable;
};

// --- Issue 16: the details page's chat (migration 0006) ---
export interface ChatMessagesTable {
  id: string;
  scan_id: string;
  account_id: string;
  role: 'user' | 'assistant';
  content: string;
  /** JSON array of citations. */
  citations: string;
  /** JSON array of proposed fixes. */
  fixes: string;
  model: string | null;
  error: string | null;
  tokens: number;
  created_at: string;
}

export interface ChatUsageTable {
  account_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  messages: number;
  tokens: number;
}

/** The tables of migration 0006; `db.withTables<ChatTables>()` reaches them. */
export type ChatTables = {
  chat_messages: ChatMessagesTable;
  chat_usage: ChatUsageTable;
};
// Issue 17: the address-label database (migration 0007). Declared as a merge of Database
// so other branches' tables do not touch these lines.
/** Issue 19: the operator's project registry (links per token). */
export interface ProjectsTable {
  network: string;
  /** Lower-case for EVM addresses. */
  address: string;
  website: string;
  logo: string;
  description: string;
  twitter: string;
  telegram: string;
  discord: string;
  reddit: string;
  facebook: string;
  github: string;
  medium: string;
  linkedin: string;
  bitcointalk: string;
  aggregator_a_id: string;
  aggregator_b_slug: string;
  source: string;
  updated_at: string;
}

/** Issue 19: one social counter reading (telegram, discord, reddit, twitter, facebook). */
export interface CounterReadingsTable {
  network: string;
  address: string;
  counter: string;
  value: number;
  taken_at: string;
}

/** Issue 19: the last enrichment of a token (JSON) and when its slow sources were refreshed. */
export interface EnrichmentsTable {
  network: string;
  address: string;
  result: string;
  slow_poll_updated_at: string;
  last_scanned_at: string;
  updated_at: string;
}

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
  projects: ProjectsTable;
  counter_readings: CounterReadingsTable;
  enrichments: EnrichmentsTable;
}

/** Issue 19: each scan's USD price of a token (migration 0012). */
export interface PriceHistoryTable {
  network: string;
  /** Lower-case hex. */
  address: string;
  /** ISO 8601 UTC: the chain head's time when the price was read. */
  at: string;
  price_usd: number;
}

export interface Database {
  price_history: PriceHistoryTable;
}

/** Issue 13: one counter per registry, raised by every write to it (migration 0013). */
export interface RegistryVersionsTable {
  /** The registry: `audits`. */
  name: string;
  version: number;
}

export interface Database {
  registry_versions: RegistryVersionsTable;
}

/** Issue 33: the instance's receipt signing keys (migration 0018). */
export interface ReceiptKeysTable {
  /** The first 16 hex digits of the SHA-256 of the raw public key. */
  key_id: string;
  /** The raw 32-byte Ed25519 public key, base64url. */
  public_key: string;
  /** The PKCS#8 private key (base64url), sealed with SECRET_KEY (src/codehosts/secret-box.ts). */
  private_key: string;
  created_at: string;
  /** Set by a rotation: the key signs nothing after it, and still verifies what it signed before. */
  retired_at: string | null;
  /** After it the key verifies nothing (a compromised key); null: never. */
  expires_at: string | null;
}

/** Issue 33: signed receipts of simulated verdicts (migration 0018). */
export interface ScanReceiptsTable {
  /** SHA-256 (base64url) of the receipt's canonical body. */
  id: string;
  key_id: string;
  created_at: string;
  /** The signed receipt as JSON (verification canonicalises it again, RFC 8785). */
  body: string;
}

export interface Database {
  receipt_keys: ReceiptKeysTable;
  scan_receipts: ScanReceiptsTable;
}

/** Issue 32: watched tokens (migration 0016). */
export interface WatchesTable {
  id: string;
  account_id: string;
  token: string;
  network: string;
  /** `evm` or `solana`. */
  chain: string;
  webhook_url: string | null;
  email: string | null;
  /** 1 when events show on the Watchlist page. */
  dashboard: number;
  webhook_secret: string | null;
  /** JSON: the watch plan and the values last confirmed (src/watch/watch-plan.ts). */
  baseline: string;
  /** PostgreSQL answers bigint columns as strings. */
  last_checked_block: number | string | null;
  verdict: string | null;
  created_at: string;
  deleted_at: string | null;
}

/** Issue 32: what the follower saw change on a watched token (migration 0016). */
export interface WatchEventsTable {
  id: string;
  watch_id: string;
  kind: string;
  network: string;
  token: string;
  block_number: number | string;
  block_hash: string;
  transaction_hash: string | null;
  summary: string;
  before: string | null;
  after: string | null;
  verdict_before: string | null;
  verdict_after: string | null;
  retracts: string | null;
  detected_at: string;
}

export interface Database {
  watches: WatchesTable;
  watch_events: WatchEventsTable;
}

/** Issue 32: one event's delivery to one channel of its watch (migration 0017). */
export interface WatchDeliveriesTable {
  id: string;
  watch_id: string;
  account_id: string;
  event_id: string;
  event_kind: string;
  /** webhook | email | dashboard */
  channel: string;
  target: string | null;
  secret: string | null;
  /** JSON: the webhook body. */
  payload: string;
  /** pending | retrying | delivered | failed */
  status: string;
  attempts: number;
  claims: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  retry_until: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** Issue 32: every attempt at a delivery (migration 0017). */
export interface WatchDeliveryAttemptsTable {
  delivery_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  /** delivered | retry | failed */
  outcome: string;
  status_code: number | null;
  error: string | null;
  replica: string;
}

export interface Database {
  watch_deliveries: WatchDeliveriesTable;
  watch_delivery_attempts: WatchDeliveryAttemptsTable;
}

/** Issue 33 item 4: disputes of a scan's result and the operator's answers (migration 0019). */
export interface ScanDisputesTable {
  id: string;
  scan_id: string;
  account_id: string | null;
  message: string;
  contact: string;
  /** open | answered | closed */
  status: string;
  operator_note: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  scan_disputes: ScanDisputesTable;
}

/** Issue 32: the block hashes a network's follower confirmed, to find a reorg after a restart (migration 0020). */
export interface WatchBlockHashesTable {
  network: string;
  block_number: number | string;
  block_hash: string;
}

export interface Database {
  watch_block_hashes: WatchBlockHashesTable;
}
