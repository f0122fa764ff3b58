import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSource } from './scan-source.ts';
import type { ExplorationResult } from '../simulate/explore-privileged.ts';
import { EMPTY_SMART_AUDIT } from './build-audit-layout.ts';

const exploration: ExplorationResult = {
  privileged: [{ address: '0x00000000000000000000000000000000000000aa', role: 'owner/deployer' }],
  functions: ['zq(address,uint8)'],
  calls: 6,
  callsWithEffect: 1,
  effects: [
    {
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
      location: { file: 'T.sol', range: [4, 7] },
      predicted: false,
    },
  ],
  cutShort: '',
  durationMs: 12,
  unproven: [],
};

test('a source scan fills the smartAudit key the exploration proved, with a finding found by behaviour', async () => {
  const r = await scanSource(
    {
      analyze: () => ({ smartAudit: EMPTY_SMART_AUDIT, findings: [] }),
      simulateSource: async () => ({
        taxes: { buyTax: 0, sellTax: 0, transferTax: 0, buyGas: 1, sellGas: 1, transferGas: 1, error: '' },
        reason: '',
        compiler: {
          version: '0.8.20',
          longVersion: '0.8.20+commit.a1b79de6',
          contract: 'T',
          file: 'T.sol',
          durationMs: 1,
          error: '',
          notes: [],
        },
        meta: { mode: 'local', scope: '', reason: '', error: '', durationMs: 1, roundTrips: 0, stages: [], ownerActions: [], exploration },
      }),
    },
    { 'T.sol': 'contract T {\n\n\n  function zq(address a, uint8 m) external {\n    m_[a] = m;\n  }\n\n}\n' },
  );
  assert.deepEqual(r.smartAudit.blacklist, [{ range: [4, 7], file: 'T.sol' }]);
  const f = r.findings.find((x) => x.detector === 'exploration-sell-blocked');
  assert.ok(f);
  assert.match(f.title, /found by behaviour/);
  assert.deepEqual(f['ranges'], [[4, 7]]);
  assert.deepEqual((r.simulation as { exploration?: unknown }).exploration, exploration);
  // The verdict (issue 29) says it first: sells now, and who can stop that, by which call.
  assert.equal(r.verdict.canSell, 'yes');
  assert.deepEqual(r.verdict.sellAfterOwnerActions, [
    { call: 'zq(holder, 1)', effect: 'blocks', sellTaxAfter: null, by: 'owner/deployer', line: 4 },
  ]);
  assert.match(r.verdict.summary, /The owner can block your sell: `zq\(holder, 1\)`/);
  // The Blacklist row cites the proof itself (the call and what it did), not only a static line.
  const blacklist = r.verdict.risks.find((x) => x.id === 'blacklist');
  assert.equal(blacklist?.answer, 'yes');
  assert.ok(
    blacklist?.evidence.some((e) => e.kind === 'simulation' && e.step === 'zq(holder, 1)' && /holder's sell reverted/.test(e.detail ?? '')),
    JSON.stringify(blacklist?.evidence),
  );
});

test('a sell blocked by a call aimed at no one in particular is proven on the Transfer pausable row, not the Blacklist one', async () => {
  const paused: ExplorationResult = {
    ...exploration,
    effects: [{ ...exploration.effects[0]!, call: 'zq(pair, 1)', evidence: "after `zq(pair, 1)` the holder's sell reverted" }],
  };
  const r = await scanSource(
    {
      analyze: () => ({ smartAudit: EMPTY_SMART_AUDIT, findings: [] }),
      simulateSource: async () => ({
        taxes: { buyTax: 0, sellTax: 0, transferTax: 0, buyGas: 1, sellGas: 1, transferGas: 1, error: '' },
        reason: '',
        compiler: { version: '0.8.20', longVersion: '0.8.20', contract: 'T', file: 'T.sol', durationMs: 1, error: '', notes: [] },
        meta: {
          mode: 'local',
          scope: '',
          reason: '',
          error: '',
          durationMs: 1,
          roundTrips: 0,
          stages: [],
          ownerActions: [],
          exploration: paused,
        },
      }),
    },
    { 'T.sol': 'contract T {\n\n\n  function zq(address a, uint8 m) external {\n    m_[a] = m;\n  }\n\n}\n' },
  );
  const pausable = r.verdict.risks.find((x) => x.id === 'transfer-pausable');
  assert.equal(pausable?.answer, 'yes');
  assert.ok(
    pausable?.evidence.some((e) => e.kind === 'simulation' && e.step === 'zq(pair, 1)'),
    JSON.stringify(pausable?.evidence),
  );
  assert.ok(!r.verdict.risks.find((x) => x.id === 'blacklist')?.evidence.some((e) => e.kind === 'simulation'));
});
