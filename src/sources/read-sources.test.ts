import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSources } from './read-sources.ts';
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
