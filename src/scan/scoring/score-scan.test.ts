import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { scoreScan, rankOf, type ScoringInput } from './score-scan.ts';

const clean: ScoringInput = {
  findings: [],
  unverified: false,
  proxy: false,
  renounced: true,
  taxes: { buyTax: 0, sellTax: 0, transferTax: 0, error: '' },
  topHolderShares: [0.03, 0.02, 0.01],
  holderCount: 500,
  liquidityUsd: 2_000_000,
  lockedLiquidityShare: 0.9,
  marketcapUsd: 20_000_000,
  socials: null,
  ageDays: 400,
  audited: true,
  hasWebsite: true,
};

describe('scoreScan', () => {
  it('scores a clean, renounced, liquid, audited token high, with every factor explained', () => {
    const result = scoreScan(clean);
    assert.equal(result.scores.security, 100);
    assert.equal(result.scores.decentralisation, 100);
    assert.equal(result.scores.community, null, 'no social provider: no community score');
    assert.ok(result.scores.total! >= 85, `total ${result.scores.total}`);
    assert.equal(result.rank, 'AAA');
    for (const factor of result.factors) assert.ok(factor.detail.length > 0);
  });

  it('caps a honeypot at the lowest rank and takes most of its security score', () => {
    const result = scoreScan({ ...clean, taxes: { buyTax: 0, sellTax: null, transferTax: 0, error: 'SELL_FAILED' } });
    assert.equal(result.scores.security, 30);
    assert.ok(result.scores.total! < 25);
    assert.equal(result.rank, 'D');
    assert.ok(result.factors.some((f) => f.factor === 'simulation:SELL_FAILED'));
  });

  it('charges taxes beyond 5%, doubly beyond 25%', () => {
    const result = scoreScan({ ...clean, taxes: { buyTax: 10, sellTax: 30, transferTax: 0, error: '' } });
    // buy: 10-5 = 5; sell: (30-5) + (30-25) = 30
    assert.equal(result.scores.security, 65);
  });

  it('counts a detector fully once and its repeats at a quarter; renouncing halves owner powers', () => {
    const mint = { detector: 'owner-mint', severity: 'high' as const, title: 'Owner can mint' };
    const owned = scoreScan({ ...clean, renounced: false, findings: [mint, mint, mint] });
    assert.equal(owned.raw.security, 100 - 20 - 5 - 5);
    const renounced = scoreScan({ ...clean, renounced: true, findings: [mint] });
    assert.equal(renounced.raw.security, 90);
  });

  it('has no total without a security score, and never calls unknown safe', () => {
    const unknown = scoreScan({ ...clean, findings: null, taxes: null, topHolderShares: null, renounced: null, lockedLiquidityShare: null, liquidityUsd: null, ageDays: null, audited: false });
    assert.equal(unknown.scores.security, null);
    assert.equal(unknown.scores.total, null);
    assert.equal(unknown.raw.total, null);
    assert.equal(unknown.rank, '');
    const unverified = scoreScan({ ...clean, unverified: true, findings: [] });
    assert.ok(unverified.scores.security! < scoreScan(clean).scores.security!);
  });

  it('scores liquidity by decades and concentration by share', () => {
    assert.equal(scoreScan({ ...clean, liquidityUsd: 1_000_000 }).scores.market, 60);
    assert.equal(scoreScan({ ...clean, liquidityUsd: 0 }).scores.market, 0);
    const whale = scoreScan({ ...clean, topHolderShares: [0.5, 0.1] });
    assert.ok(whale.scores.decentralisation! <= 100 - 40 - 18, String(whale.scores.decentralisation));
  });

  it('is deterministic', () => {
    assert.deepEqual(scoreScan(clean), scoreScan(structuredClone(clean)));
  });

  it('labels totals', () => {
    assert.deepEqual([100, 85, 84, 55, 40, 25, 24, 0].map(rankOf), ['AAA', 'AAA', 'AA', 'A', 'B', 'C', 'D', 'D']);
  });
});
