import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeValue, readCall } from './read-values.ts';
import type { WatchedValue } from './watch-plan.ts';

const slot = (offset: number, bytes: number, format: WatchedValue['format']): WatchedValue => ({
  key: 'k',
  kind: 'power-variable-changed',
  label: 'k',
  read: { type: 'storage', address: '0x0000000000000000000000000000000000000001', slot: '0x05', offset, bytes },
  format,
});
const ok = (result: unknown) => ({ ok: true as const, result });

describe('watched values from JSON-RPC answers', () => {
  it('reads a variable packed in its slot by offset and size', () => {
    // slot: [bool at 21][address at 1][uint8 at 0]
    const word = `0x${'0'.repeat(20)}01${'ab'.repeat(20)}07`;
    assert.equal(decodeValue(slot(0, 1, 'uint'), ok(word)), '7');
    assert.equal(decodeValue(slot(1, 20, 'address'), ok(word)), `0x${'ab'.repeat(20)}`);
    assert.equal(decodeValue(slot(21, 1, 'bool'), ok(word)), 'true');
    assert.equal(decodeValue(slot(0, 32, 'int'), ok(`0x${'f'.repeat(64)}`)), '-1');
    assert.equal(decodeValue(slot(0, 32, 'uint'), ok('0x0')), '0', 'short answers are zero-padded');
  });

  it('reads a view; a revert, an empty answer or an error is no value', () => {
    const owner: WatchedValue = {
      ...slot(0, 20, 'address'),
      read: { type: 'call', address: '0x0000000000000000000000000000000000000001', data: '0x8da5cb5b' },
    };
    assert.equal(decodeValue(owner, ok(`0x${'0'.repeat(24)}${'cd'.repeat(20)}`)), `0x${'cd'.repeat(20)}`);
    assert.equal(decodeValue(owner, ok('0x')), null);
    assert.equal(decodeValue(owner, { ok: false, code: 3, message: 'execution reverted' }), null);
    assert.equal(decodeValue(owner, ok('not hex')), null);
    assert.deepEqual(readCall(owner, '0x10'), {
      method: 'eth_call',
      params: [{ to: '0x0000000000000000000000000000000000000001', data: '0x8da5cb5b' }, '0x10'],
    });
    assert.deepEqual(readCall(slot(0, 1, 'bool'), '0x10'), {
      method: 'eth_getStorageAt',
      params: ['0x0000000000000000000000000000000000000001', '0x05', '0x10'],
    });
  });
});
