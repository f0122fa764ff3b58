import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildProgram } from '../build-program.ts';
import { Scope } from '../scope.ts';
import { functionIR, type FunctionIR } from './cfg.ts';
import { effectsOf } from './effects.ts';
import { resultChecked } from './queries.ts';
import { analyzeSources } from '../../analyze.ts';

function irOf(source: string, contract: string, fn: string): { ir: FunctionIR; scope: Scope } {
  const program = buildProgram(new Map([['t.sol', source]]));
  const c = program.contracts.find((x) => x.name === contract)!;
  const scope = new Scope(program, c);
  const f = c.functions.find((x) => x.name === fn)!;
  return { ir: functionIR(scope, f), scope };
}

const LEGACY = `pragma solidity ^0.4.24;
contract Bank {
  mapping(address => uint) balances;
  uint counter;
  event Paid(address to, uint amount);
  function Bank() public { counter = 1; }
  function pay(address to, uint amount) public {
    var before = counter;
    if (!to.call.gas(5000).value(amount)()) throw;
    balances[to] -= amount;
    Paid(to, amount);
    counter++;
  }
  function kill() public { suicide(msg.sender); }
}`;

test('0.4 dialect lowers to calls, writes, events and revert edges', () => {
  const { ir } = irOf(LEGACY, 'Bank', 'pay');
  const calls = ir.calls.filter((c) => c.kind === 'call');
  assert.equal(calls.length, 1, 'a.call.gas(g).value(v)() is one low-level call');
  assert.equal(calls[0]!.sendsEth, true);
  assert.equal(calls[0]!.value?.text, 'amount');
  assert.equal(resultChecked(calls[0]!, ir), true, 'tested by the if');
  const ops = ir.nodes.flatMap((n) => n.ops);
  assert.ok(
    ops.some((o) => o.k === 'write' && o.v.name === 'balances' && o.op === 'dec'),
    'compound write',
  );
  assert.ok(
    ops.some((o) => o.k === 'write' && o.v.name === 'counter' && o.op === 'inc'),
    '++ write',
  );
  assert.ok(
    ops.some((o) => o.k === 'event' && o.name === 'Paid'),
    'event without emit',
  );
  assert.ok(ir.locals.has('before'), '`var` declares a local');
  // `throw` ends a path: the revert node has a predecessor.
  assert.ok(ir.nodes.some((n) => n.succ.some((e) => e.to === ir.revert)));
  const kill = irOf(LEGACY, 'Bank', 'kill').ir;
  assert.equal(kill.calls[0]?.kind, 'selfdestruct', 'suicide is selfdestruct');
});

test('effects: writes that follow a re-entrant call on some path, through internal calls', () => {
  const source = `pragma solidity ^0.8.0;
contract V {
  mapping(address => uint) b;
  uint n;
  function w(bool early) external {
    if (early) { n = 1; return; }
    (bool ok,) = msg.sender.call{value: b[msg.sender]}("");
    require(ok);
    clear();
  }
  function clear() internal { b[msg.sender] = 0; }
}`;
  const { ir, scope } = irOf(source, 'V', 'w');
  const after = effectsOf(scope, ir.fn).afterCall;
  assert.deepEqual(
    after.map((a) => a.write?.v.name),
    ['b'],
    'n is written only on the branch without the call',
  );
});

test('an unresolved import or base gives a partial model and diagnostics, not silence', () => {
  const r = analyzeSources({
    'a.sol':
      'pragma solidity ^0.8.0;\nimport "./Missing.sol";\ncontract T is Missing { function f() external { selfdestruct(payable(msg.sender)); } }',
  });
  assert.equal(r.partial, true);
  assert.ok(r.diagnostics.some((d) => d.kind === 'unresolved-import'));
  assert.ok(r.diagnostics.some((d) => d.kind === 'inheritance' && /Missing/.test(d.message)));
  assert.ok(
    r.findings.some((f) => f.detector === 'selfdestruct'),
    'what is known is still analysed',
  );
});

test('a legacy constructor named after its contract is a constructor', () => {
  const program = buildProgram(new Map([['t.sol', LEGACY]]));
  const bank = program.contracts.find((c) => c.name === 'Bank')!;
  assert.equal(bank.functions.find((f) => f.name === 'constructor')?.kind, 'constructor');
});

test('a 0.4 `constant` function is a view function, not a modifier call', () => {
  const program = buildProgram(
    new Map([['t.sol', 'pragma solidity ^0.4.24;\ncontract A { uint x; function get() public constant returns (uint) { return x; } }']]),
  );
  const get = program.contracts[0]!.functions.find((f) => f.name === 'get')!;
  assert.equal(get.mutability, 'view');
  assert.deepEqual(get.modifiers, []);
});
