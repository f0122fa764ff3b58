/**
 * Operation 2 (score) and operation 4 (legacy scan) end to end on the devnet.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createScanFixture, type ScanFixture } from '../src/testing/scan-fixture.ts';
import { createApiKey } from '../src/keys/api-key-repository.ts';
import { MAX_SOURCE_CHARS } from '../src/api/routes/legacy-scan.ts';

describe('GET /api/score and POST /api/search/contract', () => {
  let f: ScanFixture;
  let key: string;
  before(async () => {
    f = await createScanFixture();
    key = (await createApiKey(f.store.db, { name: 'test' })).key;
  });
  after(() => f.close());

  const score = (query: string, headers: Record<string, string> = { 'x-api-key': key }) =>
    f.app.inject({ method: 'GET', url: `/api/score${query}`, headers });

  it('answers the security score of a token, the same as the scan reports', async () => {
    const token = f.devnet.tokens.find((t) => t.behaviour === 'mint')!;
    const res = await score(`?address=${token.address}&network=LOCAL`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { success: boolean; message: string; score: number };
    assert.equal(body.success, true);
    assert.equal(typeof body.message, 'string');
    const scan = await f.scans.scan({ network: 'LOCAL', address: token.address });
    assert.equal(body.score, scan.auditLayout.securityScore);
    assert.ok(body.score > 0 && body.score < 100);
  });

  it('needs a key: 401 with success false', async () => {
    const missing = await score(`?address=${f.devnet.tokens[0]!.address}&network=LOCAL`, {});
    assert.deepEqual([missing.statusCode, missing.json()], [401, { success: false, message: 'API key not found' }]);
    const invalid = await score(`?address=${f.devnet.tokens[0]!.address}&network=LOCAL`, { 'x-api-key': 'sw_nope' });
    assert.deepEqual([invalid.statusCode, invalid.json()], [401, { success: false, message: 'Invalid API key' }]);
  });

  for (const query of [
    '',
    '?address=0x1&network=LOCAL',
    '?network=LOCAL',
    '?address=0x000000000000000000000000000000000000dEaD',
    '?address=0x000000000000000000000000000000000000dEaD&network=LOCAL',
    '?address=0x000000000000000000000000000000000000dEaD&network=FTM',
  ]) {
    it(`answers 400 Bad Request with score null for ${query || '(no query)'}`, async () => {
      const res = await score(query);
      assert.deepEqual([res.statusCode, res.json()], [400, { success: true, message: 'Bad Request', score: null }]);
    });
  }

  it('accepts BNB, POL and ARB as aliases of BSC, MATIC and ARBITRUM', async () => {
    const { scoreNetwork } = await import('../src/api/routes/score.ts');
    assert.equal(scoreNetwork('BNB', { devnet: false })?.symbol, 'BSC');
    assert.equal(scoreNetwork('pol', { devnet: false })?.symbol, 'MATIC');
    assert.equal(scoreNetwork('ARB', { devnet: false })?.symbol, 'ARBITRUM');
    assert.equal(scoreNetwork('BLAST_SEPOLIA', { devnet: false })?.chainId, 168587773);
    assert.equal(scoreNetwork('DOGE', { devnet: false }), undefined, 'DOGE is not on the score list');
  });

  const legacy = (payload: unknown, headers: Record<string, string> = { 'x-api-key': key }) =>
    f.app.inject({ method: 'POST', url: '/api/search/contract', headers, payload: payload as object });

  it('reports on an address with deprecation headers pointing at cyberscan', async () => {
    const token = f.devnet.tokens.find((t) => t.behaviour === 'blacklist')!;
    const res = await legacy({ type: 'address', address: token.address, network: 'LOCAL' });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as {
      type: string;
      report: { smartAudit: { blacklist: unknown[] }; score: { security: number }; findings: unknown[] };
    };
    assert.equal(body.type, 'address');
    assert.ok(body.report.smartAudit.blacklist.length > 0);
    assert.ok(body.report.findings.length > 0);
    assert.match(String(res.headers.deprecation), /^@\d+$/);
    assert.equal(res.headers.sunset, 'Wed, 30 Jun 2027 00:00:00 GMT');
    assert.match(String(res.headers.link), /<http:\/\/localhost(:\d+)?\/api\/cyberscan>; rel="successor-version"/);
  });

  it('analyses and simulates source code: a fee-on-transfer token reports its taxes', async () => {
    const source = readFileSync(new URL('../src/devnet/contracts/FeeToken.sol', import.meta.url), 'utf8');
    const res = await legacy({ type: 'source', source });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as {
      type: string;
      report: {
        smartAudit: { setFees: unknown[] };
        taxes: { transferTax: number; error: string } | null;
        score: { security: number | null; total: number | null; rank: string };
      };
    };
    // No chain, so no total, and no rank without a total.
    assert.deepEqual([body.report.score.total, body.report.score.rank], [null, '']);
    assert.equal(body.type, 'source');
    assert.ok(body.report.smartAudit.setFees.length > 0);
    assert.equal(body.report.taxes?.error, '');
    assert.ok(Math.abs(body.report.taxes!.transferTax - 5) < 0.01);
    assert.equal(typeof body.report.score.security, 'number');
    assert.ok(res.headers.deprecation);
  });

  it('explains bad legacy requests, still with the deprecation headers', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ type: 'wallet' }, 400, 'Invalid type: use "address" or "source"'],
      [{}, 400, 'Invalid type: use "address" or "source"'],
      [{ type: 'source' }, 400, 'Source is required'],
      [{ type: 'source', source: '   ' }, 400, 'Source is required'],
      [{ type: 'address', address: 'nope', network: 'LOCAL' }, 400, 'Invalid Address'],
      [{ type: 'address', address: f.devnet.tokens[0]!.address, network: 'MOON' }, 400, 'Invalid Network'],
      // The network is checked before the address, and a chain id given as text is no chain id.
      [{ type: 'address', address: 'nope', network: 'MOON' }, 400, 'Invalid Network'],
      [{ type: 'address', address: f.devnet.tokens[0]!.address, chainId: '31337' }, 400, 'Invalid Network'],
      [{ type: 'address' }, 400, 'Invalid Address'],
      [{ type: 'source', source: 12 }, 400, 'Source is required'],
      [{ type: 'source', source: `contract A {}${' '.repeat(MAX_SOURCE_CHARS)}` }, 413, 'Payload Too Large'],
      [['source'], 400, 'Invalid type: use "address" or "source"'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await legacy(payload);
      assert.deepEqual([res.statusCode, res.json()], [status, { message }], JSON.stringify(payload));
      assert.ok(res.headers.sunset);
    }
  });

  it('analyses unparsable source without failing', async () => {
    const res = await legacy({ type: 'source', source: 'contract { this is not solidity (((' });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { report: { diagnostics: unknown[]; taxes: unknown } };
    assert.ok(body.report.diagnostics.length > 0);
  });
});
