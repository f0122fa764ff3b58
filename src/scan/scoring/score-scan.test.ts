import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  scoreScan,
  rankOf,
  EXTRA_POWER_CAP_STEP,
  INCONCLUSIVE_SIMULATION_PENALTY,
  ONE_ACCOUNT_CAP,
  POWER_PENALTY,
  PRIVILEGED_FUNCTION_PENALTY,
  SEVERITY_PENALTY,
  SHARED_HOLDER_CAP,
  TRADE_CONTROL_PENALTY,
  MONEY_POWER_DETECTORS,
  TRADE_CONTROL_DETECTORS,
  type ScoringInput,
} from './score-scan.ts';
import type { PowerHolder } from '../power-holder.ts';
import { detectors } from '../../analysis/detectors/index.ts';
import { BYTECODE_CAPABILITIES } from '../../analysis/bytecode/classify-capabilities.ts';
import { FINDING_CODES } from '../../solana/finding-codes.ts';

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
    assert.equal(result.scores.security, 20);
    assert.ok(result.scores.total! < 25);
    assert.equal(result.rank, 'D');
    assert.ok(result.factors.some((f) => f.factor === 'simulation:SELL_FAILED'));
  });

  it('never reads a simulation that decided nothing (no pool, a failed quote, an error) as a clean one', () => {
    for (const error of ['POOL_NOT_FOUND', 'QUOTE_ERROR', 'UNCAUGHT_ERROR', 'INVALID_TOKEN_ADDRESS'] as const) {
      const result = scoreScan({ ...clean, taxes: { buyTax: null, sellTax: null, transferTax: null, error } });
      assert.equal(result.raw.security, 100 - INCONCLUSIVE_SIMULATION_PENALTY, error);
      assert.match(result.factors.find((f) => f.factor === `simulation:${error}`)?.detail ?? '', /could not decide/);
      const base = result.factors.find((f) => f.score === 'security' && f.factor === 'base')!;
      assert.doesNotMatch(base.detail, /no risk found/);
    }
    assert.equal(scoreScan({ ...clean, taxes: null }).raw.security, 100 - INCONCLUSIVE_SIMULATION_PENALTY);
  });

  it('charges taxes beyond 5%, doubly beyond 25%', () => {
    const result = scoreScan({ ...clean, taxes: { buyTax: 10, sellTax: 30, transferTax: 0, error: '' } });
    // buy: 10-5 = 5; sell: (30-5) + (30-25) = 30
    assert.equal(result.scores.security, 65);
  });

  it('counts a detector fully once and its repeats at a quarter', () => {
    const reentrancy = { detector: 'reentrancy', severity: 'high' as const, title: 'Reentrancy' };
    const result = scoreScan({ ...clean, findings: [reentrancy, reentrancy, reentrancy] });
    assert.equal(result.raw.security, 100 - SEVERITY_PENALTY.high * 1.5);
  });

  const mint = { detector: 'owner-mint', severity: 'high' as const, title: 'Privileged account can mint tokens' };
  const eoa: PowerHolder = { kind: 'eoa', address: '0x00000000000000000000000000000000000000a1' };
  const powers: Array<[string, Partial<ScoringInput>]> = [
    ['an unlimited mint', { findings: [mint] }],
    ['a blacklist', { findings: [{ detector: 'blacklist', severity: 'high', title: 'blacklist' }] }],
    ['a pause of transfers', { findings: [{ detector: 'pause-transfers', severity: 'high', title: 'pause' }] }],
    ['balance changes', { findings: [{ detector: 'owner-changes-balances', severity: 'critical', title: 'balances' }] }],
    ['fees without a bound', { findings: [{ detector: 'fees-exceed-limit', severity: 'high', title: 'fees' }] }],
    [
      'a mint read from bytecode',
      { findings: [{ detector: 'bytecode-mint', severity: 'high', title: 'mint (from bytecode)' }], unverified: true },
    ],
  ];
  for (const [what, facts] of powers) {
    it(`caps the security score and the rank at C for ${what} held by one account, whatever else looks good`, () => {
      const result = scoreScan({ ...clean, renounced: false, powerHolder: eoa, ...facts });
      assert.ok(result.scores.security! <= ONE_ACCOUNT_CAP.security, String(result.scores.security));
      assert.ok(result.scores.total! <= ONE_ACCOUNT_CAP.total, String(result.scores.total));
      assert.ok(['C', 'D'].includes(result.rank), result.rank);
      const cap = result.factors.find((f) => f.factor === 'cap:powers');
      assert.match(cap?.detail ?? '', /one account \(EOA 0x0+a1\) can /);
    });
  }

  it('weighs a power by its holder: nobody least, a multisig or a timelock half, one account in full', () => {
    const scored = (powerHolder: PowerHolder | null, renounced: boolean | null = false) =>
      scoreScan({ ...clean, renounced, powerHolder, findings: [mint] });
    const one = scored(eoa);
    const multisig = scored({ kind: 'multisig', address: eoa.address, threshold: 3, owners: 5 });
    const timelock = scored({ kind: 'timelock', address: eoa.address, delaySeconds: 2 * 86_400 });
    const nobody = scored({ kind: 'nobody' }, true);
    assert.equal(nobody.raw.security, Math.round((100 - POWER_PENALTY / 4) * 10) / 10);
    assert.equal(nobody.rank, 'AAA', 'renounced: nobody can use the power');
    assert.ok(multisig.scores.total! <= SHARED_HOLDER_CAP.total && multisig.scores.total! > ONE_ACCOUNT_CAP.total);
    assert.equal(multisig.rank, 'B');
    assert.deepEqual(timelock.scores, multisig.scores);
    assert.equal(one.rank, 'C');
    // A 1-of-n multisig or an hour's delay is one account acting at once.
    assert.equal(scored({ kind: 'multisig', address: eoa.address, threshold: 1, owners: 3 }).rank, 'C');
    assert.equal(scored({ kind: 'timelock', address: eoa.address, delaySeconds: 3600 }).rank, 'C');
    // A renounce the code contradicts does not lower anything.
    const fake = scoreScan({
      ...clean,
      renounced: true,
      powerHolder: { kind: 'nobody' },
      findings: [mint, { detector: 'hidden-owner', severity: 'high', title: 'hidden owner' }],
    });
    assert.ok(['C', 'D'].includes(fake.rank), fake.rank);
  });

  it('lowers the cap for every further kind of power: mint and sell block together rank lower than either', () => {
    const blacklist = { detector: 'blacklist', severity: 'high' as const, title: 'blacklist' };
    const burn = { detector: 'owner-burn', severity: 'high' as const, title: 'burn' };
    const one = scoreScan({ ...clean, renounced: false, powerHolder: eoa, findings: [mint] });
    const two = scoreScan({ ...clean, renounced: false, powerHolder: eoa, findings: [mint, blacklist] });
    const three = scoreScan({ ...clean, renounced: false, powerHolder: eoa, findings: [mint, blacklist, burn] });
    assert.equal(one.scores.security, ONE_ACCOUNT_CAP.security);
    assert.equal(two.scores.security, ONE_ACCOUNT_CAP.security - EXTRA_POWER_CAP_STEP);
    assert.equal(three.scores.security, Math.min(ONE_ACCOUNT_CAP.security - 2 * EXTRA_POWER_CAP_STEP, three.raw.security!));
    assert.ok(two.scores.total! <= ONE_ACCOUNT_CAP.total - EXTRA_POWER_CAP_STEP, String(two.scores.total));
    assert.equal(three.rank, 'D');
    // Two findings of one kind are one way to take money, not two.
    const twice = scoreScan({ ...clean, renounced: false, powerHolder: eoa, findings: [mint, { ...mint, detector: 'bytecode-mint' }] });
    assert.equal(twice.factors.find((f) => f.factor === 'cap:powers')?.detail.includes(String(ONE_ACCOUNT_CAP.security)), true);
  });

  it('charges an owner control over trading by its holder, never less than its severity', () => {
    const gate = { detector: 'trading-not-enabled', severity: 'medium' as const, title: 'Trading is disabled until the owner enables it' };
    const owned = scoreScan({ ...clean, renounced: false, powerHolder: eoa, findings: [gate, gate] });
    assert.equal(owned.raw.security, 100 - TRADE_CONTROL_PENALTY * 1.25);
    assert.match(owned.factors.find((f) => f.factor === 'finding:trading-not-enabled')?.detail ?? '', /held by one account/);
    const renounced = scoreScan({ ...clean, renounced: true, powerHolder: { kind: 'nobody' }, findings: [gate] });
    assert.equal(renounced.raw.security, 100 - Math.max(SEVERITY_PENALTY.medium, TRADE_CONTROL_PENALTY / 4));
    const fromBytecode = scoreScan({
      ...clean,
      renounced: false,
      powerHolder: eoa,
      unverified: true,
      findings: [{ detector: 'bytecode-setFees', severity: 'medium', title: 'Privileged account can change fees (from bytecode)' }],
    });
    assert.ok(fromBytecode.factors.some((f) => f.factor === 'finding:bytecode-setFees' && f.effect === -TRADE_CONTROL_PENALTY));
  });

  it('counts each privileged function as a lever its holder keeps, bounded, and less once renounced', () => {
    assert.equal(
      scoreScan({ ...clean, renounced: false, privilegedFunctions: 3 }).raw.security,
      100 - 3 * PRIVILEGED_FUNCTION_PENALTY.each,
    );
    assert.equal(scoreScan({ ...clean, renounced: false, privilegedFunctions: 40 }).raw.security, 100 - PRIVILEGED_FUNCTION_PENALTY.max);
    assert.equal(scoreScan({ ...clean, renounced: true, privilegedFunctions: 40 }).raw.security, 100 - PRIVILEGED_FUNCTION_PENALTY.max / 4);
  });

  it('gives a rank to every total and none without one', () => {
    const variants: ScoringInput[] = [
      clean,
      { ...clean, findings: null, taxes: null },
      { ...clean, findings: [mint], renounced: false },
      { ...clean, liquidityUsd: null, topHolderShares: null },
    ];
    for (const input of variants) {
      const result = scoreScan(input);
      assert.equal(result.rank === '', result.scores.total === null, JSON.stringify([result.rank, result.scores.total]));
    }
  });

  it('writes the base lines from the facts', () => {
    const baseOf = (r: ReturnType<typeof scoreScan>, score: string) =>
      r.factors.find((f) => f.score === score && f.factor === 'base')!.detail;
    assert.doesNotMatch(baseOf(scoreScan({ ...clean, liquidityUsd: 44_000 }), 'market'), /no liquidity/);
    assert.match(baseOf(scoreScan({ ...clean, liquidityUsd: 0 }), 'market'), /no liquidity/);
    assert.doesNotMatch(
      baseOf(scoreScan({ ...clean, taxes: { buyTax: 0, sellTax: null, transferTax: 0, error: 'SELL_FAILED' } }), 'security'),
      /no risk/,
    );
    assert.match(baseOf(scoreScan(clean), 'security'), /no risk found in the code and the simulated trades/);
  });

  it('has no total without a security score, and never calls unknown safe', () => {
    const unknown = scoreScan({
      ...clean,
      findings: null,
      taxes: null,
      topHolderShares: null,
      renounced: null,
      lockedLiquidityShare: null,
      liquidityUsd: null,
      ageDays: null,
      audited: false,
    });
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

  it('adds daily volume and takes points for a price that fell over 30 days; unknown figures change nothing', () => {
    const market = (trading: { volumeUsd: number | null; change30Percent: number | null } | null) =>
      scoreScan({ ...clean, liquidityUsd: 1_000_000, trading }).scores.market;
    assert.equal(market(null), 60);
    assert.equal(market({ volumeUsd: null, change30Percent: null }), 60);
    assert.equal(market({ volumeUsd: 100_000, change30Percent: 0 }), 80, '$100k a day: +20');
    assert.equal(market({ volumeUsd: 10_000, change30Percent: 0 }), 70);
    assert.equal(market({ volumeUsd: 500, change30Percent: -10 }), 60, 'small volume and a small fall: nothing');
    assert.equal(market({ volumeUsd: null, change30Percent: -30 }), 50);
    assert.equal(market({ volumeUsd: null, change30Percent: -60 }), 40);
    const fell = scoreScan({ ...clean, liquidityUsd: 1_000_000, trading: { volumeUsd: null, change30Percent: -60 } });
    assert.ok(fell.factors.some((f) => f.factor === 'price-fall' && f.detail === 'the price fell 60% in 30 days'));
  });

  it('is deterministic', () => {
    assert.deepEqual(scoreScan(clean), scoreScan(structuredClone(clean)));
  });

  it('labels totals', () => {
    assert.deepEqual([100, 85, 84, 55, 40, 25, 24, 0].map(rankOf), ['AAA', 'AAA', 'AA', 'A', 'B', 'C', 'D', 'D']);
  });
});

describe('scores from enrichment (issue 19)', () => {
  const factor = (input: ScoringInput, name: string) => scoreScan(input).factors.find((f) => f.factor === name);

  it('community: the audience across networks, Reddit included, and its growth either way', () => {
    const socials = { twitterFollowers: 5_000, telegramMembers: 3_000, discordMembers: 1_500, redditMembers: 500 };
    // 10,000 across four networks: 25 × log10(100) = 50.
    assert.equal(scoreScan({ ...clean, socials }).scores.community, 50);
    assert.equal(scoreScan({ ...clean, socials, audienceGrowth: 0.2 }).scores.community, 60);
    assert.equal(scoreScan({ ...clean, socials, audienceGrowth: 1 }).scores.community, 65, 'growth adds 15 at most');
    assert.equal(scoreScan({ ...clean, socials, audienceGrowth: -0.1 }).scores.community, 45);
    assert.match(factor({ ...clean, socials, audienceGrowth: -0.1 }, 'audience-decline')!.detail, /shrank 10%/);
  });

  it('fundamentals: repository activity, contributors, organisation and domain age, e-mail checks', () => {
    const base = { ...clean, audited: false, ageDays: null, hasWebsite: false };
    const plain = scoreScan(base).scores.fundamentals!;
    const active = { recentCommits: 99, contributors: 12, organizationAgeDays: 800 };
    assert.equal(scoreScan({ ...base, repository: active }).scores.fundamentals, plain + 10 + 5 + 5);
    assert.equal(factor({ ...base, repository: active }, 'repository-activity')!.detail, '99 commits in the last 4 weeks');
    const fresh = { recentCommits: null, contributors: 1, organizationAgeDays: 3 };
    assert.equal(scoreScan({ ...base, repository: fresh }).scores.fundamentals, plain - 5);
    assert.equal(scoreScan({ ...base, domainAgeDays: 2_000 }).scores.fundamentals, plain + 5);
    assert.equal(scoreScan({ ...base, domainAgeDays: 5 }).scores.fundamentals, plain - 5);
    assert.equal(scoreScan({ ...base, emailChecksPass: true }).scores.fundamentals, plain + 3);
    assert.equal(scoreScan({ ...base, emailChecksPass: false }).scores.fundamentals, plain);
  });

  it('unknown enrichment inputs change nothing (the calibrated model without enrichment)', () => {
    assert.deepEqual(
      scoreScan({ ...clean, audienceGrowth: null, repository: null, domainAgeDays: null, emailChecksPass: null }),
      scoreScan(clean),
    );
  });
});

describe('the score covers the registry', () => {
  it('reads every source detector the way its metadata says, and nothing else by name', () => {
    const known = new Set<string>([
      ...detectors.map((d) => d.meta.id),
      ...BYTECODE_CAPABILITIES.map((c) => `bytecode-${c}`),
      ...FINDING_CODES.map((c) => `solana:${c}`),
    ]);
    for (const d of detectors) {
      const { scoring } = d.meta;
      assert.equal(MONEY_POWER_DETECTORS[d.meta.id], scoring.kind === 'money-power' ? scoring.power : undefined, d.meta.id);
      assert.equal(TRADE_CONTROL_DETECTORS.has(d.meta.id), scoring.kind === 'trade-control', d.meta.id);
    }
    // Every id the score names outside the registry is a real bytecode capability or Solana code.
    for (const id of [...Object.keys(MONEY_POWER_DETECTORS), ...TRADE_CONTROL_DETECTORS]) assert.ok(known.has(id), `${id} is no detector`);
  });

  it('a money-power detector caps the rank, a severity-only one of the same severity does not', () => {
    const finding = (detector: string) => ({ detector, severity: 'high' as const, title: detector });
    // Held by one account: the metadata's money power is what caps the rank, not the severity.
    const eoa: PowerHolder = { kind: 'eoa', address: '0x00000000000000000000000000000000000000a1' };
    const power = scoreScan({ ...clean, renounced: false, powerHolder: eoa, findings: [finding('owner-mint')] });
    const plain = scoreScan({ ...clean, renounced: false, powerHolder: eoa, findings: [finding('reentrancy')] });
    assert.ok(power.factors.some((f) => f.factor === 'cap:powers'));
    assert.ok(!plain.factors.some((f) => f.factor === 'cap:powers'));
    assert.ok(power.scores.security! < plain.scores.security!);
  });
});
