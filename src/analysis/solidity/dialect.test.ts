import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSourceUnit } from './source-unit.ts';
import { pre08Syntax } from './dialect.ts';

const unit = (body: string, pragma = '>=0.5.0') =>
  createSourceUnit('a.sol', `pragma solidity ${pragma};\ncontract A {\n uint x;\n ${body}\n}\n`, false);

test('syntax removed before 0.8 is found under an open pragma', () => {
  const cases: [string, string][] = [
    ['function f() public { if (x == 1) throw; }', '`throw`'],
    ['function f() public { x = now; }', '`now`'],
    ['function f() public { suicide(msg.sender); }', '`suicide`'],
    ['function f() public { var y = x; y; }', '`var`'],
    ['function f() constant returns (uint) { return x; }', '`constant` functions'],
    ['function f() public { msg.sender.call.value(1)(""); }', '`.value()`'],
    ['function f() public { x = 2 years; }', '`years`'],
    ['function () payable { }', 'an unnamed fallback `function ()`'],
    ['function A() public { x = 1; }', 'a constructor named after its contract'],
  ];
  for (const [body, want] of cases) assert.equal(pre08Syntax(unit(body)), want, body);
});

test('current syntax, and look-alikes of the removed forms, are not markers', () => {
  for (const body of [
    'function f() public view returns (uint) { return block.timestamp + x; }',
    'struct S { uint now; } function f(S memory s) public pure returns (uint) { return s.now; }',
    'function f() public { (bool ok, ) = msg.sender.call{value: 1}(""); require(ok); }',
    'fallback() external payable { } receive() external payable { }',
    'constructor() { x = 1; } function value() public pure returns (uint) { return 1; }',
    'uint constant Y = 1 days;',
  ])
    assert.equal(pre08Syntax(unit(body, '^0.8.0')), undefined, body);
});
