import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lexSolidity, TokenKind, tokenText } from './lex-solidity.ts';

const texts = (src: string): string[] => {
  const s = lexSolidity(src);
  return Array.from({ length: s.count }, (_, i) => tokenText(s, i));
};

test('drops comments and whitespace and keeps offsets', () => {
  const src = '/* head */ uint256 x = 0x1F; // tail\nx >>= 2;';
  const s = lexSolidity(src);
  assert.deepEqual(texts(src), ['uint256', 'x', '=', '0x1F', ';', 'x', '>>=', '2', ';']);
  assert.equal(src.slice(s.starts[0], s.ends[0]), 'uint256');
  assert.equal(s.kinds[3], TokenKind.Number);
  assert.equal(s.starts[6], src.indexOf('>>='));
});

test('lexes strings, hex and unicode literals and scientific numbers as single tokens', () => {
  assert.deepEqual(texts(`a = "x\\"y"; b = hex"00ff"; c = unicode"é"; d = 1.5e18; e = 1_000 ether;`), [
    'a',
    '=',
    '"x\\"y"',
    ';',
    'b',
    '=',
    'hex"00ff"',
    ';',
    'c',
    '=',
    'unicode"é"',
    ';',
    'd',
    '=',
    '1.5e18',
    ';',
    'e',
    '=',
    '1_000',
    'ether',
    ';',
  ]);
});

test('survives unterminated strings and comments and stray characters', () => {
  assert.deepEqual(texts('x = "open\ny; /* never closed'), ['x', '=', '"open', 'y', ';']);
  assert.deepEqual(texts('#§\\'), ['#', '§', '\\']);
  assert.equal(lexSolidity('').count, 0);
});
