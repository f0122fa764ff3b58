import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { toEventSignature, toFunctionSignature, type AbiEvent, type AbiFunction } from 'viem';
import { compileSolidity } from '../analysis/bytecode/__fixtures__/compile-solidity.ts';
import { extractSignatures } from './extract-signatures.ts';
import { signatureHashes } from './signature-hash.ts';

const require = createRequire(import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

function solFiles(dir: string, out: Record<string, string> = {}): Record<string, string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) solFiles(path, out);
    else if (path.endsWith('.sol')) out[path] = readFileSync(path, 'utf8');
  }
  return out;
}

/** Every function, event and error signature in the compiled ABI of each contract. */
function abiSignatures(sources: Record<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const c of compileSolidity(sources)) {
    const set = new Set<string>();
    for (const [sig, selector] of Object.entries(c.methodIdentifiers)) {
      assert.equal(signatureHashes(sig).selector, `0x${selector}`, sig);
      set.add(`function ${sig}`);
    }
    for (const item of c.abi) {
      if (item.type === 'event') set.add(`event ${toEventSignature(item as AbiEvent)}`);
      if (item.type === 'error') set.add(`error ${toFunctionSignature(item as unknown as AbiFunction)}`);
    }
    out.set(c.name, set);
  }
  return out;
}

function extracted(sources: Record<string, string>): Set<string> {
  const result = extractSignatures(sources);
  assert.deepEqual(result.unresolved, []);
  return new Set(result.contracts.flatMap((c) => c.signatures.map((s) => `${s.kind} ${s.text}`)));
}

test('canonical signatures match what solc compiles: structs, enums, value types, getters, function types', () => {
  const sources = { 'Kitchen.sol': fixture('Kitchen.sol') };
  const ours = extracted(sources);
  const compiled = abiSignatures(sources);
  const kitchen = compiled.get('Kitchen');
  assert.ok(kitchen && kitchen.size > 10);
  for (const set of compiled.values()) for (const sig of set) assert.ok(ours.has(sig), `missing ${sig}`);
  // Internal and private functions have no selector and are not listed.
  assert.ok(![...ours].some((s) => s.includes('_internalHelper') || s.includes('_private') || s.includes('max(')));
});

test('OpenZeppelin 5 tokens: every ABI entry of the compiled contracts is extracted from the library sources', () => {
  const oz = solFiles(dirname(require.resolve('@openzeppelin/contracts/package.json')));
  const sources = { 'OzTokens.sol': fixture('OzTokens.sol') };
  const ours = extracted({ ...oz, ...sources });
  const compiled = abiSignatures(sources);
  for (const name of ['VotesToken', 'Collectible']) {
    const set = compiled.get(name);
    assert.ok(set && set.size > 20, name);
    for (const sig of set) assert.ok(ours.has(sig), `${name}: missing ${sig}`);
  }
});

test('old syntax: default public functions, constant, uint/byte aliases; unknown types reported', () => {
  const result = extractSignatures({
    'Old.sol': `pragma solidity ^0.4.24;
      contract Old {
        mapping (address => uint) public balanceOf;
        function transfer(address _to, uint _value) returns (bool success) {}
        function get(byte b) constant returns (uint) {}
        function take(Missing m) public {}
        uint[N] public sized;
        function internalOne() internal {}
      }`,
  });
  assert.deepEqual(
    result.contracts[0]?.signatures.map((s) => s.text),
    [
      'balanceOf(address)',
      'transfer(address,uint256)',
      'get(bytes1)',
      // A getter indexes a fixed-size array by uint256 whatever its size.
      'sized(uint256)',
    ],
  );
  assert.deepEqual(
    result.unresolved.map((u) => [u.name, u.reason]),
    [['take', 'type Missing is not defined in the given sources']],
  );
});

test('a public array sized by a constant is reported, not guessed; broken code does not throw', () => {
  const result = extractSignatures({ 'A.sol': 'contract A { uint constant N = 3; function f(uint[N] calldata x) external {} }' });
  assert.equal(result.unresolved[0]?.reason, 'array size N is not a number');
  assert.doesNotThrow(() => extractSignatures({ 'B.sol': 'contract B { function f(uint a, ) external { ( } event E(' }));
  assert.doesNotThrow(() => extractSignatures({ 'C.sol': '}}}{{{ function ( ) ; struct S { mapping ( => ) } ' }));
});
