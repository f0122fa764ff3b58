import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lexSolidity, tokenText } from './lex-solidity.ts';
import { normalizeTokens, SYMBOL_IDENTIFIER, SYMBOL_NUMBER, SYMBOL_STRING } from './normalize-tokens.ts';

const symbols = (src: string): number[] => Array.from(normalizeTokens(lexSolidity(src)).symbols);

test('renaming identifiers and changing literals gives the same symbols', () => {
  const a = 'contract A { uint256 total = 100; function f(address to) public { total = 5; emit E("a"); } }';
  const b = 'contract Zed { uint256 supply = 7; function g(address who) public { supply = 9; emit Q("bb"); } }';
  assert.deepEqual(symbols(a), symbols(b));
});

test('keywords, types and operators keep their own symbol', () => {
  assert.notDeepEqual(symbols('uint256 a = b + c;'), symbols('uint128 a = b + c;'));
  assert.notDeepEqual(symbols('uint256 a = b + c;'), symbols('uint256 a = b - c;'));
  assert.notDeepEqual(symbols('require(msg.sender == a);'), symbols('require(tx.origin == a);'));
  const s = symbols('x = 1 + "s";');
  assert.deepEqual([s[0], s[2], s[4]], [SYMBOL_IDENTIFIER, SYMBOL_NUMBER, SYMBOL_STRING]);
});

test('drops top-level pragma and import directives but keeps their offsets mapping', () => {
  const src = 'pragma solidity ^0.8.0;\nimport "./A.sol";\nimport {B} from "b.sol";\ncontract C {}';
  const stream = lexSolidity(src);
  const n = normalizeTokens(stream);
  assert.equal(n.count, 4);
  assert.equal(tokenText(stream, n.tokenIndex[0] ?? 0), 'contract');
  assert.deepEqual(symbols(src), symbols('contract C {}'));
});
