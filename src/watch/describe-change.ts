/**
 * What changed, in words a holder reads: the watched value's change ("owner renounced:
 * 0x56… → nobody") and what it does to the verdict ("sell tax 5 % → 25 %; a holder's sell
 * now returns 75 % of its value"). Pure.
 */
import type { WatchedValue } from './watch-plan.ts';

/** The parts of the scan's verdict a change is compared on. */
export interface VerdictSnapshot {
  /** The verdict's headline (meta.verdict.summary). */
  readonly summary: string | null;
  readonly canBuy?: 'yes' | 'no' | 'unknown';
  readonly canSell: 'yes' | 'no' | 'unknown';
  readonly buyTax: number | null;
  readonly sellTax: number | null;
}

const ZERO = /^0x0{40}$/;

function short(address: string): string {
  return ZERO.test(address) ? 'nobody' : address;
}

/** An integer in whole tokens (decimals applied), with thousands separators. */
export function tokenAmount(raw: string, decimals: number): string {
  const value = BigInt(raw);
  const unit = 10n ** BigInt(decimals);
  const whole = value / unit;
  const fraction = value % unit;
  const wholeText = whole.toLocaleString('en-US');
  if (fraction === 0n) return wholeText;
  const digits = fraction.toString().padStart(decimals, '0').slice(0, 4).replace(/0+$/, '');
  return digits ? `${wholeText}.${digits}` : wholeText;
}

function percentChange(before: bigint, after: bigint): string {
  if (before === 0n) return '';
  const change = Number(((after - before) * 10_000n) / before) / 100;
  return ` (${change > 0 ? '+' : ''}${change} %)`;
}

/** Whether a change of this value is worth an alert: liquidity added is not; every other change is. */
export function isAlert(value: WatchedValue, before: string | null, after: string | null): boolean {
  if (before === after) return false;
  if (value.kind === 'liquidity-removed' && before !== null && after !== null) return BigInt(after) < BigInt(before);
  return true;
}

export function describeValueChange(value: WatchedValue, before: string | null, after: string | null, decimals: number): string {
  const b = before ?? 'unreadable';
  const a = after ?? 'unreadable';
  switch (value.kind) {
    case 'owner-changed':
      if (after !== null && ZERO.test(after)) return `${value.label} renounced: ${short(b)} → nobody`;
      if (before !== null && ZERO.test(before) && after !== null) return `${value.label} reclaimed: nobody → ${after}`;
      return `${value.label} changed: ${short(b)} → ${short(a)}`;
    case 'implementation-changed':
      return `${value.label} ${short(b)} → ${short(a)}: the token's code was replaced`;
    case 'proxy-admin-changed':
      return `${value.label} ${short(b)} → ${short(a)}: someone else can now replace the token's code`;
    case 'supply-changed': {
      if (before === null || after === null) return `${value.label} ${b} → ${a}`;
      const grew = BigInt(after) > BigInt(before);
      return `${value.label} ${tokenAmount(before, decimals)} → ${tokenAmount(after, decimals)}${percentChange(BigInt(before), BigInt(after))}: tokens were ${grew ? 'minted' : 'burned'}`;
    }
    case 'liquidity-removed': {
      if (before === null || after === null) return `${value.label} ${b} → ${a}`;
      const removed = before === '0' ? 0 : Number(((BigInt(before) - BigInt(after)) * 10_000n) / BigInt(before)) / 100;
      return `${removed} % of the pool's liquidity was removed (${value.label} ${tokenAmount(before, 18)} → ${tokenAmount(after, 18)})`;
    }
    default:
      return `${value.label} ${b} → ${a}`;
  }
}

const pct = (tax: number | null) => (tax === null ? 'unknown' : `${Math.round(tax * 100) / 100} %`);

/** What a change did to the verdict, in words; null when the verdict reads the same. */
export function describeVerdictChange(before: VerdictSnapshot | null, after: VerdictSnapshot | null): string | null {
  if (!after) return null;
  const parts: string[] = [];
  if (before?.canBuy !== 'no' && after.canBuy === 'no') parts.push(`a buy now fails: ${after.summary ?? 'the simulated buy reverted'}`);
  else if (before?.canSell !== 'no' && after.canSell === 'no')
    parts.push(`a holder's sell now fails: ${after.summary ?? 'the simulated sell reverted'}`);
  else if (before?.canSell === 'no' && after.canSell === 'yes') parts.push('a holder can sell again');
  if (after.canSell !== 'no' && after.canBuy !== 'no' && before?.sellTax !== after.sellTax && after.sellTax !== null) {
    const returns = Math.max(0, Math.round((100 - after.sellTax) * 100) / 100);
    parts.push(`sell tax ${pct(before?.sellTax ?? null)} → ${pct(after.sellTax)}; a holder's sell now returns ${returns} % of its value`);
  }
  if (before?.buyTax !== after.buyTax && after.buyTax !== null) parts.push(`buy tax ${pct(before?.buyTax ?? null)} → ${pct(after.buyTax)}`);
  if (parts.length === 0 && before?.summary !== after.summary && after.summary) parts.push(`the verdict now reads: ${after.summary}`);
  return parts.length > 0 ? parts.join('; ') : null;
}
