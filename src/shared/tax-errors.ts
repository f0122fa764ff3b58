/**
 * The one list of the spec's taxes error codes (`auditLayout.taxes.error`; '' when none is
 * added by the schema). The simulator throws them, the score weighs them, the verdict reads
 * them and the dashboard words them. Pure data with no imports.
 */
export const TAX_ERRORS = [
  'SELL_FAILED',
  'BUY_FAILED',
  'TRANSFER_FAILED',
  'POOL_NOT_FOUND',
  'INSUFFICIENT_LIQUIDITY',
  'INVALID_TOKEN_ADDRESS',
  'QUOTE_ERROR',
  'UNCAUGHT_ERROR',
] as const;
export type TaxError = (typeof TAX_ERRORS)[number];
