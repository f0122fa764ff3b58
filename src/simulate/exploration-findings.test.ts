import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ExplorationEffect, ExplorationResult } from './explore-privileged.ts';
import { explorationFindings, markStaticFindings, smartAuditKey, withProvenKeys } from './exploration-findings.ts';
import { EMPTY_SMART_AUDIT } from '../scan/build-audit-layout.ts';

const effect = (over: Partial<ExplorationEffect>): ExplorationEffect => ({
  kind: 'sell-blocked',
  signature: 'zq(address,uint8)',
  function: 'zq',
  call: 'zq(holder, 1)',
  caller: '0x00000000000000000000000000000000000000aa',
  callerRole: 'owner/deployer',
  anyone: false,
  evidence: "after `zq(holder, 1)` by 0x…aa (owner/deployer) the holder's sell reverted",
  sellTaxAfter: null,
  sellRestriction: true,
  data: '0x',
  location: { file: 'T.sol', range: [10, 13] },
  predicted: false,
  ...over,
});
const result = (effects: ExplorationEffect[], extra: Partial<ExplorationResult> = {}): ExplorationResult => ({
  privileged: [],
  functions: ['zq(address,uint8)'],
  calls: 4,
  callsWithEffect: 1,
  effects,
  cutShort: '',
  durationMs: 1,
  ...extra,
});

test('an effect fills the smartAudit key it proves, by how the call was aimed', () => {
  assert.equal(smartAuditKey({ kind: 'sell-blocked', call: 'zq(holder, 1)' }), 'blacklist');
  assert.equal(smartAuditKey({ kind: 'sell-blocked', call: 'f([holder], true)' }), 'blacklistMany');
  assert.equal(smartAuditKey({ kind: 'sell-blocked', call: 'halt()' }), 'pause');
  assert.equal(smartAuditKey({ kind: 'sell-tax-raised', call: 'setTaxFee(holder, 99)' }), 'setFees');
  assert.equal(smartAuditKey({ kind: 'sell-limited', call: 'm(0)' }), 'maxTxAmount');
  const audit = withProvenKeys(EMPTY_SMART_AUDIT, result([effect({})]));
  assert.deepEqual(audit.blacklist, [{ range: [10, 13], file: 'T.sol' }]);
});

test('an effect the analysis did not predict is a finding found by behaviour, located and with its evidence', () => {
  const [f] = explorationFindings(result([effect({})]), { 'T.sol': 'x\n'.repeat(20) });
  assert.match(f!.title, /found by behaviour/);
  assert.deepEqual(f!.ranges, [[10, 13]]);
  assert.match(f!.description, /the holder's sell reverted/);
  assert.equal(f!.origin, 'simulation');
});

test('static findings are marked proven by an effect in their lines, unproven with why otherwise', () => {
  const findings = [
    { detector: 'blacklist', file: 'T.sol', ranges: [[9, 14]] },
    { detector: 'fees', file: 'T.sol', ranges: [[30, 33]] },
  ];
  const marked = markStaticFindings(
    findings,
    result([effect({})], { unproven: [{ signature: 'setFee(uint256)', line: 30, why: 'the holder could still sell (tax 0%)' }] }),
  );
  assert.deepEqual(marked[0]!.simulation, { proven: true, evidence: effect({}).evidence });
  assert.deepEqual(marked[1]!.simulation, { proven: false, why: 'the holder could still sell (tax 0%)' });
});
