/**
 * The words of the services API (offers, requests, vouchers). The spec does not fix
 * them; docs/decisions/0100-services-and-vouchers-issue-20.md ("Services and vouchers") records the choice.
 */
import { formatUsd } from './voucher-rules.ts';

export const SERVICE_MESSAGES = {
  requestUnknown: 'Request not found',
  requestTooMany: 'Too many requests from this client: try again later',
  requestStored: 'Request received: the operator will reply by e-mail',
  voucherUnknown: 'Unknown voucher code',
  voucherTooMany: (seconds: number) => `Too many voucher attempts: try again in ${Math.max(1, Math.ceil(seconds / 60))} min`,
  voucherUsed: 'This voucher has already been used',
  voucherRevoked: 'This voucher has been revoked',
  voucherExpired: (expiresAt: string) => `This voucher expired on ${expiresAt.slice(0, 10)} (UTC)`,
  voucherOtherRecipient: 'This voucher was issued to someone else',
  voucherOnlyManualAudit: 'Vouchers apply only to a manual contract audit',
  voucherNeedsQuote: 'This request has no quote yet: a voucher can be used once the operator has quoted a price',
  requestHasVoucher: 'This request already has a voucher',
  redeemed: (discountCents: number, finalCents: number, forfeitedCents: number) =>
    `Voucher applied: the price falls by ${formatUsd(discountCents)} to ${formatUsd(finalCents)}` +
    (forfeitedCents > 0 ? `; ${formatUsd(forfeitedCents)} of its value would go below the 500 USD minimum and is forfeited` : ''),
} as const;
