/**
 * Audit vouchers in the store: issue, list, revoke and redeem against a quoted request.
 * Redemption is one transaction of two conditional updates (the voucher, then the
 * request), so two simultaneous redemptions of one code leave exactly one, on SQLite and
 * on PostgreSQL alike. Every issue, redemption and revocation is recorded in
 * `voucher_events`; refusals are counted there, one row per actor, voucher, request,
 * reason and hour, so wrong codes sent in bulk cannot grow the table a row at a time.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, VoucherEventKind } from '../store/schema.ts';
import type { Clock } from '../accounts/clock.ts';
import { applyVoucher, formatUsd, voucherExpiry } from './voucher-rules.ts';
import { codeHint, hashVoucherCode, newVoucherCode } from './voucher-code.ts';
import { ServiceError } from './service-error.ts';
import { SERVICE_MESSAGES as M } from './service-messages.ts';

export interface Voucher {
  readonly id: string;
  readonly codeHint: string;
  readonly valueUsdt: number;
  readonly recipient: string | null;
  readonly note: string;
  readonly issuedBy: string;
  readonly issuedAt: string;
  readonly expiresAt: string;
  readonly redeemedAt: string | null;
  readonly redeemedRequestId: string | null;
  readonly revokedAt: string | null;
  /** Derived at the time of listing. */
  readonly state: 'valid' | 'redeemed' | 'revoked' | 'expired';
}

export interface VoucherEvent {
  readonly voucherId: string | null;
  readonly codeHint: string;
  readonly kind: VoucherEventKind;
  readonly requestId: string | null;
  readonly actor: string;
  readonly detail: string;
  /** The last time. */
  readonly at: string;
  /** Attempts this event stands for (more than 1 only for refusals within one hour). */
  readonly count: number;
}

export interface Redemption {
  readonly requestId: string;
  readonly voucherId: string;
  readonly quoteUsd: number;
  readonly discountUsd: number;
  readonly forfeitedUsd: number;
  readonly finalPriceUsd: number;
  readonly message: string;
}

export interface VoucherDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** USD per USDT (VOUCHER_USD_PER_USDT, 1 unless configured). */
  readonly usdPerUsdt: number;
}

type VoucherRow = Awaited<ReturnType<typeof selectVoucher>>;

function selectVoucher(db: Kysely<Database>, where: { id?: string; codeHash?: string }) {
  let query = db.selectFrom('vouchers').selectAll();
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  if (where.codeHash !== undefined) query = query.where('code_hash', '=', where.codeHash);
  return query.executeTakeFirst();
}

function toVoucher(row: NonNullable<VoucherRow>, now: Date): Voucher {
  const state = row.revoked_at ? 'revoked' : row.redeemed_at ? 'redeemed' : now.toISOString() >= row.expires_at ? 'expired' : 'valid';
  return {
    id: row.id,
    codeHint: row.code_hint,
    valueUsdt: Number(row.value_usdt_cents) / 100,
    recipient: row.recipient,
    note: row.note,
    issuedBy: row.issued_by,
    issuedAt: row.issued_at,
    expiresAt: row.expires_at,
    redeemedAt: row.redeemed_at,
    redeemedRequestId: row.redeemed_request_id,
    revokedAt: row.revoked_at,
    state,
  };
}

export function createVoucherService(deps: VoucherDeps) {
  const { db, clock } = deps;

  const record = (
    executor: Kysely<Database>,
    event: { voucherId: string | null; hint: string; kind: VoucherEventKind; requestId?: string | null; actor: string; detail: string },
  ) =>
    executor
      .insertInto('voucher_events')
      .values({
        id: randomUUID(),
        voucher_id: event.voucherId,
        code_hint: event.hint,
        kind: event.kind,
        request_id: event.requestId ?? null,
        actor: event.actor,
        detail: event.detail,
        at: clock().toISOString(),
      })
      .execute();

  /**
   * Counts a refusal (outside any transaction, so it survives the rollback) and throws it.
   * The row's id is derived from what it counts, so the insert-or-increment is one atomic
   * statement on both stores.
   */
  const refuse = async (
    status: number,
    message: string,
    context: { voucherId: string | null; hint: string; requestId: string; actor: string },
  ): Promise<never> => {
    const at = clock().toISOString();
    const id = createHash('sha256')
      .update(JSON.stringify(['refused', context.actor, context.voucherId, context.requestId, message, at.slice(0, 13)]))
      .digest('hex');
    await db
      .insertInto('voucher_events')
      .values({
        id,
        voucher_id: context.voucherId,
        code_hint: context.hint,
        kind: 'refused',
        request_id: context.requestId,
        actor: context.actor,
        detail: message,
        at,
        count: 1,
      })
      .onConflict((conflict) => conflict.column('id').doUpdateSet((eb) => ({ count: eb('voucher_events.count', '+', 1), at })))
      .execute();
    throw new ServiceError(status, message);
  };

  return {
    /** Issues a voucher; the code is returned once and never stored. */
    async issue(input: { valueCents: number; recipient: string | null; note: string; actor: string }) {
      const code = newVoucherCode();
      const issuedAt = clock();
      const id = randomUUID();
      const hint = codeHint(code);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('vouchers')
          .values({
            id,
            code_hash: hashVoucherCode(code),
            code_hint: hint,
            value_usdt_cents: input.valueCents,
            recipient: input.recipient,
            note: input.note,
            issued_by: input.actor,
            issued_at: issuedAt.toISOString(),
            expires_at: voucherExpiry(issuedAt).toISOString(),
            redeemed_at: null,
            redeemed_request_id: null,
            revoked_at: null,
          })
          .execute();
        await record(trx, { voucherId: id, hint, kind: 'issued', actor: input.actor, detail: `value ${input.valueCents / 100} USDT` });
      });
      const voucher = toVoucher((await selectVoucher(db, { id }))!, clock());
      return { code, voucher };
    },

    async list(): Promise<Voucher[]> {
      const rows = await db.selectFrom('vouchers').selectAll().orderBy('issued_at', 'desc').limit(1000).execute();
      const now = clock();
      return rows.map((row) => toVoucher(row, now));
    },

    async events(limit = 200): Promise<VoucherEvent[]> {
      const rows = await db.selectFrom('voucher_events').selectAll().orderBy('at', 'desc').limit(limit).execute();
      return rows.map((r) => ({
        voucherId: r.voucher_id,
        codeHint: r.code_hint,
        kind: r.kind,
        requestId: r.request_id,
        actor: r.actor,
        detail: r.detail,
        at: r.at,
        count: Number(r.count),
      }));
    },

    /** Revokes by voucher id or by code. A redeemed voucher cannot be revoked. */
    async revoke(idOrCode: string, actor: string): Promise<Voucher> {
      const row = (await selectVoucher(db, { id: idOrCode })) ?? (await selectVoucher(db, { codeHash: hashVoucherCode(idOrCode) }));
      if (!row) throw new ServiceError(404, M.voucherUnknown);
      if (row.redeemed_at) throw new ServiceError(409, M.voucherUsed);
      if (!row.revoked_at) {
        const now = clock().toISOString();
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('vouchers').set({ revoked_at: now }).where('id', '=', row.id).where('redeemed_at', 'is', null).execute();
          await record(trx, { voucherId: row.id, hint: row.code_hint, kind: 'revoked', actor, detail: 'revoked' });
        });
      }
      return toVoucher((await selectVoucher(db, { id: row.id }))!, clock());
    },

    /**
     * Redeems `code` against the quote of request `requestId`. `allowedRecipients` are the
     * e-mails that may use a voucher issued to a named recipient: a user's redemption
     * passes its account's verified address only (never the request's unverified contact
     * e-mail); the operator applying one on a requester's behalf passes the contact.
     */
    async redeem(input: { code: string; requestId: string; actor: string; allowedRecipients: readonly string[] }): Promise<Redemption> {
      const hint = codeHint(input.code);
      const context = { voucherId: null as string | null, hint, requestId: input.requestId, actor: input.actor };
      const request = await db.selectFrom('service_requests').selectAll().where('id', '=', input.requestId).executeTakeFirst();
      if (!request) throw new ServiceError(404, M.requestUnknown);
      const voucher = await selectVoucher(db, { codeHash: hashVoucherCode(input.code) });
      if (!voucher) return refuse(404, M.voucherUnknown, context);
      context.voucherId = voucher.id;
      const now = clock();
      if (voucher.revoked_at) return refuse(409, M.voucherRevoked, context);
      if (voucher.redeemed_at) return refuse(409, M.voucherUsed, context);
      if (now.toISOString() >= voucher.expires_at) return refuse(409, M.voucherExpired(voucher.expires_at), context);
      if (voucher.recipient && !input.allowedRecipients.includes(voucher.recipient)) return refuse(403, M.voucherOtherRecipient, context);
      if (request.offer !== 'manual-audit') return refuse(409, M.voucherOnlyManualAudit, context);
      if (request.status !== 'quoted' || request.quote_usd_cents === null) return refuse(409, M.voucherNeedsQuote, context);
      if (request.voucher_id) return refuse(409, M.requestHasVoucher, context);
      const quoteCents = Number(request.quote_usd_cents);
      const application = applyVoucher(quoteCents, Number(voucher.value_usdt_cents), deps.usdPerUsdt);
      if (!application.ok) return refuse(409, application.reason, context);

      const at = now.toISOString();
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          // Conditional updates: whichever of two simultaneous redemptions commits first
          // wins; the other updates nothing and is refused.
          const spent = await trx
            .updateTable('vouchers')
            .set({ redeemed_at: at, redeemed_request_id: input.requestId })
            .where('id', '=', voucher.id)
            .where('redeemed_at', 'is', null)
            .where('revoked_at', 'is', null)
            .executeTakeFirst();
          if (Number(spent.numUpdatedRows) !== 1) return 'voucher-used' as const;
          const applied = await trx
            .updateTable('service_requests')
            .set({
              voucher_id: voucher.id,
              discount_usd_cents: application.discountCents,
              forfeited_usd_cents: application.forfeitedCents,
              updated_at: at,
            })
            .where('id', '=', input.requestId)
            .where('voucher_id', 'is', null)
            .where('quote_usd_cents', '=', quoteCents)
            .executeTakeFirst();
          if (Number(applied.numUpdatedRows) !== 1) throw new RolledBack();
          await record(trx, {
            voucherId: voucher.id,
            hint: voucher.code_hint,
            kind: 'redeemed',
            requestId: input.requestId,
            actor: input.actor,
            detail: `quote ${formatUsd(quoteCents)} → ${formatUsd(application.finalPriceCents)}; forfeited ${formatUsd(application.forfeitedCents)}`,
          });
          return 'ok' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof RolledBack) return 'request-changed' as const;
          throw error;
        });
      if (outcome === 'voucher-used') return refuse(409, M.voucherUsed, context);
      if (outcome === 'request-changed') return refuse(409, M.requestHasVoucher, context);
      return {
        requestId: input.requestId,
        voucherId: voucher.id,
        quoteUsd: quoteCents / 100,
        discountUsd: application.discountCents / 100,
        forfeitedUsd: application.forfeitedCents / 100,
        finalPriceUsd: application.finalPriceCents / 100,
        message: M.redeemed(application.discountCents, application.finalPriceCents, application.forfeitedCents),
      };
    },
  };
}

class RolledBack extends Error {}

export type VoucherService = ReturnType<typeof createVoucherService>;
