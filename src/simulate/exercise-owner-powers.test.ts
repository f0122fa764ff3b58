import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hitPoolLimit } from './exercise-owner-powers.ts';

describe('hitPoolLimit', () => {
  it("tells the pair's reserve overflow apart from a token that refuses the sell", () => {
    assert.equal(hitPoolLimit({ ok: false, reason: 'UniswapV2: OVERFLOW' }), true);
    assert.equal(hitPoolLimit({ ok: false, reason: 'Transaction reverted without a reason' }), false);
    assert.equal(hitPoolLimit({ ok: false, reason: 'UniswapV2: TRANSFER_FAILED' }), false);
    assert.equal(hitPoolLimit({ ok: true, reason: '' }), false);
  });
});
