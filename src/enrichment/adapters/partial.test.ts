import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markPartial, partialReason } from './partial.ts';

describe('markPartial / partialReason', () => {
  it('keeps the reason beside the object without changing its shape', () => {
    const stats = { commits: 3 };
    assert.equal(markPartial(stats, 'still computing'), stats);
    assert.equal(partialReason(stats), 'still computing');
    assert.deepEqual(Object.keys(stats), ['commits']);
    assert.equal(JSON.stringify(stats), '{"commits":3}');
  });

  it('joins several reasons and knows nothing about other objects', () => {
    const stats = markPartial(markPartial({}, 'a'), 'b');
    assert.equal(partialReason(stats), 'a; b');
    assert.equal(partialReason({}), undefined);
    assert.equal(partialReason(null), undefined);
    assert.equal(partialReason(42), undefined);
  });
});
