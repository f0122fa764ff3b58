/**
 * One-time 6-digit codes sent by e-mail (sign-up and password reset): valid 10 minutes,
 * 5 tries, single use. Only a hash is stored. The newest code of an address and purpose
 * replaces the older ones.
 *
 * "Decoy" codes (no password, no account) are issued where the address cannot use a
 * code (already registered; unknown for a reset), so tries, limits and answers are the
 * same whether or not an address is registered.
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, EmailCodePurpose, EmailCodeRow } from '../store/schema.ts';
import { addMs, type Clock } from './clock.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** How long a pending sign-up can be resent after its code expired. */
export const PENDING_SIGNUP_MS = 24 * 3600_000;

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function isCodeShaped(code: string): boolean {
  return /^\d{6}$/.test(code);
}

function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`, 'utf8').digest('hex');
}

export interface IssueOptions {
  readonly email: string;
  readonly purpose: EmailCodePurpose;
  readonly passwordHash?: string | null;
  readonly accountId?: string | null;
}

export type CodeCheck = { ok: true; row: EmailCodeRow } | { ok: false };

export function createEmailCodes(db: Kysely<Database>, clock: Clock) {
  return {
    /** Issues a code (superseding older ones of the address and purpose) and returns it for the e-mail. */
    async issue(options: IssueOptions): Promise<string> {
      const code = generateCode();
      const id = randomUUID();
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('email_codes')
          .set({ consumed_at: now.toISOString() })
          .where('email', '=', options.email)
          .where('purpose', '=', options.purpose)
          .where('consumed_at', 'is', null)
          .execute();
        await trx
          .insertInto('email_codes')
          .values({
            id,
            email: options.email,
            purpose: options.purpose,
            code_hash: hashCode(id, code),
            password_hash: options.passwordHash ?? null,
            account_id: options.accountId ?? null,
            created_at: now.toISOString(),
            expires_at: addMs(now, CODE_TTL_MS).toISOString(),
            attempts: 0,
            consumed_at: null,
          })
          .execute();
      });
      return code;
    },

    /** The newest sign-up of an address that has not been completed, within a day. */
    async pendingSignup(email: string): Promise<EmailCodeRow | undefined> {
      const since = addMs(clock(), -PENDING_SIGNUP_MS).toISOString();
      return db
        .selectFrom('email_codes')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', '=', 'signup')
        .where('created_at', '>=', since)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Removes codes past any use: older than a pending sign-up can be resent. */
    async sweep(): Promise<void> {
      await db.deleteFrom('email_codes').where('created_at', '<', addMs(clock(), -PENDING_SIGNUP_MS).toISOString()).execute();
    },

    /**
     * Checks a presented code against the address's live code and consumes it on success.
     * Every try counts, and is counted before the comparison by a conditional update
     * (attempts below the cap), so concurrent guesses cannot all read the same count and
     * compare more than 5 times: past the fifth counted try the code never matches. A
     * consumed code never matches again.
     */
    async consume(email: string, purpose: EmailCodePurpose, code: string): Promise<CodeCheck> {
      const now = clock().toISOString();
      const row = await db
        .selectFrom('email_codes')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row || row.expires_at <= now || row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false };
      // The try is spent here, atomically: the database decides which 5 tries are compared.
      const counted = await db
        .updateTable('email_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('attempts', '<', CODE_MAX_ATTEMPTS)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return { ok: false };
      const expected = Buffer.from(row.code_hash, 'hex');
      const presented = Buffer.from(hashCode(row.id, code), 'hex');
      if (!timingSafeEqual(expected, presented)) return { ok: false };
      // Conditional on still being unconsumed: of two racing requests with the right code, one wins.
      const result = await db
        .updateTable('email_codes')
        .set({ consumed_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return { ok: false };
      return { ok: true, row: { ...row, consumed_at: now } };
    },
  };
}

export type EmailCodes = ReturnType<typeof createEmailCodes>;
