import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findContracts } from './find-contracts.ts';
import { lexSolidity } from './lex-solidity.ts';

test('finds top-level contracts, interfaces and libraries with their spans and bases', () => {
  const src = [
    'interface IThing { function f() external; }',
    'library L { struct S { uint a; } }',
    'abstract contract Base is IThing, Ownable(msg.sender) { function g() internal { if (true) { } } }',
    'contract Final is Base { string s = "contract Fake {"; }',
  ].join('\n');
  const found = findContracts(lexSolidity(src));
  assert.deepEqual(
    found.map((c) => [c.name, c.kind, c.abstract, c.bases]),
    [
      ['IThing', 'interface', false, []],
      ['L', 'library', false, []],
      ['Base', 'contract', true, ['IThing', 'Ownable']],
      ['Final', 'contract', false, ['Base']],
    ],
  );
  const base = found[2];
  assert.ok(base);
  assert.equal(src.slice(base.start, base.end), src.split('\n')[2]);
});

test('an unclosed contract runs to the end of the text', () => {
  const src = 'contract Broken { function f() public {';
  const [c] = findContracts(lexSolidity(src));
  assert.equal(c?.name, 'Broken');
  assert.equal(c?.end, src.length);
});
