import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { detectImportFileFormat, readCsvRows, readJson } from './import-file.ts';

class SomeFileError extends Error {
  override readonly name = 'SomeFileError';
}

describe('registry import files', () => {
  it('takes the format from the file name first, else from the first non-blank character', () => {
    assert.equal(detectImportFileFormat('a,b', 'rows.JSON', false), 'json');
    assert.equal(detectImportFileFormat('[1]', 'rows.csv', true), 'csv');
    assert.equal(detectImportFileFormat('  \n[{"a":1}]', undefined, false), 'json');
    assert.equal(detectImportFileFormat('{"labels":[]}', 'seed', true), 'json');
    assert.equal(detectImportFileFormat('{"labels":[]}', 'seed', false), 'csv');
    assert.equal(detectImportFileFormat('address,network', undefined, true), 'csv');
  });

  it('reads CSV by header, trimmed, without blank lines or a BOM', () => {
    assert.deepEqual(readCsvRows('\uFEFFa,b\n 1 , x\n\n2,y\n', SomeFileError), [
      { a: '1', b: 'x' },
      { a: '2', b: 'y' },
    ]);
  });

  it("throws the registry's own error, with the parser's reason and cause", () => {
    assert.deepEqual(readJson('{"a":[1]}', SomeFileError), { a: [1] });
    for (const read of [() => readJson('[1,', SomeFileError), () => readCsvRows('a,b\n"unclosed', SomeFileError)]) {
      assert.throws(read, (error: unknown) => {
        assert.ok(error instanceof SomeFileError);
        assert.match(error.message, /^the file is not valid (JSON|CSV): ./);
        assert.ok(error.cause instanceof Error);
        return true;
      });
    }
  });
});
