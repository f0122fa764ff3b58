import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatTokens, formatUsd, humanizeRawUnits, tokensFromRaw } from './units.ts';

describe('units', () => {
  it('tokensFromRaw is exact past 2^53', () => {
    assert.equal(tokensFromRaw('226024491380', 6), '226024.49138');
    assert.equal(tokensFromRaw('1000000000000000000000000001', 18), '1000000000.000000000000000001');
    assert.equal(tokensFromRaw(5n, 0), '5');
    assert.equal(tokensFromRaw('0', 9), '0');
  });

  it('formatTokens: symbol, grouping, at most 6 fraction digits, tiny amounts said as such', () => {
    assert.equal(formatTokens(226024.49138, 'TKN', 6, 'en-US'), '226,024.49138 TKN');
    assert.equal(formatTokens('1234.123456789', 'WETH', 18, 'en-US'), '1,234.123457 WETH');
    assert.equal(formatTokens(0.0000001, 'WETH', 18, 'en-US'), '< 0.000001 WETH');
    assert.equal(formatTokens(1000, '', 0, 'de-DE'), '1.000 tokens');
  });

  it('formatUsd', () => {
    assert.equal(formatUsd(1234567.8, 'en-US'), '$1,234,568');
    assert.equal(formatUsd(12.345, 'en-US'), '$12.35');
  });

  it("humanizeRawUnits: the token's amounts with its symbol, wrapped-native quotes in units, other quotes left raw", () => {
    const token = { symbol: 'HONEY', decimals: 18 };
    assert.equal(humanizeRawUnits('sell 226024491380000000000 raw units for WETH', token, 'en-US'), 'sell 226.024491 HONEY for WETH');
    assert.equal(humanizeRawUnits('router quote for 1000000000000000 WETH raw units', token, 'en-US'), 'router quote for 0.001 WETH');
    assert.equal(humanizeRawUnits('pool holds 5 token and 7 USDC raw units', token, 'en-US'), 'pool holds 5 token and 7 USDC raw units');
    assert.equal(
      humanizeRawUnits('existing holder transfers 1% of its balance (2500000 raw units)', { symbol: 'T6', decimals: 6 }, 'en-US'),
      'existing holder transfers 1% of its balance (2.5 T6)',
    );
    assert.equal(humanizeRawUnits('transfer 12 raw units', null), 'transfer 12 raw units');
    assert.equal(humanizeRawUnits('wrap 55950211774137793 wei', token, 'en-US'), 'wrap 0.05595 ETH');
    assert.equal(
      humanizeRawUnits('buy with 55950211774137793 raw WETH through Uniswap V2', token, 'en-US'),
      'buy with 0.05595 WETH through Uniswap V2',
    );
    assert.equal(humanizeRawUnits('buy with 5 raw USDC', token, 'en-US'), 'buy with 5 raw USDC');
  });
});
