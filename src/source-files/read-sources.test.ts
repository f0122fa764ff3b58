import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { CONCURRENT_READS, readSources, type FolderIo } from './read-sources.ts';
import { DEFAULT_SOURCE_LIMITS } from './source-limits.ts';
import { buildTestZip } from './zip-test-writer.ts';

const SOL = 'pragma solidity 0.8.20;\ncontract A {}\n';

test('a folder is read recursively, skipping node_modules and hidden folders', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-src-'));
  mkdirSync(join(dir, 'contracts/lib'), { recursive: true });
  mkdirSync(join(dir, 'node_modules/x'), { recursive: true });
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'contracts/A.sol'), SOL);
  writeFileSync(join(dir, 'contracts/lib/B.sol'), SOL);
  writeFileSync(join(dir, 'node_modules/x/C.sol'), SOL);
  writeFileSync(join(dir, '.git/D.sol'), SOL);
  writeFileSync(join(dir, 'notes.md'), 'x');
  const progress: number[] = [];
  const r = await readSources(dir, DEFAULT_SOURCE_LIMITS, (n) => progress.push(n));
  assert.deepEqual([...r.sources.keys()], ['contracts/A.sol', 'contracts/lib/B.sol']);
  assert.deepEqual(progress, [1, 2]);
});

test('a single file, a zip, a missing path, an empty folder and an oversized file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-src-'));
  writeFileSync(join(dir, 'Token.sol'), SOL);
  assert.deepEqual([...(await readSources(join(dir, 'Token.sol'))).sources.keys()], ['Token.sol']);
  writeFileSync(join(dir, 'up.zip'), buildTestZip([{ name: 'x/Y.sol', data: SOL }]));
  assert.deepEqual([...(await readSources(join(dir, 'up.zip'))).sources.keys()], ['x/Y.sol']);
  await assert.rejects(readSources(join(dir, 'missing.sol')), /no such file or folder/);
  const empty = join(dir, 'empty');
  mkdirSync(empty);
  await assert.rejects(readSources(empty), /no \.sol file found/);
  writeFileSync(join(dir, 'Huge.sol'), Buffer.alloc(5 * 1024 * 1024, 0x20));
  await assert.rejects(readSources(join(dir, 'Huge.sol')), /the limit for one file is/);
});

test("a folder's files are read several at once, answered in the folder's order, the first failure in that order thrown", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-src-'));
  const names = Array.from({ length: 40 }, (_, i) => `F${String(i).padStart(2, '0')}.sol`);
  for (const name of names) writeFileSync(join(dir, name), `${SOL}// ${name}\n`);
  writeFileSync(join(dir, 'Big.sol'), 'x'.repeat(64));
  let inFlight = 0;
  let most = 0;
  // Each read waits for the next turn of the loop, so reads started together overlap.
  const counted = (fail?: string): FolderIo => ({
    readdir: (d) => readdir(d, { withFileTypes: true }),
    lstat: (p) => lstat(p),
    async readFile(p) {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      if (fail !== undefined && p.includes(fail)) throw new Error(`cannot read ${p.slice(p.lastIndexOf('/') + 1)}`);
      return readFile(p, 'utf8');
    },
  });
  const progress: number[] = [];
  const limits = { ...DEFAULT_SOURCE_LIMITS, maxFileBytes: 60 };
  const r = await readSources(dir, limits, (n) => progress.push(n), counted());
  assert.ok(most > 1, `at most ${most} read at once`);
  assert.ok(most <= CONCURRENT_READS);
  assert.deepEqual([...r.sources.keys()], names);
  assert.equal(r.sources.get('F07.sol'), `${SOL}// F07.sol\n`);
  assert.deepEqual(r.skipped, [{ path: 'Big.sol', reason: 'larger than 60 bytes' }]);
  assert.deepEqual(
    progress,
    names.map((_, i) => i + 1),
  );
  // The same files through node:fs (no io given): the same answer.
  assert.deepEqual([...(await readSources(dir, limits)).sources], [...r.sources]);
  // Ten reads fail (F30-F39): the error is the one a read one at a time met first (the walk takes names last to first).
  await assert.rejects(readSources(dir, limits, undefined, counted('/F3')), /cannot read F39\.sol/);
});
