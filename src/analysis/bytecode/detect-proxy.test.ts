import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectProxy } from './detect-proxy.ts';

const IMPL = 'bebebebebebebebebebebebebebebebebebebebe';

test('EIP-1167 minimal proxy: the implementation address is read from the code', () => {
  const code = `363d3d373d3d3d363d73${IMPL}5af43d82803e903d91602b57fd5bf3`;
  assert.deepEqual(detectProxy(code), { kind: 'eip1167', implementation: `0x${IMPL}` });
});

test('vanity-address EIP-1167 (PUSH16) and the PUSH0 variant of ERC-7511', () => {
  const short = '00000000' + 'ab'.repeat(16);
  const code = `363d3d373d3d3d363d6f${'ab'.repeat(16)}5af43d82803e903d91602757fd5bf3`;
  assert.deepEqual(detectProxy(code), { kind: 'eip1167', implementation: `0x${short}` });
  const push0 = `365f5f375f5f365f73${IMPL}5af43d5f5f3e5f3d91602a57fd5bf3`;
  assert.deepEqual(detectProxy(push0), { kind: 'eip1167', implementation: `0x${IMPL}` });
});

test('a PUSH32 of the EIP-1967 implementation slot marks a slot proxy; plain code is not a proxy', () => {
  const slot = '360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
  assert.deepEqual(detectProxy(`60806040527f${slot}54`), { kind: 'eip1967', slot: `0x${slot}` });
  assert.equal(detectProxy('6080604052348015600e575f80fd5b50'), null);
  // The minimal proxy prefix with a wrong tail is not a minimal proxy.
  assert.equal(detectProxy(`363d3d373d3d3d363d73${IMPL}5af43d82803e903d91602b57fd00`), null);
});
