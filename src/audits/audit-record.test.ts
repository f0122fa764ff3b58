import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AuditValidationError, validateAuditRecords } from './audit-record.ts';
import { parseAuditFile, detectAuditFileFormat, AuditFileError } from './parse-audit-file.ts';

const good = {
  slug: 'alpha',
  name: 'Alpha',
  createdAt: '2024-01-01T10:00:00+02:00',
  reportFile: 'https://r.example/alpha.pdf',
  reportUrl: 'https://r.example/alpha',
  finishedAt: '2024-01-05',
  address: '0xABCDEF0000000000000000000000000000000001',
  network: 'bsc',
};

describe('validateAuditRecords', () => {
  it('normalises address case, network case and timestamps to UTC', () => {
    const [record] = validateAuditRecords([good]);
    assert.deepEqual(record, {
      ...good,
      createdAt: '2024-01-01T08:00:00.000Z',
      finishedAt: '2024-01-05T00:00:00.000Z',
      address: '0xabcdef0000000000000000000000000000000001',
      network: 'BSC',
    });
  });

  it('lists every problem with its row and field, and accepts nothing', () => {
    const rows = [
      good,
      { ...good, address: '0x12', network: 'MOON', reportUrl: 'javascript:alert(1)' },
      'text',
      { ...good, extra: 1, slug: '' },
    ];
    assert.throws(
      () => validateAuditRecords(rows),
      (error: unknown) => {
        assert.ok(error instanceof AuditValidationError);
        assert.deepEqual(
          error.problems.map((p) => `${p.row}:${p.field}`),
          ['2:reportUrl', '2:address', '2:network', '3:(row)', '4:extra', '4:slug'],
        );
        return true;
      },
    );
  });

  it('refuses networks operation 1 does not list, but accepts the devnet', () => {
    assert.throws(() => validateAuditRecords([{ ...good, network: 'LINEA' }]), AuditValidationError);
    assert.equal(validateAuditRecords([{ ...good, network: 'LOCAL' }])[0]?.network, 'LOCAL');
  });
});

describe('parseAuditFile', () => {
  it('reads CSV with the record field names as header', () => {
    const csv =
      '\ufeffslug,name,createdAt,reportFile,reportUrl,finishedAt,address,network\nalpha,"Alpha, Inc",2024-01-01,https://a/x.pdf,https://a/x,2024-01-02,0x0000000000000000000000000000000000000001,BSC\n\n';
    const rows = parseAuditFile(csv, detectAuditFileFormat(csv));
    assert.equal(rows.length, 1);
    assert.equal((rows[0] as { name: string }).name, 'Alpha, Inc');
  });

  it('detects the format from the name or the first character', () => {
    assert.equal(detectAuditFileFormat('slug,name', 'a.JSON'), 'json');
    assert.equal(detectAuditFileFormat('  [ ]'), 'json');
    assert.equal(detectAuditFileFormat('slug,name'), 'csv');
  });

  it('explains malformed files', () => {
    assert.throws(() => parseAuditFile('[{', 'json'), AuditFileError);
    assert.throws(() => parseAuditFile('{"slug": "a"}', 'json'), /array/);
    assert.throws(() => parseAuditFile('a,b\n"unterminated', 'csv'), AuditFileError);
  });
});
