import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jobKey, toPlainData } from './job-runner.ts';

describe('jobKey', () => {
  it('ignores the case of the network and of hex addresses, but not of base58 ones', () => {
    assert.equal(jobKey({ network: 'bsc', address: '0xAbCd' }), 'BSC:0xabcd');
    assert.equal(
      jobKey({ network: 'SOL', address: 'So11111111111111111111111111111111111111112' }),
      'SOL:So11111111111111111111111111111111111111112',
    );
    assert.notEqual(jobKey({ network: 'SOL', address: 'AbC' }), jobKey({ network: 'SOL', address: 'abc' }));
  });
});

describe('toPlainData', () => {
  it('gives what a queue would give back: JSON only', () => {
    assert.deepEqual(toPlainData({ at: new Date(0), gone: undefined, list: [1, 'a', null] }), {
      at: '1970-01-01T00:00:00.000Z',
      list: [1, 'a', null],
    });
    assert.throws(() => toPlainData({ big: 1n }), TypeError);
  });
});
