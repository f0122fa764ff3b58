import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkAddress, checkRepositoryLink, checkContractUrl, checkSolFiles, checkZip, UPLOAD_LIMITS } from './scan-inputs.ts';
import { MESSAGES } from './messages.ts';

const S = MESSAGES.dashboardScans;
const F = MESSAGES.dashboardScanForm;
const A = '0x39c2764C53c0520b89Ad236A4AccC5af037Ce350';
const SOL_MINT = 'So11111111111111111111111111111111111111112';

describe('scan inputs', () => {
  it('contract URL: network and address, or the parser’s message', () => {
    assert.deepEqual(checkContractUrl(`https://bscscan.com/token/${A}`), { ok: true, value: { network: 'BSC', address: A } });
    assert.deepEqual(checkContractUrl('https://example.org/x'), { ok: false, message: F.urlUnknownHost('example.org') });
  });

  it('address: per network family', () => {
    assert.deepEqual(checkAddress('LOCAL', ` ${A} `), { ok: true, value: { network: 'LOCAL', address: A } });
    assert.deepEqual(checkAddress('', A), { ok: false, message: F.networkRequired });
    assert.deepEqual(checkAddress('BSC', ''), { ok: false, message: S.addressRequired });
    assert.deepEqual(checkAddress('BSC', A.slice(0, 41)), { ok: false, message: F.evmAddress });
    assert.deepEqual(checkAddress('BSC', SOL_MINT), { ok: false, message: F.evmAddress });
    assert.deepEqual(checkAddress('SOL', SOL_MINT), { ok: true, value: { network: 'SOL', address: SOL_MINT } });
    assert.deepEqual(checkAddress('SOL', A), { ok: false, message: F.solanaAddress });
  });

  it('.sol files: at and over every limit', () => {
    const max = UPLOAD_LIMITS.maxFileBytes;
    assert.deepEqual(checkSolFiles([]), { ok: false, message: S.filesRequired });
    assert.equal(checkSolFiles([{ name: 'A.sol', size: max }]).ok, true);
    assert.deepEqual(checkSolFiles([{ name: 'A.sol', size: max + 1 }]), { ok: false, message: S.fileTooLarge('A.sol', 1) });
    assert.deepEqual(checkSolFiles([{ name: 'A.sol', size: 0 }]), { ok: false, message: F.emptyFile('A.sol') });
    assert.deepEqual(
      checkSolFiles([
        { name: 'A.sol', size: 5 },
        { name: 'notes.txt', size: 5 },
      ]),
      {
        ok: false,
        message: S.notSol('notes.txt'),
      },
    );
    const many = (n: number, size = 10) => Array.from({ length: n }, (_, i) => ({ name: `F${i}.SOL`, size }));
    assert.equal(checkSolFiles(many(UPLOAD_LIMITS.maxFiles)).ok, true);
    assert.deepEqual(checkSolFiles(many(UPLOAD_LIMITS.maxFiles + 1)), { ok: false, message: S.tooManyFiles(UPLOAD_LIMITS.maxFiles) });
    const count = UPLOAD_LIMITS.maxTotalBytes / max;
    assert.equal(checkSolFiles(many(count, max)).ok, true);
    assert.deepEqual(checkSolFiles([...many(count, max), { name: 'x.sol', size: 1 }]), {
      ok: false,
      message: S.totalTooLarge(8),
    });
  });

  it('ZIP: present, named .zip, within the limit', () => {
    assert.deepEqual(checkZip(undefined), { ok: false, message: S.zipRequired });
    assert.deepEqual(checkZip({ name: 'src.tar.gz', size: 10 }), { ok: false, message: S.zipRequired });
    assert.equal(checkZip({ name: 'src.ZIP', size: UPLOAD_LIMITS.maxArchiveBytes }).ok, true);
    assert.deepEqual(checkZip({ name: 'src.zip', size: UPLOAD_LIMITS.maxArchiveBytes + 1 }), {
      ok: false,
      message: S.zipTooLarge(16),
    });
  });
});

describe('repository links the form sends', () => {
  it('sends any web link with an owner and a name; the server says which hosts it imports from', () => {
    assert.deepEqual(checkRepositoryLink(' http://127.0.0.1:9000/group/project '), {
      ok: true,
      value: 'http://127.0.0.1:9000/group/project',
    });
    assert.deepEqual(checkRepositoryLink('github.com/acme/token'), { ok: true, value: 'github.com/acme/token' });
    for (const bad of ['', 'https://github.com/acme', 'ftp://github.com/a/b', 'http://[::1']) {
      assert.deepEqual(checkRepositoryLink(bad), { ok: false, message: S.repositoryUrl }, bad);
    }
  });

  it('issue 29: an oversized paste into the repository or address field says the limit', () => {
    const long = `https://github.com/acme/${'a'.repeat(3000)}`;
    assert.deepEqual(checkRepositoryLink(long), { ok: false, message: S.inputTooLong('repository link', 2048, long.length) });
    assert.deepEqual(checkAddress('ETH', '0'.repeat(5000)), { ok: false, message: S.inputTooLong('address', 2048, 5000) });
  });
});
