/**
 * The dashboard's scans end to end on the devnet: a signed-in account scans sample tokens
 * by an explorer-style link (the devnet's: this service's origin) and by address, follows
 * the stages, and reads the honeypot's failed sell with the simulation's evidence, the
 * verified source beside the findings, and the SARIF export.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createScanFixture, type ScanFixture } from '../src/testing/scan-fixture.ts';
import { createMemoryMailer } from '../src/accounts/mailer.ts';
import { createRateLimiter } from '../src/limits/rate-limiter.ts';
import { signedInBrowser, type TestBrowser } from '../src/testing/dashboard-browser.ts';
import { ScanDetailSchema } from '../src/interface/schemas/dashboard-scans.ts';
import { assertMatchesSchema, assertRefusesWrongFields } from '../src/testing/schema-check.ts';

describe('dashboard scans on the devnet', () => {
  let f: ScanFixture;
  let user: TestBrowser;

  before(async () => {
    const mailer = createMemoryMailer();
    f = await createScanFixture(
      {},
      { RPC_URL_ETH: 'http://127.0.0.1:9/unreachable', RPC_URL_SOL: 'http://127.0.0.1:9/unreachable' },
      {
        mailer,
        accountLimiters: {
          client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c' }),
          account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'a' }),
          mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'm' }),
        },
      },
    );
    user = await signedInBrowser(f.app, mailer, 'scanner@example.org');
  });
  after(() => f.close());

  const token = (behaviour: string) => {
    const found = f.devnet.tokens.find((t) => t.behaviour === behaviour);
    assert.ok(found, behaviour);
    return found;
  };

  it('the honeypot by its explorer-style link: stages, the failed sell and its evidence, the source beside the findings', async () => {
    const honeypot = token('honeypot');
    // app.inject's requests reach the host "localhost:80".
    const created = await user.call('POST', '/api/scans', {
      json: { kind: 'url', url: `http://localhost:80/token/${honeypot.address}#code` },
    });
    assert.equal(created.statusCode, 202, created.body);
    const { scan } = created.json() as { scan: { id: string; network: string; address: string; visibility: string } };
    assert.deepEqual([scan.network, scan.address.toLowerCase(), scan.visibility], ['LOCAL', honeypot.address.toLowerCase(), 'public']);

    await f.app.dashboardScansIdle();
    const detail = (await user.call('GET', `/api/scans/${scan.id}`)).json() as {
      scan: { status: string };
      stages: { name: string; status: string }[];
      result: {
        type: string;
        auditLayout: { taxes: { error: string }; securityScore: number };
        meta: { simulation?: { stages: { stage: string; outcome: string }[] }; scoreFactors: unknown[]; findings: { file?: string }[] };
        sources: Record<string, string>;
      };
    };
    assert.equal(detail.scan.status, 'done');
    assert.equal(detail.result.type, 'address');
    // Issue 31: the answer is the typed scan detail (address result); a wrong field fails it.
    assertMatchesSchema(ScanDetailSchema, detail);
    // The schema drops nothing: the JSON download (written without it) holds the same result.
    const download = await user.call('GET', `/api/scans/${scan.id}/json`);
    assert.deepEqual((JSON.parse(download.body) as { result: unknown }).result, detail.result);
    assertRefusesWrongFields(ScanDetailSchema, detail, [
      [['result', 'meta', 'findings', 0, 'severity'], 'severe'],
      [['result', 'meta', 'scoreFactors', 0, 'score'], 1],
      [['result', 'meta', 'simulation', 'ownerActions'], [{ kind: 'mint' }]],
      [['result', 'auditLayout', 'taxes', 'error'], 'SOLD_OUT'],
      [['result', 'sources'], { 'Token.sol': 1 }],
    ]);
    assert.equal(detail.result.auditLayout.taxes.error, 'SELL_FAILED');
    assert.ok(
      detail.result.meta.simulation?.stages.some((s) => s.outcome !== 'passed'),
      JSON.stringify(detail.result.meta.simulation?.stages),
    );
    assert.ok(detail.result.meta.scoreFactors.length > 0);
    assert.ok(
      detail.stages.some((s) => s.name === 'simulation' && s.status === 'done'),
      JSON.stringify(detail.stages),
    );
    assert.equal(detail.stages.at(-1)?.name, 'score');
    assert.ok(Object.keys(detail.result.sources).length > 0, 'the verified source is kept for the code viewer');
    for (const finding of detail.result.meta.findings) if (finding.file) assert.ok(finding.file in detail.result.sources, finding.file);

    const sarif = (await user.call('GET', `/api/scans/${scan.id}/sarif`)).json() as { runs: { results: unknown[] }[] };
    assert.equal(sarif.runs[0]?.results.length, detail.result.meta.findings.length);
    // Public: the link is shareable without a session.
    assert.equal((await f.app.inject({ method: 'GET', url: `/api/scans/${scan.id}` })).statusCode, 200);
  });

  it('a token by network and address; a scan that cannot finish keeps its reason', async () => {
    const plain = token('plain');
    const created = await user.call('POST', '/api/scans', { json: { kind: 'address', network: 'LOCAL', address: plain.address } });
    assert.equal(created.statusCode, 202, created.body);
    // ETH's node is unreachable in this fixture: the scan fails with the operation's words, nothing thrown.
    const failing = await user.call('POST', '/api/scans', { json: { kind: 'address', network: 'ETH', address: plain.address } });
    assert.equal(failing.statusCode, 202);
    await f.app.dashboardScansIdle();
    const ok = (await user.call('GET', `/api/scans/${(created.json() as { scan: { id: string } }).scan.id}`)).json() as {
      scan: { status: string };
      result: { auditLayout: { taxes: { error: string } } };
    };
    assert.equal(ok.scan.status, 'done');
    assert.equal(ok.result.auditLayout.taxes.error, '');
    const failed = (await user.call('GET', `/api/scans/${(failing.json() as { scan: { id: string } }).scan.id}`)).json() as {
      scan: { status: string };
      error: { message: string } | null;
      stages: { status: string; message: string | null }[];
    };
    assert.equal(failed.scan.status, 'failed');
    assert.ok(failed.error?.message, JSON.stringify(failed));
    assert.ok(failed.stages.every((s) => s.status !== 'running' && s.status !== 'pending'));
  });
});
