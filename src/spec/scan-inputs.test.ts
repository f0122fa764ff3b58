import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkAddress, checkContractUrl, checkSolFiles, checkZip, parseRepositoryUrl, UPLOAD_LIMITS } from './scan-inputs.ts';
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

  it('repository links of GitHub and GitLab: repository, branch and folder', () => {
    assert.deepEqual(parseRepositoryUrl('https://github.com/acme/token'), {
      ok: true,
      value: { host: 'github', owner: 'acme', repo: 'token', url: 'https://github.com/acme/token' },
    });
    assert.deepEqual(parseRepositoryUrl('github.com/acme/token.git'), {
      ok: true,
      value: { host: 'github', owner: 'acme', repo: 'token', url: 'https://github.com/acme/token' },
    });
    assert.deepEqual(parseRepositoryUrl('https://www.github.com/acme/token/tree/dev/contracts/core'), {
      ok: true,
      value: { host: 'github', owner: 'acme', repo: 'token', ref: 'dev', path: 'contracts/core', url: 'https://www.github.com/acme/token' },
    });
    assert.deepEqual(parseRepositoryUrl('https://gitlab.com/group/sub/project/-/tree/main/src'), {
      ok: true,
      value: { host: 'gitlab', owner: 'group/sub', repo: 'project', ref: 'main', path: 'src', url: 'https://gitlab.com/group/sub/project' },
    });
    assert.deepEqual(parseRepositoryUrl('http://127.0.0.1:9000/g/p', { gitlab: ['127.0.0.1:9000'] }), {
      ok: true,
      value: { host: 'gitlab', owner: 'g', repo: 'p', url: 'http://127.0.0.1:9000/g/p' },
    });
  });

  it('repository links: unknown hosts and paths say what is accepted', () => {
    assert.deepEqual(parseRepositoryUrl(''), { ok: false, message: S.repositoryUrl });
    assert.deepEqual(parseRepositoryUrl('https://bitbucket.org/a/b'), {
      ok: false,
      message: S.repositoryHost('github.com and gitlab.com'),
    });
    for (const url of [
      'https://github.com/acme',
      'https://github.com/acme/token/blob/main/A.sol',
      'https://gitlab.com/project',
      'https://github.com/a b/c',
    ]) {
      assert.deepEqual(parseRepositoryUrl(url), { ok: false, message: S.repositoryUrl }, url);
    }
    assert.equal(parseRepositoryUrl('javascript://github.com/a/b').ok, false);
  });
});
