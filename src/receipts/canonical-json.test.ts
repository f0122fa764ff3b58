import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, canonicalJsonReference, CanonicalJsonError } from './canonical-json.ts';

test('RFC 8785 3.2.2 sample: whitespace removed, numbers and strings normalised', () => {
  const input = JSON.parse(
    '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
  ) as unknown;
  assert.equal(
    canonicalJson(input),
    '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
  );
});

test('RFC 8785 3.2.3 sorting: keys by UTF-16 code units, not by code points or locale', () => {
  const input = {
    '\u20ac': 'Euro Sign',
    '\r': 'Carriage Return',
    '\ufb33': 'Hebrew Letter Dalet With Dagesh',
    '1': 'One',
    '\ud83d\ude00': 'Emoji: Grinning Face',
    '\u0080': 'Control',
    '\u00f6': 'Latin Small Letter O With Diaeresis',
  };
  // Read from the text: a parsed object would list the integer-like key "1" first.
  const keys = [...canonicalJson(input).matchAll(/"((?:[^"\\]|\\.)*)":"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
  assert.deepEqual(keys, ['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
});

test('RFC 8785 appendix B: numbers in ECMAScript form', () => {
  const vectors: [number, string][] = [
    [0, '0'],
    [-0, '0'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [9007199254740992, '9007199254740992'],
    [1e21, '1e+21'],
    [999999999999999900000, '999999999999999900000'],
    [0.000001, '0.000001'],
    [1e-7, '1e-7'],
  ];
  for (const [n, text] of vectors) assert.equal(canonicalJson(n), text, String(n));
});

test('nested objects sort at every level; undefined members are left out like JSON.stringify', () => {
  assert.equal(canonicalJson({ b: [{ z: 1, a: 2 }], a: { d: undefined, c: 'x' } }), '{"a":{"c":"x"},"b":[{"a":2,"z":1}]}');
});

test('values JSON cannot hold are refused, not written', () => {
  assert.throws(() => canonicalJson({ n: Number.NaN }), CanonicalJsonError);
  assert.throws(() => canonicalJson({ n: Infinity }), CanonicalJsonError);
  assert.throws(() => canonicalJson('\ud800'), CanonicalJsonError);
  assert.throws(() => canonicalJson(10n), CanonicalJsonError);
});

test('the fast path and the reference walk write the same text, array-index keys included', () => {
  const values: unknown[] = [
    { '10': 'ten', '9': 'nine', a: [1, { z: null, y: true }], '\r': -0, b: 'x\u2028y' },
    [{ calls: [{ method: 'eth_call', params: [{ to: '0xab', data: '0x' }, 'latest'] }] }],
    { nested: { '0': { '1': [] } } },
    { when: new Date(0), list: [undefined, 1, { b: undefined, a: 0 }] },
    { custom: { toJSON: () => ({ z: 1, a: 2 }) } },
    'plain',
  ];
  for (const v of values) assert.equal(canonicalJson(v), canonicalJsonReference(v));
  assert.equal(canonicalJson({ '10': 1, '9': 2, a: 3 }), '{"10":1,"9":2,"a":3}');
});
