import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isSolPath, isSymlink, openZipArchive, ZipArchiveError } from './zip-archive.ts';
import { buildTestZip } from './zip-test-writer.ts';

const kind = (k: string) => (e: unknown) => e instanceof ZipArchiveError && e.kind === k;

describe('zip archive reader', () => {
  it('yields every entry in order and reads each within a byte limit', async () => {
    const zip = await openZipArchive(
      buildTestZip([
        { name: 'a/', data: '' },
        { name: 'a/A.sol', data: 'contract A {}' },
        { name: 'link.sol', data: 'A.sol', unixMode: 0o120777 },
      ]),
    );
    try {
      assert.equal(zip.entryCount, 3);
      const names: string[] = [];
      for await (const entry of zip.entries()) {
        names.push(entry.fileName);
        if (entry.fileName === 'a/A.sol') {
          assert.equal((await zip.read(entry, 100)).toString(), 'contract A {}');
          await assert.rejects(zip.read(entry, 5), (e: unknown) => kind('over-limit')(e) && (e as ZipArchiveError).limit === 5);
        }
        assert.equal(isSymlink(entry), entry.fileName === 'link.sol');
      }
      assert.deepEqual(names, ['a/', 'a/A.sol', 'link.sol']);
    } finally {
      zip.close();
    }
  });

  it('names what went wrong: not a ZIP, an unsafe path, an entry inflating past its declared size', async () => {
    await assert.rejects(openZipArchive(Buffer.from('not a zip')), kind('unreadable'));
    const unsafe = await openZipArchive(buildTestZip([{ name: '../up.sol', data: 'x' }]));
    await assert.rejects(
      (async () => {
        for await (const entry of unsafe.entries()) void entry;
      })(),
      (e: unknown) => kind('unsafe-path')(e) && (e as ZipArchiveError).path === '../up.sol',
    );
    unsafe.close();
    const liar = await openZipArchive(buildTestZip([{ name: 'bomb.sol', data: Buffer.alloc(64 * 1024), declaredSize: 10 }]));
    const { value: entry } = await liar.entries().next();
    assert.ok(entry);
    await assert.rejects(liar.read(entry, 1024 * 1024), kind('inflate-failed'));
    liar.close();
  });

  it('takes .sol files only, outside macOS resource forks', () => {
    assert.deepEqual(['A.sol', 'x/B.SOL', 'x/', 'README.md', '__MACOSX/x/._A.sol', 'lib.sol/'].map(isSolPath), [
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
