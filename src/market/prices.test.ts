import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { percentChange, swapQuoteAmount, usdPrice, v2PriceInQuote, v3PriceInQuote } from './prices.ts';

const close = (actual: number | null, expected: number, tolerance = 1e-9) =>
  assert.ok(actual !== null && Math.abs(actual - expected) <= Math.abs(expected) * tolerance, `${actual} ≠ ${expected}`);

describe('v2PriceInQuote', () => {
  it('scales reserves of different decimals: 1,000 USDC (6) against 500 tokens (18) is $2', () => {
    const usdc = 1_000n * 10n ** 6n;
    const tokens = 500n * 10n ** 18n;
    close(v2PriceInQuote(tokens, usdc, { tokenIsToken0: true, tokenDecimals: 18, quoteDecimals: 6 }), 2);
    close(v2PriceInQuote(usdc, tokens, { tokenIsToken0: false, tokenDecimals: 18, quoteDecimals: 6 }), 2);
  });
  it('prices a 9-decimal token in an 18-decimal wrapped token', () => {
    // 10 WETH against 400,000 tokens of 9 decimals: 0.000025 WETH each.
    close(v2PriceInQuote(10n * 10n ** 18n, 400_000n * 10n ** 9n, { tokenIsToken0: false, tokenDecimals: 9, quoteDecimals: 18 }), 0.000025);
  });
  it('has no price for an empty pool', () => {
    assert.equal(v2PriceInQuote(0n, 5n, { tokenIsToken0: true, tokenDecimals: 18, quoteDecimals: 18 }), null);
  });
});

describe('v3PriceInQuote', () => {
  it('inverts sqrtPriceX96 with decimals on either side', () => {
    // token0 = 18-dec token, token1 = 6-dec USDC, price $2: raw 1-per-0 = 2 × 10^6 / 10^18.
    const raw = (2 * 10 ** 6) / 10 ** 18;
    const sqrt = BigInt(Math.round(Math.sqrt(raw) * 2 ** 96));
    close(v3PriceInQuote(sqrt, { tokenIsToken0: true, tokenDecimals: 18, quoteDecimals: 6 }), 2, 1e-6);
    // Same pool seen from USDC's side: USDC priced in the token is 0.5.
    close(v3PriceInQuote(sqrt, { tokenIsToken0: false, tokenDecimals: 6, quoteDecimals: 18 }), 0.5, 1e-6);
    assert.equal(v3PriceInQuote(0n, { tokenIsToken0: true, tokenDecimals: 18, quoteDecimals: 6 }), null);
  });
});

describe('usdPrice and percentChange', () => {
  it('routes through the quote’s USD price and reports missing links as null', () => {
    close(usdPrice(0.001, 2000), 2);
    assert.equal(usdPrice(0.001, null), null);
    assert.equal(usdPrice(null, 1), null);
  });
  it('gives percent change, null without a positive earlier price', () => {
    close(percentChange(2, 3), 50);
    close(percentChange(4, 3), -25);
    assert.equal(percentChange(0, 3), null);
    assert.equal(percentChange(null, 3), null);
  });
});

describe('swapQuoteAmount', () => {
  it('counts the quote side of V2 buys and sells once', () => {
    const buy = { version: 'v2' as const, amount0In: 0n, amount1In: 5n, amount0Out: 100n, amount1Out: 0n };
    assert.equal(swapQuoteAmount(buy, false), 5n);
    const sell = { version: 'v2' as const, amount0In: 100n, amount1In: 0n, amount0Out: 0n, amount1Out: 4n };
    assert.equal(swapQuoteAmount(sell, false), 4n);
    // Read with the sides swapped, the 100 token units would be taken as the quote.
    assert.equal(swapQuoteAmount(sell, true), 100n);
  });
  it('takes the absolute V3 delta of the quote side', () => {
    assert.equal(swapQuoteAmount({ version: 'v3', amount0: -7n, amount1: 3n }, true), 7n);
    assert.equal(swapQuoteAmount({ version: 'v3', amount0: -7n, amount1: 3n }, false), 3n);
  });
});
