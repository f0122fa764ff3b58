import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalSignature } from './canonical-signature.ts';
import { parseSignatureQuery } from './parse-signature-query.ts';
import { SignatureQueryError } from './signature-errors.ts';

test('canonicalises names, spaces, aliases, tuples and arrays', () => {
  assert.equal(canonicalSignature(' transfer(address to, uint amount) '), 'transfer(address,uint256)');
  assert.equal(canonicalSignature('function f(uint[] memory a, int b, byte c, address payable d)'), 'f(uint256[],int256,bytes1,address)');
  assert.equal(
    canonicalSignature('event Transfer(address indexed from, address indexed to, uint value)'),
    'Transfer(address,address,uint256)',
  );
  assert.equal(canonicalSignature('swap((uint, address)[2] calldata s, tuple(bool)[] t)'), 'swap((uint256,address)[2],(bool)[])');
  assert.equal(canonicalSignature('fixedOne(fixed x, ufixed y)'), 'fixedOne(fixed128x18,ufixed128x18)');
  assert.equal(canonicalSignature('noArgs()'), 'noArgs()');
});

test('rejects what is not a signature with a clear message', () => {
  const cases: [string, RegExp][] = [
    ['', /empty/],
    ['balanceOf', /name\(type1,type2\)/],
    ['balanceOf(address', /unbalanced/],
    ['f(address,)', /empty parameter/],
    ['f(Token t)', /unknown type Token/],
    ['f(mapping(address => uint))', /not a parameter type/],
    ['f(uint a b)', /unexpected/],
    ['f(uint[n])', /array sizes/],
    ['f(uint) extra', /unexpected "extra"/],
    [`f(${'uint,'.repeat(300)}uint)`, /longer than/],
  ];
  for (const [input, message] of cases)
    assert.throws(
      () => canonicalSignature(input),
      (e: unknown) => e instanceof SignatureQueryError && message.test(e.message),
      input,
    );
});

test('a query is a selector, a topic or a text signature', () => {
  assert.deepEqual(parseSignatureQuery('0x70A08231'), { by: 'selector', hash: '0x70a08231' });
  assert.deepEqual(parseSignatureQuery('70a08231'), { by: 'selector', hash: '0x70a08231' });
  const topic = `0x${'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'}`;
  assert.deepEqual(parseSignatureQuery(topic), { by: 'topic', hash: topic });
  assert.deepEqual(parseSignatureQuery('balanceOf(address owner)'), { by: 'text', text: 'balanceOf(address)' });
  assert.throws(() => parseSignatureQuery('0x70a082'), /8 hex digits/);
  assert.throws(() => parseSignatureQuery('0xzz'), /hex/);
  assert.throws(() => parseSignatureQuery(42), /q must be a string/);
  assert.throws(() => parseSignatureQuery(undefined), SignatureQueryError);
});
