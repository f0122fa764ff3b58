import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readZipSources } from './read-zip-sources.ts';
import { buildTestZip } from './zip-test-writer.ts';
import { DEFAULT_SOURCE_LIMITS } from './source-limits.ts';
import { SourceInputError } from './source-input-error.ts';

const SOL = 'pragma solidity 0.8.20;\ncontract A {}\n';

test('reads the .sol files and ignores the rest', async () => {
  const zip = buildTestZip([
    { name: 'contracts/A.sol', data: SOL },
    { name: 'README.md', data: '# hi' },
    { name: 'contracts/', data: '' },
  ]);
  const r = await readZipSources(zip);
  assert.deepEqual([...r.sources.keys()], ['contracts/A.sol']);
  assert.equal(r.sources.get('contracts/A.sol'), SOL);
});

test('an archive without .sol files is a clear error', async () => {
  const zip = buildTestZip([{ name: 'notes.txt', data: 'x' }]);
  await assert.rejects(
    readZipSources(zip),
    (e: unknown) => e instanceof SourceInputError && /no \.sol file \(other files are ignored\)/.test(e.message),
  );
});

test('../ and absolute paths refuse the archive', async () => {
  await assert.rejects(readZipSources(buildTestZip([{ name: '../evil.sol', data: SOL }])), /unsafe path/);
  await assert.rejects(readZipSources(buildTestZip([{ name: '/etc/evil.sol', data: SOL }])), /unsafe path/);
});

test('a ZIP bomb that lies about its size is stopped while inflating', async () => {
  const zeros = Buffer.alloc(8 * 1024 * 1024);
  const zip = buildTestZip([{ name: 'bomb.sol', data: zeros, declaredSize: 100 }]);
  assert.ok(zip.length < 64 * 1024, 'the bomb is small on disk');
  const before = process.memoryUsage().rss;
  await assert.rejects(readZipSources(zip, { ...DEFAULT_SOURCE_LIMITS, maxFileBytes: 1024 * 1024 }), SourceInputError);
  assert.ok(process.memoryUsage().rss - before < 256 * 1024 * 1024);
});

test('an honest oversized entry is skipped with a reason', async () => {
  const zip = buildTestZip([
    { name: 'big.sol', data: Buffer.alloc(2 * 1024 * 1024, 0x20) },
    { name: 'ok.sol', data: SOL },
  ]);
  const r = await readZipSources(zip, { ...DEFAULT_SOURCE_LIMITS, maxFileBytes: 1024 * 1024 });
  assert.deepEqual([...r.sources.keys()], ['ok.sol']);
  assert.equal(r.skipped[0]?.path, 'big.sol');
});

test('too many entries are refused before reading', async () => {
  const entries = Array.from({ length: 50 }, (_, i) => ({ name: `f${i}.txt`, data: '' }));
  await assert.rejects(readZipSources(buildTestZip(entries), { ...DEFAULT_SOURCE_LIMITS, maxArchiveEntries: 10 }), /50 entries/);
});

test('garbage is not a ZIP', async () => {
  await assert.rejects(readZipSources(Buffer.from('definitely not a zip file')), /not a readable ZIP archive/);
});
