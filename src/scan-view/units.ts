/**
 * Amounts as a reader counts them (issue 29): token units with the symbol and the decimals
 * the token declares, USD where a price is known, never "226024491380 raw units". Pure,
 * locale from the caller (the browser passes none: the reader's own).
 */

/** Whole tokens from raw units, exact (BigInt), as a decimal string without trailing zeros. */
export function tokensFromRaw(raw: string | bigint, decimals: number): string {
  const value = typeof raw === 'bigint' ? raw : BigInt(raw);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(Math.max(0, Math.trunc(decimals)));
  const whole = abs / unit;
  const fraction = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A token amount with its symbol: at most 6 fraction digits (or the token's decimals, when fewer). */
export function formatTokens(amount: number | string, symbol: string, decimals = 18, locale?: string): string {
  const n = typeof amount === 'number' ? amount : Number(amount);
  const digits = Math.max(0, Math.min(6, Math.trunc(decimals)));
  // Below the smallest shown digit, say so rather than print 0.
  const smallest = 10 ** -digits;
  const text =
    n !== 0 && Math.abs(n) < smallest
      ? `< ${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(smallest)}`
      : new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  return `${text} ${symbol || 'tokens'}`;
}

/** US dollars, cents below 1,000 and whole dollars above. */
export function formatUsd(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: Math.abs(value) >= 1000 ? 0 : Math.abs(value) >= 1 ? 2 : 6,
  }).format(value);
}

/** The decimals of quote tokens whose decimals do not vary by chain (wrapped native coins). */
const QUOTE_DECIMALS: Readonly<Record<string, number>> = {
  WETH: 18,
  WBNB: 18,
  WMATIC: 18,
  WPOL: 18,
  WAVAX: 18,
  WFTM: 18,
  ETH: 18,
  BNB: 18,
};

export interface TokenUnits {
  readonly symbol: string;
  readonly decimals: number;
}

/**
 * The simulation's words with their raw amounts in units: "sell 226024491380 raw units for
 * WETH" → "sell 226,024.49138 TKN for WETH" (token decimals 6); "router quote for
 * 1000000000000000 WETH raw units" → "… 0.001 WETH". A quote token whose decimals are not
 * known stays in raw units, said so.
 */
export function humanizeRawUnits(text: string, token: TokenUnits | null, locale?: string): string {
  const quote = (whole: string, digits: string, symbol: string) => {
    const decimals = QUOTE_DECIMALS[symbol.toUpperCase()];
    return decimals === undefined ? whole : formatTokens(tokensFromRaw(digits, decimals), symbol, decimals, locale);
  };
  return text
    .replace(/(\d+) wei\b/g, (_whole, digits: string) => formatTokens(tokensFromRaw(digits, 18), 'ETH', 18, locale))
    .replace(/(\d+) raw ([A-Za-z][A-Za-z0-9.]*)/g, (whole, digits: string, symbol: string) =>
      symbol === 'units' ? whole : quote(whole, digits, symbol),
    )
    .replace(/(\d+) (?:([A-Za-z][A-Za-z0-9.]*) )?raw units/g, (whole, digits: string, symbol: string | undefined) => {
      if (symbol && symbol !== 'token') {
        const decimals = QUOTE_DECIMALS[symbol.toUpperCase()];
        return decimals === undefined ? whole : formatTokens(tokensFromRaw(digits, decimals), symbol, decimals, locale);
      }
      if (!token) return whole;
      return formatTokens(tokensFromRaw(digits, token.decimals), token.symbol, token.decimals, locale);
    });
}
