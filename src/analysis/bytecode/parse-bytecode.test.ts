import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BytecodeError } from './bytecode-error.ts';
import { MAX_BYTECODE_BYTES, metadataLength, parseBytecode } from './parse-bytecode.ts';

// solc's metadata trailer: a2 64 'ipfs' 58 22 <34 bytes> 64 'solc' 43 <3 bytes> 0033
const METADATA = `a2646970667358221220${'ab'.repeat(32)}64736f6c634300081e0033`;

test('accepts hex with or without 0x and measures the metadata trailer', () => {
  const parsed = parseBytecode(`0x6080604052${METADATA}`);
  assert.equal(parsed.size, 5 + METADATA.length / 2);
  assert.equal(parsed.executableSize, 5);
  assert.equal(metadataLength('6080604052'), 0);
  assert.equal(parseBytecode(' 6080604052 ').hex, '6080604052');
});

test('rejects what is not runtime bytecode with a clear message', () => {
  const cases: [unknown, RegExp][] = [
    [undefined, /hex string/],
    ['', /empty/],
    ['0x', /empty/],
    ['0xzz', /not hex/],
    ['hello world', /not hex/],
    ['0x608', /odd number/],
    [`0x${METADATA}`, /only compiler metadata/],
    [`0x${'00'.repeat(MAX_BYTECODE_BYTES + 1)}`, /too large/],
  ];
  for (const [input, message] of cases) {
    assert.throws(
      () => parseBytecode(input),
      (e: unknown) => e instanceof BytecodeError && message.test(e.message),
      String(input).slice(0, 20),
    );
  }
});
