import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildProgram } from './build-program.ts';

function lin(src: string, name: string): string[] {
  const p = buildProgram(new Map([['a.sol', src]]));
  return p.contracts.find((c) => c.name === name)!.linearization.map((c) => c.name);
}

test('C3 linearisation follows solc (right-most base is most derived)', () => {
  const src = 'contract X {} contract A is X {} contract B is X {} contract C is A, B {}';
  assert.deepEqual(lin(src, 'C'), ['C', 'B', 'A', 'X']);
  // The Solidity documentation's example: Final is Base1, Base2 → Final, Base2, Base1, Identity.
  assert.deepEqual(
    lin('contract Identity {} contract Base1 is Identity {} contract Base2 is Identity {} contract Final is Base1, Base2 {}', 'Final'),
    ['Final', 'Base2', 'Base1', 'Identity'],
  );
});

test('an impossible order is a diagnostic, not an exception', () => {
  const p = buildProgram(new Map([['a.sol', 'contract X {} contract A is X {} contract C is A, X {}']]));
  assert.ok(p.diagnostics.some((d) => d.kind === 'inheritance' && /impossible/.test(d.message)));
});
