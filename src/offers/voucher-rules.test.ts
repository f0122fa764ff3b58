import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyVoucher, FLOOR_CENTS, parseAmount, voucherExpiry } from './voucher-rules.ts';

const at = (iso: string) => new Date(iso);

test('a voucher is valid for three calendar months in UTC', () => {
  assert.equal(voucherExpiry(at('2026-01-15T10:20:30.000Z')).toISOString(), '2026-04-15T10:20:30.000Z');
  // Across the year end.
  assert.equal(voucherExpiry(at('2026-11-25T23:59:59.999Z')).toISOString(), '2027-02-25T23:59:59.999Z');
});

test('a month end without its day in the third month ends on that month’s last day', () => {
  assert.equal(voucherExpiry(at('2026-11-30T12:00:00.000Z')).toISOString(), '2027-02-28T12:00:00.000Z');
  // 2028 is a leap year.
  assert.equal(voucherExpiry(at('2027-11-30T12:00:00.000Z')).toISOString(), '2028-02-29T12:00:00.000Z');
  assert.equal(voucherExpiry(at('2026-05-31T00:00:00.000Z')).toISOString(), '2026-08-31T00:00:00.000Z');
  assert.equal(voucherExpiry(at('2026-03-31T00:00:00.000Z')).toISOString(), '2026-06-30T00:00:00.000Z');
});

test('the floor: a quote at or below 500 USD takes no voucher', () => {
  const refused = applyVoucher(FLOOR_CENTS, 10_000);
  assert.equal(refused.ok, false);
  assert.match(refused.ok ? '' : refused.reason, /500 USD minimum/);
  assert.equal(applyVoucher(400_00, 100_00).ok, false);
});

test('a quote one cent above the floor falls to the floor, the rest is forfeited', () => {
  assert.deepEqual(applyVoucher(FLOOR_CENTS + 1, 100_00), {
    ok: true,
    discountCents: 1,
    forfeitedCents: 99_99,
    finalPriceCents: FLOOR_CENTS,
  });
});

test('a value smaller than price − 500 is taken whole', () => {
  assert.deepEqual(applyVoucher(2000_00, 300_00), { ok: true, discountCents: 300_00, forfeitedCents: 0, finalPriceCents: 1700_00 });
});

test('a value exactly price − 500 lands on the floor with nothing forfeited', () => {
  assert.deepEqual(applyVoucher(1500_00, 1000_00), { ok: true, discountCents: 1000_00, forfeitedCents: 0, finalPriceCents: 500_00 });
});

test('a value larger than price − 500 stops at the floor and forfeits the rest', () => {
  assert.deepEqual(applyVoucher(800_00, 1000_00), { ok: true, discountCents: 300_00, forfeitedCents: 700_00, finalPriceCents: 500_00 });
});

test('USDT converts to USD at the configured rate', () => {
  assert.deepEqual(applyVoucher(2000_00, 100_00, 0.998), { ok: true, discountCents: 99_80, forfeitedCents: 0, finalPriceCents: 1900_20 });
});

test('amounts must be positive numbers with at most two decimals', () => {
  assert.deepEqual(parseAmount(250, 'value'), { cents: 250_00 });
  assert.deepEqual(parseAmount(0.1 + 0.2, 'value'), { cents: 30 });
  assert.deepEqual(parseAmount(19.99, 'value'), { cents: 19_99 });
  assert.deepEqual(parseAmount('250', 'value'), { problem: 'value must be a number' });
  assert.deepEqual(parseAmount(-5, 'value'), { problem: 'value must be greater than 0' });
  assert.deepEqual(parseAmount(0, 'value'), { problem: 'value must be greater than 0' });
  assert.deepEqual(parseAmount(1.005, 'value'), { problem: 'value can have at most two decimals' });
  assert.deepEqual(parseAmount(Number.NaN, 'value'), { problem: 'value must be a number' });
  assert.ok('problem' in parseAmount(1e12, 'value'));
});
