/** Stores API keys as hashes and answers "which key is this?". */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApiKeyRow, Database } from '../store/schema.ts';
import type { Store } from '../store/open-store.ts';
import { prepareFirst } from '../store/prepared-first.ts';
import { VISIBLE_PREFIX_LENGTH, generateApiKey, hashApiKey, hashesEqual, looksLikeApiKey } from './api-key.ts';

export type ApiKeyScope = ApiKeyRow['scope'];

/** What listings show: never the key, never its hash. */
export interface ApiKeyInfo {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly scope: ApiKeyScope;
  readonly accountId: string | null;
  readonly createdAt: string;
  readonly revokedAt: string | null;
  readonly lastUsedAt: string | null;
}

export interface CreatedApiKey extends ApiKeyInfo {
  /** The key itself, returned once at creation and never again. */
  readonly key: string;
}

function toInfo(row: ApiKeyRow): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    accountId: row.account_id,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function createApiKey(
  db: Kysely<Database>,
  options: { name: string; scope?: ApiKeyScope; accountId?: string | null },
  now = new Date(),
): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const row: ApiKeyRow = {
    id: randomUUID(),
    name: options.name,
    prefix: key.slice(0, VISIBLE_PREFIX_LENGTH),
    key_hash: hashApiKey(key),
    scope: options.scope ?? 'user',
    account_id: options.accountId ?? null,
    created_at: now.toISOString(),
    revoked_at: null,
    last_used_at: null,
  };
  await db.insertInto('api_keys').values(row).execute();
  return { ...toInfo(row), key };
}

/** Finds the active key matching a presented value: undefined when unknown, malformed or revoked. */
export type ApiKeyVerifier = (presented: string) => Promise<ApiKeyInfo | undefined>;

export function createApiKeyVerifier(store: Store): ApiKeyVerifier {
  const byHash = prepareFirst(store, (hash: string) => store.db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash), 1);
  return async (presented) => {
    if (!looksLikeApiKey(presented)) return undefined;
    const hash = hashApiKey(presented);
    const row = await byHash(hash);
    // The equality above already matched; the constant-time comparison keeps the final
    // decision independent of where two digests would first differ.
    if (!row || !hashesEqual(row.key_hash, hash) || row.revoked_at !== null) return undefined;
    return toInfo(row);
  };
}

export async function listApiKeys(db: Kysely<Database>, options: { includeRevoked?: boolean } = {}): Promise<ApiKeyInfo[]> {
  let query = db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id');
  if (!options.includeRevoked) query = query.where('revoked_at', 'is', null);
  return (await query.execute()).map(toInfo);
}

/** Revokes by id or by the visible prefix; returns the revoked key, or undefined if none matched. */
export async function revokeApiKey(db: Kysely<Database>, idOrPrefix: string, now = new Date()): Promise<ApiKeyInfo | undefined> {
  const matches = await db
    .selectFrom('api_keys')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrPrefix), eb('prefix', '=', idOrPrefix)]))
    .where('revoked_at', 'is', null)
    .execute();
  if (matches.length !== 1) return undefined;
  const [row] = matches as [ApiKeyRow];
  const revokedAt = now.toISOString();
  await db.updateTable('api_keys').set({ revoked_at: revokedAt }).where('id', '=', row.id).execute();
  return toInfo({ ...row, revoked_at: revokedAt });
}

/** Records use at most once a minute per key, so a busy key does not write on every call. */
export async function touchApiKey(db: Kysely<Database>, id: string, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - 60_000).toISOString();
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', cutoff)]))
    .execute();
}

/** An account's active keys with their calls in the given month (YYYY-MM). */
export async function listAccountApiKeys(
  db: Kysely<Database>,
  accountId: string,
  month: string,
): Promise<Array<ApiKeyInfo & { callsThisMonth: number }>> {
  const rows = await db
    .selectFrom('api_keys')
    .leftJoin('api_key_usage', (join) => join.onRef('api_key_usage.key_id', '=', 'api_keys.id').on('api_key_usage.month', '=', month))
    .selectAll('api_keys')
    .select('api_key_usage.calls')
    .where('api_keys.account_id', '=', accountId)
    .where('api_keys.revoked_at', 'is', null)
    .orderBy('api_keys.created_at', 'desc')
    .orderBy('api_keys.id')
    .execute();
  return rows.map(({ calls, ...row }) => ({ ...toInfo(row), callsThisMonth: Number(calls ?? 0) }));
}

/** Revokes one of an account's keys; undefined when the id is not an active key of that account. */
export async function revokeAccountApiKey(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  now = new Date(),
): Promise<ApiKeyInfo | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const revokedAt = now.toISOString();
  await db.updateTable('api_keys').set({ revoked_at: revokedAt }).where('id', '=', row.id).execute();
  return toInfo({ ...row, revoked_at: revokedAt });
}
