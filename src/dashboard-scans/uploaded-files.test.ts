import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sourcesFromFiles } from './uploaded-files.ts';
import { DEFAULT_UPLOAD_LIMITS as L } from './upload-limits.ts';
import { ScanInputError } from './scan-input-error.ts';
import { MESSAGES } from '../interface/messages.ts';

const M = MESSAGES.dashboardScans;
const file = (name: string, text = 'contract A {}') => ({ name, bytes: Buffer.from(text) });

function refused(run: () => unknown): ScanInputError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ScanInputError);
    return error;
  }
  return assert.fail('expected a refusal');
}

test('several .sol files by base name; equal names kept apart', () => {
  const s = sourcesFromFiles([file('C:\\proj\\A.sol', 'a'), file('B.sol', 'b'), file('x/A.sol', 'a2')], L);
  assert.deepEqual(s, { 'A.sol': 'a', 'B.sol': 'b', 'A (2).sol': 'a2' });
});

test('no file, a non-.sol file', () => {
  assert.equal(refused(() => sourcesFromFiles([], L)).message, M.filesRequired);
  const e = refused(() => sourcesFromFiles([file('A.sol'), file('notes.txt')], L));
  assert.equal(e.message, M.notSol('notes.txt'));
  assert.equal(e.field, 'files');
});

test('count, size and total at and over their limits', () => {
  const fifty = Array.from({ length: 50 }, (_, i) => file(`F${i}.sol`));
  assert.equal(Object.keys(sourcesFromFiles(fifty, L)).length, 50);
  const e = refused(() => sourcesFromFiles([...fifty, file('X.sol')], L));
  assert.equal(e.message, M.tooManyFiles(50));
  assert.equal(e.statusCode, 413);

  const atSize = { name: 'Big.sol', bytes: Buffer.alloc(L.maxFileBytes, 0x20) };
  sourcesFromFiles([atSize], L);
  const over = refused(() => sourcesFromFiles([{ name: 'Big.sol', bytes: Buffer.alloc(L.maxFileBytes + 1, 0x20) }], L));
  assert.equal(over.message, M.fileTooLarge('Big.sol', 1));

  const eight = Array.from({ length: 8 }, (_, i) => ({ name: `T${i}.sol`, bytes: Buffer.alloc(L.maxFileBytes, 0x20) }));
  sourcesFromFiles(eight, L);
  const total = refused(() => sourcesFromFiles([...eight, file('One.sol', 'x')], L));
  assert.equal(total.message, M.totalTooLarge(8));
});
