import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalCode, codeHint, hashVoucherCode, newVoucherCode } from './voucher-code.ts';

test('codes are unguessable and typed forgivingly', () => {
  const code = newVoucherCode();
  assert.match(code, /^SWV-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
  const codes = new Set(Array.from({ length: 1000 }, newVoucherCode));
  assert.equal(codes.size, 1000);
  assert.equal(hashVoucherCode(code.toLowerCase().replace(/-/g, ' ')), hashVoucherCode(code));
  assert.equal(canonicalCode('swv-oill-0000'), '01110000');
  assert.equal(codeHint(code), `SWV-${code.slice(4, 8)}…`);
});
