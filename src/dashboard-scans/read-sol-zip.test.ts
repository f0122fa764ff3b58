import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readSolZip, type ReadSolZipOptions } from './read-sol-zip.ts';
import { buildTestZip } from '../source-files/zip-test-writer.ts';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './upload-limits.ts';
import { ScanInputError } from './scan-input-error.ts';
import { MESSAGES } from '../interface/messages.ts';

const M = MESSAGES.dashboardScans;
const SOL = 'pragma solidity 0.8.20;\ncontract A { uint256 x; }\n';
const L = DEFAULT_UPLOAD_LIMITS;
const zipOpts = { field: 'zip' as const };

async function refusal(archive: Buffer, limits: UploadLimits = L, options: ReadSolZipOptions = zipOpts): Promise<ScanInputError> {
  const error = await readSolZip(archive, limits, options).then(
    () => assert.fail('expected a refusal'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ScanInputError, String(error));
  return error;
}

test('keeps only the .sol files, ignoring the others', async () => {
  const zip = buildTestZip([
    { name: 'src/A.sol', data: SOL },
    { name: 'README.md', data: '# readme' },
    { name: 'src/', data: '' },
    { name: '__MACOSX/src/._A.sol', data: 'junk' },
  ]);
  const r = await readSolZip(zip, L, zipOpts);
  assert.deepEqual(r.sources, { 'src/A.sol': SOL });
  assert.equal(r.ignoredEntries, 2);
});

test('an archive without a .sol file gets the spec message', async () => {
  const e = await refusal(buildTestZip([{ name: 'a.txt', data: 'x' }]));
  assert.equal(e.message, M.zipNoSol);
  assert.equal(e.statusCode, 400);
  assert.equal(e.field, 'zip');
});

test('not a ZIP', async () => {
  assert.equal((await refusal(Buffer.from('plain text, not an archive'))).message, M.zipUnreadable);
});

test('../ and absolute paths are refused, naming the entry', async () => {
  const e = await refusal(buildTestZip([{ name: '../evil.sol', data: SOL }]));
  assert.equal(e.message, M.zipUnsafePath('../evil.sol'));
  const abs = await refusal(buildTestZip([{ name: '/etc/evil.sol', data: SOL }]));
  assert.match(abs.message, /unsafe path/);
});

test('symbolic links are refused', async () => {
  const e = await refusal(buildTestZip([{ name: 'link.sol', data: '/etc/passwd', unixMode: 0o120777 }]));
  assert.equal(e.message, M.zipUnsafePath('link.sol'));
});

test('archive size: at the limit is read, one byte over is refused', async () => {
  const zip = buildTestZip([{ name: 'A.sol', data: SOL }]);
  await readSolZip(zip, { ...L, maxArchiveBytes: zip.length }, zipOpts);
  const e = await refusal(zip, { ...L, maxArchiveBytes: zip.length - 1 });
  assert.equal(e.statusCode, 413);
  assert.match(e.message, /archive is larger than/);
});

test('entries: at the limit is read, one over is refused', async () => {
  const entries = Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' }));
  const zip = buildTestZip([{ name: 'A.sol', data: SOL }, ...entries]);
  await readSolZip(zip, { ...L, maxArchiveEntries: 6 }, zipOpts);
  const e = await refusal(zip, { ...L, maxArchiveEntries: 5 });
  assert.equal(e.message, M.zipTooManyEntries(5));
  assert.equal(e.statusCode, 413);
});

test('an entry inflating more than the ratio is a bomb', async () => {
  const e = await refusal(buildTestZip([{ name: 'bomb.sol', data: Buffer.alloc(500_000, 0x20) }]));
  assert.equal(e.message, M.zipBomb);
  assert.equal(e.statusCode, 413);
});

test('an entry that lies about its size is stopped as it inflates', async () => {
  const e = await refusal(buildTestZip([{ name: 'liar.sol', data: SOL.repeat(20), declaredSize: 10 }]), { ...L, maxInflateRatio: 1e9 });
  assert.equal(e.message, M.zipBomb);
});

test('file count, file size and total: at the limit read, over refused', async () => {
  const three = buildTestZip([1, 2, 3].map((i) => ({ name: `C${i}.sol`, data: SOL })));
  await readSolZip(three, { ...L, maxFiles: 3 }, zipOpts);
  assert.equal((await refusal(three, { ...L, maxFiles: 2 })).message, M.tooManyFiles(2));
  const size = Buffer.byteLength(SOL);
  await readSolZip(three, { ...L, maxFileBytes: size, maxTotalBytes: size * 3 }, zipOpts);
  assert.match((await refusal(three, { ...L, maxFileBytes: size - 1 })).message, /C1\.sol is larger than/);
  assert.match((await refusal(three, { ...L, maxTotalBytes: size * 3 - 1 })).message, /exceed .* in total/);
});

test('a repository archive: top folder dropped, only the named folder kept', async () => {
  const zip = buildTestZip([
    { name: 'owner-repo-abc123/README.md', data: '#' },
    { name: 'owner-repo-abc123/contracts/Token.sol', data: SOL },
    { name: 'owner-repo-abc123/test/Token.t.sol', data: SOL },
  ]);
  const all = await readSolZip(zip, L, { field: 'repository', stripTopFolder: true });
  assert.deepEqual(Object.keys(all.sources).sort(), ['contracts/Token.sol', 'test/Token.t.sol']);
  const folder = await readSolZip(zip, L, { field: 'repository', stripTopFolder: true, folder: '/contracts/' });
  assert.deepEqual(Object.keys(folder.sources), ['contracts/Token.sol']);
  const none = await refusal(zip, L, { field: 'repository', stripTopFolder: true, folder: 'docs', noSolMessage: M.repositoryNoSol });
  assert.equal(none.message, M.repositoryNoSol);
});
