import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeSpans } from './code-spans.ts';

test('calls in backticks become code spans; the words around them stay text', () => {
  assert.deepEqual(codeSpans('The owner can block your sell: `blacklist(holder, true)` was shown.'), [
    { text: 'The owner can block your sell: ', code: false },
    { text: 'blacklist(holder, true)', code: true },
    { text: ' was shown.', code: false },
  ]);
});

test('no backticks, or one left unpaired, is plain text', () => {
  assert.deepEqual(codeSpans('You can sell now.'), [{ text: 'You can sell now.', code: false }]);
  assert.deepEqual(codeSpans('a ` b'), [{ text: 'a ` b', code: false }]);
  assert.deepEqual(codeSpans(''), []);
});
