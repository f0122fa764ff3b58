import { test } from 'node:test';
import assert from 'node:assert/strict';
import { taxPercent } from './measure-tax.ts';

test('taxPercent gives percent with two decimals from raw amounts', () => {
  assert.equal(taxPercent(10n ** 18n, 95n * 10n ** 16n), 5);
  assert.equal(taxPercent(10_000n, 10_000n), 0);
  assert.equal(taxPercent(10_000n, 0n), 100);
  assert.equal(taxPercent(30_000n, 29_000n), 3.33);
  assert.equal(taxPercent(1000n, 1010n), -1);
  assert.equal(taxPercent(0n, 5n), null);
});
