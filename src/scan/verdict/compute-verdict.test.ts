import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { VerdictSchema } from '../../interface/schemas/verdict.ts';
import { computeVerdict, type RiskCategory, type VerdictInput } from './compute-verdict.ts';

const CATEGORIES: RiskCategory[] = [
  { id: 'honeypot', name: 'Honeypot', smartAuditKeys: [], findings: ['sell-restriction'] },
  { id: 'mintable', name: 'Mintable', smartAuditKeys: ['mint'], findings: ['owner-mint'] },
  { id: 'blacklist', name: 'Blacklist', smartAuditKeys: ['blacklist'], findings: ['blacklist'] },
  { id: 'slippage-modification', name: 'Slippage (tax) modification', smartAuditKeys: ['setFees'], findings: ['fee-setter'] },
];

const plain: VerdictInput = {
  taxes: { buyTax: 0, sellTax: 0, error: '' },
  findings: [],
  analysisComplete: true,
  smartAudit: { mint: [], blacklist: [], setFees: [] },
  powers: [],
  categories: CATEGORIES,
};

describe('computeVerdict', () => {
  it('a plain token: buy and sell yes, every category no, and the words say so', () => {
    const v = computeVerdict(plain);
    assert.equal(v.canBuy, 'yes');
    assert.equal(v.canSell, 'yes');
    assert.deepEqual(
      v.risks.map((r) => r.answer),
      ['no', 'no', 'no', 'no'],
    );
    assert.equal(v.summary, 'You can sell now (sell tax 0 %).');
    assert.ok(Value.Check(VerdictSchema, v), JSON.stringify([...Value.Errors(VerdictSchema, v)]));
  });

  it('a honeypot: cannot sell, with the simulated sell as evidence and its reason in the words', () => {
    const v = computeVerdict({
      ...plain,
      taxes: { buyTax: 0, sellTax: null, error: 'SELL_FAILED' },
      simulationReason: 'the sell reverted with "trading is not open"',
    });
    assert.equal(v.canBuy, 'yes');
    assert.equal(v.canSell, 'no');
    const honeypot = v.risks.find((r) => r.id === 'honeypot')!;
    assert.equal(honeypot.answer, 'yes');
    assert.deepEqual(honeypot.evidence, [{ kind: 'simulation', step: 'sell', detail: 'the sell reverted with "trading is not open"' }]);
    assert.match(v.summary, /^You cannot sell: the sell reverted/);
  });

  it('a blacklist token: can sell now, but a proven owner call blocks the sell, with who holds it', () => {
    const v = computeVerdict({
      ...plain,
      findings: [{ detector: 'blacklist', severity: 'high', file: 'T.sol', ranges: [[12, 14]] }],
      smartAudit: { ...plain.smartAudit, blacklist: [{ range: [12, 14] }] },
      ownerActions: [
        { kind: 'blacklist', call: 'setBlacklist(holder, true)', executed: true, sellAfter: 'failed', sellTaxAfter: null, line: 12 },
        { kind: 'blacklist', call: 'setBlacklist(pair, true)', executed: false, sellAfter: 'not-run', sellTaxAfter: null },
      ],
      powers: [{ power: 'sell-block', holder: { kind: 'eoa', address: '0xabc' } }],
    });
    assert.equal(v.canSell, 'yes');
    assert.deepEqual(v.sellAfterOwnerActions, [
      { call: 'setBlacklist(holder, true)', effect: 'blocks', sellTaxAfter: null, by: 'eoa', line: 12 },
    ]);
    assert.deepEqual(v.powerHolders, [{ power: 'sell-block', holder: 'eoa', address: '0xabc' }]);
    const blacklist = v.risks.find((r) => r.id === 'blacklist')!;
    assert.equal(blacklist.answer, 'yes');
    assert.deepEqual(blacklist.evidence[0], { kind: 'finding', detector: 'blacklist', severity: 'high', file: 'T.sol', lines: [[12, 14]] });
    assert.equal(blacklist.evidence[1]?.kind, 'simulation');
    assert.equal(
      v.summary,
      "You can sell now (sell tax 0 %). The owner can block your sell: `setBlacklist(holder, true)` was shown to make a holder's sell revert.",
    );
  });

  it('a fee setter proven to raise the sell tax past half is a taxing owner action; a small raise is not', () => {
    const v = computeVerdict({
      ...plain,
      taxes: { buyTax: 5, sellTax: 5, error: '' },
      findings: [{ detector: 'fee-setter', severity: 'medium' }],
      ownerActions: [
        { kind: 'set-fees', call: 'setFee(99)', executed: true, sellAfter: 'passed', sellTaxAfter: 99 },
        { kind: 'set-fees', call: 'setFee(10)', executed: true, sellAfter: 'passed', sellTaxAfter: 10 },
      ],
    });
    assert.deepEqual(
      v.sellAfterOwnerActions.map((a) => [a.call, a.effect, a.sellTaxAfter]),
      [['setFee(99)', 'taxes', 99]],
    );
    assert.match(v.summary, /tax your sell away: after `setFee\(99\)` a holder's sell paid 99 %/);
  });

  it('unverified code: absences are unknown with the reason, never no; a sell not simulated is unknown', () => {
    const v = computeVerdict({
      ...plain,
      taxes: null,
      simulationReason: 'no pool was found',
      findings: [{ detector: 'owner-mint', severity: 'high' }],
      analysisComplete: false,
      incompleteReason: 'the contract is not verified: only its bytecode was read',
    });
    assert.equal(v.canBuy, 'unknown');
    assert.equal(v.canSell, 'unknown');
    assert.equal(v.risks.find((r) => r.id === 'mintable')!.answer, 'yes');
    const blacklist = v.risks.find((r) => r.id === 'blacklist')!;
    assert.equal(blacklist.answer, 'unknown');
    assert.equal(blacklist.reason, 'the contract is not verified: only its bytecode was read');
    assert.match(v.summary, /^Whether you can sell is not known: no pool was found\./);
  });

  it('a sell that fails later is a delayed trap and a honeypot yes', () => {
    const v = computeVerdict({
      ...plain,
      delayedSells: [{ after: '1 day', failed: true, detail: 'the sell reverted a day after the buy' }],
    });
    assert.deepEqual(v.delayed, [{ after: '1 day', detail: 'the sell reverted a day after the buy' }]);
    assert.equal(v.risks.find((r) => r.id === 'honeypot')!.answer, 'yes');
    assert.match(v.summary, /fails after 1 day/);
  });
});
