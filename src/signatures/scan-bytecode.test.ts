import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toFunctionSelector } from 'viem';
import { vyperStyleDispatcher } from '../analysis/bytecode/__fixtures__/assemble.ts';
import { BytecodeError } from '../analysis/bytecode/bytecode-error.ts';
import { scanBytecode } from './scan-bytecode.ts';
import { SignatureDatabase } from './signature-database.ts';
import { InMemorySignatureStore } from './signature-store.ts';

test('a verified source seen in one scan resolves the selectors of unverified code in the next', async () => {
  const db = new SignatureDatabase(new InMemorySignatureStore());
  const source =
    'contract T { function setBots(address[] calldata a, bool v) external {} function balanceOf(address) external view returns (uint) {} }';
  await db.addVerifiedSource('BSC', '0xABC', { 'T.sol': source });
  await db.addVerifiedSource('BSC', '0xabc', { 'T.sol': source });
  assert.equal((await db.lookup('setBots(address[],bool)'))[0]?.total, 1);
  const code = vyperStyleDispatcher([
    toFunctionSelector('setBots(address[],bool)'),
    toFunctionSelector('balanceOf(address)'),
    '0xdeadbeef',
  ]);
  const scan = await scanBytecode(db, code);
  assert.deepEqual(
    scan.functions.map((f) => [f.selector, f.signatures]),
    [
      [toFunctionSelector('balanceOf(address)'), ['balanceOf(address)']],
      [toFunctionSelector('setBots(address[],bool)'), ['setBots(address[],bool)']],
      ['0xdeadbeef', []],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
  assert.deepEqual(
    scan.findings.map((f) => [f.capability, f.smartAuditKey, f.source]),
    [['blacklist', 'blacklist', 'bytecode']],
  );
  await assert.rejects(scanBytecode(db, '0x'), BytecodeError);
});
