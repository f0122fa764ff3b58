/**
 * The audit voucher's rules as pure functions: money in whole cents (integers, so no
 * rounding drifts), validity in UTC calendar months, and the 500 USD floor.
 * docs/decisions/0100-services-and-vouchers-issue-20.md ("Vouchers") says why each choice was made.
 */
import { VOUCHER_FLOOR_USD, VOUCHER_VALIDITY_MONTHS } from './catalogue.ts';

export const FLOOR_CENTS = VOUCHER_FLOOR_USD * 100;
/** Largest voucher value or quote accepted: 10 million, far above any audit price. */
export const MAX_AMOUNT_CENTS = 10_000_000 * 100;

/**
 * An amount given by a person or a client: a JSON number (not a string), positive, with
 * at most two decimals. Returns cents, or the reason it is refused.
 */
export function parseAmount(input: unknown, what: string): { cents: number } | { problem: string } {
  if (typeof input !== 'number' || !Number.isFinite(input)) return { problem: `${what} must be a number` };
  if (input <= 0) return { problem: `${what} must be greater than 0` };
  const cents = Math.round(input * 100);
  if (Math.abs(cents - input * 100) > 1e-6) return { problem: `${what} can have at most two decimals` };
  if (cents > MAX_AMOUNT_CENTS) return { problem: `${what} must be at most ${MAX_AMOUNT_CENTS / 100}` };
  return { cents };
}

/**
 * When a voucher issued at `issuedAt` stops being valid: the same instant three calendar
 * months later in UTC; when that month is shorter, the last day of it (30 November →
 * 28 or 29 February). Valid while `now < expiresAt`.
 */
export function voucherExpiry(issuedAt: Date, months = VOUCHER_VALIDITY_MONTHS): Date {
  const year = issuedAt.getUTCFullYear();
  const month = issuedAt.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(issuedAt.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(year, month, day, issuedAt.getUTCHours(), issuedAt.getUTCMinutes(), issuedAt.getUTCSeconds(), issuedAt.getUTCMilliseconds()),
  );
}

export type VoucherApplication =
  | {
      readonly ok: true;
      /** What the quote falls by, in USD cents. */
      readonly discountCents: number;
      /** The value that would have taken the price below the floor: lost, never paid out. */
      readonly forfeitedCents: number;
      readonly finalPriceCents: number;
    }
  | { readonly ok: false; readonly reason: string };

/**
 * Applies a voucher worth `valueCentsUsdt` (USDT cents) to a quote of `priceCents` (USD
 * cents), converting at `usdPerUsdt` (1 unless configured). The price never falls below
 * the floor; a quote at or below the floor is refused, because the voucher would change
 * nothing and would be spent for nothing.
 */
export function applyVoucher(priceCents: number, valueCentsUsdt: number, usdPerUsdt = 1): VoucherApplication {
  if (priceCents <= FLOOR_CENTS)
    return {
      ok: false,
      reason: `The quote is ${formatUsd(priceCents)}, at or below the ${formatUsd(FLOOR_CENTS)} minimum: a voucher cannot lower it, so it was not used`,
    };
  const valueUsdCents = Math.floor(valueCentsUsdt * usdPerUsdt);
  const discountCents = Math.min(valueUsdCents, priceCents - FLOOR_CENTS);
  return { ok: true, discountCents, forfeitedCents: valueUsdCents - discountCents, finalPriceCents: priceCents - discountCents };
}

export function formatUsd(cents: number): string {
  return `${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })} USD`;
}
