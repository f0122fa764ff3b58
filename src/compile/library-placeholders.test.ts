import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { compileSolidity } from './compile-solidity.ts';
import { selectTokenContract } from './select-contract.ts';
import { placeholders, withLibraries } from './library-placeholders.ts';

test('a selected token comes with the libraries it links, and nothing else', () => {
  const source = readFileSync(new URL('../simulate/__fixtures__/LibraryToken.sol', import.meta.url), 'utf8');
  const out = compileSolidity({ 'LibraryToken.sol': source }, { optimize: false });
  const token = selectTokenContract(out.contracts)!;
  assert.ok(placeholders(token.bytecode).length > 0, 'the fixture links a library');
  const kept = withLibraries(token, out.contracts);
  assert.equal(kept[0], token);
  assert.ok(kept.length >= 2 && kept.length <= out.contracts.length);
  // Every placeholder of every kept contract is answered by a kept contract.
  for (const c of kept) for (const p of placeholders(c.bytecode)) assert.ok(kept.some((k) => p.includes(k.name) || p.startsWith('__$')));
  // A contract with no placeholders comes alone.
  const plain = out.contracts.find((c) => c.bytecode.length > 2 && placeholders(c.bytecode).length === 0)!;
  assert.deepEqual(withLibraries(plain, out.contracts), [plain]);
});
