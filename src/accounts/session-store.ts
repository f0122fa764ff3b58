/**
 * Server-side sessions: the cookie holds a random token, the store holds its SHA-256,
 * so sessions can be listed, revoked one by one or all at once, and expire.
 *
 * A session ends 7 days after its last use or 30 days after login, whichever is first.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../store/schema.ts';
import type { Clock } from './clock.ts';

export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** Last use is written at most this often, so reading pages does not write on every request. */
const TOUCH_EVERY_MS = 10 * 60_000;

export interface Session {
  readonly accountId: string;
  readonly csrfToken: string;
  readonly expiresAt: string;
  /** The store's key for this session (hash of the token). */
  readonly idHash: string;
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function expiry(createdAt: Date, lastSeen: Date): Date {
  return new Date(Math.min(createdAt.getTime() + SESSION_ABSOLUTE_MS, lastSeen.getTime() + SESSION_IDLE_MS));
}

function toSession(row: SessionRow): Session {
  return { accountId: row.account_id, csrfToken: row.csrf_token, expiresAt: row.expires_at, idHash: row.id_hash };
}

export function createSessionStore(db: Kysely<Database>, clock: Clock) {
  return {
    /** Starts a session; the returned token goes into the cookie and nowhere else. */
    async create(accountId: string, userAgent: string): Promise<{ token: string; session: Session }> {
      const token = randomToken();
      const now = clock();
      const row: SessionRow = {
        id_hash: hashToken(token),
        account_id: accountId,
        csrf_token: randomToken(),
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: expiry(now, now).toISOString(),
        user_agent: userAgent.slice(0, 300),
      };
      await db.insertInto('sessions').values(row).execute();
      return { token, session: toSession(row) };
    },

    /** The live session of a cookie token, or undefined (unknown, revoked or expired). */
    async find(token: string | undefined): Promise<Session | undefined> {
      if (!token || token.length > 100) return undefined;
      const idHash = hashToken(token);
      const row = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
      if (!row) return undefined;
      const now = clock();
      if (row.expires_at <= now.toISOString()) {
        await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
        return undefined;
      }
      if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) {
        const expiresAt = expiry(new Date(row.created_at), now).toISOString();
        await db
          .updateTable('sessions')
          .set({ last_seen_at: now.toISOString(), expires_at: expiresAt })
          .where('id_hash', '=', idHash)
          .execute();
        return toSession({ ...row, last_seen_at: now.toISOString(), expires_at: expiresAt });
      }
      return toSession(row);
    },

    async revoke(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },

    /** Ends every session of an account but the one kept (a password change keeps the caller's). */
    async revokeAll(accountId: string, keep?: string): Promise<number> {
      let query = db.deleteFrom('sessions').where('account_id', '=', accountId);
      if (keep !== undefined) query = query.where('id_hash', '!=', keep);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Removes expired rows (called now and then; expired sessions never authenticate anyway). */
    async sweep(): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', clock().toISOString()).execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
