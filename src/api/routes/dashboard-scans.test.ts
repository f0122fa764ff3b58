import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { storeKinds } from '../../testing/test-stores.ts';
import { createMemoryMailer } from '../../accounts/mailer.ts';
import { createRateLimiter } from '../../limits/rate-limiter.ts';
import { multipartBody, type MultipartPart } from '../../testing/multipart.ts';
import { signedInBrowser, type TestBrowser } from '../../testing/dashboard-browser.ts';
import { buildTestZip } from '../../source-files/zip-test-writer.ts';
import { scanSource } from '../../scan/scan-source.ts';
import { analyzeVerifiedSources } from '../../scan/scan-dependencies.ts';
import { createNodeModulesResolver } from '../../source-files/node-modules-resolver.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { DEFAULT_UPLOAD_LIMITS as L } from '../../dashboard-scans/upload-limits.ts';
import { createDashboardScanRepository } from '../../dashboard-scans/dashboard-scan-repository.ts';
import { ABANDONED_AFTER_MS, scanRequestBody } from './dashboard-scans.ts';
import { createApiKey } from '../../keys/api-key-repository.ts';
import { API_SECURITY_HEADERS } from '../plugins/security-headers.ts';
import { buildApp } from '../app.ts';
import { ScanDetailSchema } from '../../interface/schemas/dashboard-scans.ts';
import { assertMatchesSchema, assertRefusesWrongFields } from '../../testing/schema-check.ts';

const M = MESSAGES.dashboardScans;
const TOKEN = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import "./Owned.sol";
contract Token is Owned {
    mapping(address => uint256) public balanceOf;
    function mint(address to, uint256 amount) external onlyOwner { balanceOf[to] += amount; }
}
`;
const OWNED = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Owned {
    address public owner = msg.sender;
    modifier onlyOwner() { require(msg.sender == owner, "owner"); _; }
}
`;

// On SQLite, and on PostgreSQL too when DATABASE_URL is set (the integration suite).
for (const kind of storeKinds()) {
  describe(`dashboard scans API (${kind})`, () => {
    let t: TestApp;
    let alice: TestBrowser;
    let bob: TestBrowser;
    const analyze = analyzeVerifiedSources(createNodeModulesResolver());

    before(async () => {
      const mailer = createMemoryMailer();
      t = await createTestApp(
        {
          mailer,
          accountLimiters: {
            client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c' }),
            account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'a' }),
            mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'm' }),
          },
          // The real analysis in process; no similarity index or simulator in this test.
          scanSource: (sources, options) => scanSource({ analyze }, sources, options),
        },
        kind,
      );
      alice = await signedInBrowser(t.app, mailer, 'alice@example.org');
      bob = await signedInBrowser(t.app, mailer, 'bob@example.org');
    });
    after(() => t.close());

    const upload = (who: TestBrowser, parts: MultipartPart[]) => {
      const { payload, headers } = multipartBody(parts);
      return who.call('POST', '/api/scans', { payload, headers });
    };
    const finished = async (who: TestBrowser, id: string) => {
      await runnerIdle();
      const response = await who.call('GET', `/api/scans/${id}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as {
        scan: { status: string; visibility: string };
        stages: { name: string; status: string; message: string | null }[];
        result: {
          type: string;
          sources: Record<string, string>;
          report: { findings: { file: string; ranges: number[][] }[] };
          meta: Record<string, unknown>;
        };
      };
    };
    const runnerIdle = () => t.app.dashboardScansIdle();

    it('needs a session to create or list scans', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/scans' });
      assert.equal(anonymous.statusCode, 401);
      assert.equal(anonymous.json().message, 'Log in first');
    });

    it('takes an API key of the account instead of a session, for creating, listing and reading (issue 29)', async () => {
      const created = await alice.call('POST', '/api/account/keys', { json: { name: 'ci' } });
      assert.equal(created.statusCode, 201, created.body);
      const key = (created.json() as { key: string }).key;
      const { payload, headers } = multipartBody([
        { name: 'kind', value: 'files' },
        { name: 'files', filename: 'Owned.sol', data: OWNED },
      ]);
      // No cookie and no CSRF token: the key alone.
      const posted = await t.app.inject({ method: 'POST', url: '/api/scans', payload, headers: { ...headers, 'x-api-key': key } });
      assert.equal(posted.statusCode, 202, posted.body);
      const id = (posted.json() as { scan: { id: string } }).scan.id;
      await runnerIdle();
      const listed = await t.app.inject({ method: 'GET', url: '/api/scans', headers: { 'x-api-key': key } });
      assert.ok((listed.json() as { scans: { id: string }[] }).scans.some((s) => s.id === id));
      const read = await t.app.inject({ method: 'GET', url: `/api/scans/${id}`, headers: { 'x-api-key': key } });
      assert.equal(read.statusCode, 200);
      // The same scan is alice's: her session sees it, bob's does not.
      assert.equal((await alice.call('GET', `/api/scans/${id}`)).statusCode, 200);
      assert.equal((await bob.call('GET', `/api/scans/${id}`)).statusCode, 404);
      // A wrong key, and an operator's key of no account, are refused.
      const wrong = await t.app.inject({ method: 'GET', url: '/api/scans', headers: { 'x-api-key': 'sw_nope' } });
      assert.equal(wrong.statusCode, 403);
      const operator = (await createApiKey(t.store.db, { name: 'operator' })).key;
      const noAccount = await t.app.inject({ method: 'GET', url: '/api/scans', headers: { 'x-api-key': operator } });
      assert.equal(noAccount.statusCode, 403);
      assert.match(noAccount.json().message, /belongs to no account/);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/scans',
        payload: { kind: 'address', network: 'NOPE', address: '0x1' },
        headers: { 'x-api-key': key },
      });
      assert.equal(json.statusCode, 400, json.body);
    });

    it('several .sol files: 202, stages, a private result with the sources and located findings', async () => {
      const created = await upload(alice, [
        { name: 'kind', value: 'files' },
        { name: 'files', filename: 'Token.sol', data: TOKEN },
        { name: 'files', filename: 'Owned.sol', data: OWNED },
      ]);
      assert.equal(created.statusCode, 202, created.body);
      const { scan } = created.json() as { scan: { id: string; kind: string; visibility: string; title: string } };
      assert.equal(created.headers.location, `/api/scans/${scan.id}`);
      assert.equal(scan.kind, 'files');
      assert.equal(scan.visibility, 'private');
      assert.equal(scan.title, '2 files');

      const detail = await finished(alice, scan.id);
      assert.equal(detail.scan.status, 'done');
      assert.deepEqual(
        detail.stages.map((s) => [s.name, s.status]),
        [
          ['input', 'done'],
          ['analysis', 'done'],
          ['similarity', 'skipped'],
          ['simulation', 'skipped'],
          ['score', 'done'],
        ],
      );
      assert.equal(detail.result.type, 'source');
      assert.deepEqual(Object.keys(detail.result.sources).sort(), ['Owned.sol', 'Token.sol']);
      // Issue 31: the answer is the typed scan detail (source result); a wrong field fails it.
      assertMatchesSchema(ScanDetailSchema, detail);
      assert.ok(detail.result.report.findings.length > 0);
      // The schema drops nothing: the JSON download (written without it) holds the same result.
      const download = await alice.call('GET', `/api/scans/${scan.id}/json`);
      assert.deepEqual((JSON.parse(download.body) as { result: unknown }).result, detail.result);
      assertRefusesWrongFields(ScanDetailSchema, detail, [
        [['result', 'report', 'findings', 0, 'severity'], 'severe'],
        [['result', 'report', 'score', 'security'], '90'],
        [['result', 'meta', 'scoreFactors', 0, 'effect'], 'a lot'],
        [['result', 'meta', 'notApplicable', 0, 'field'], 3],
        [['result', 'type'], 'folder'],
      ]);
      assert.ok(Array.isArray(detail.result.meta.notApplicable));
      for (const f of detail.result.report.findings) assert.ok(f.file in detail.result.sources, f.file);

      // Private: another account, or nobody, gets 404; the owner lists it.
      assert.equal((await bob.call('GET', `/api/scans/${scan.id}`)).statusCode, 404);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/scans/${scan.id}` })).statusCode, 404);
      const listed = (await alice.call('GET', '/api/scans')).json() as { scans: { id: string }[] };
      assert.ok(listed.scans.some((s) => s.id === scan.id));
      assert.ok(!((await bob.call('GET', '/api/scans')).json() as { scans: { id: string }[] }).scans.some((s) => s.id === scan.id));

      // Exports.
      const sarif = await alice.call('GET', `/api/scans/${scan.id}/sarif`);
      assert.equal(sarif.statusCode, 200);
      assert.match(String(sarif.headers['content-disposition']), /attachment; filename="scopeward-.*\.sarif"/);
      const log = sarif.json() as { version: string; runs: { results: unknown[] }[] };
      assert.equal(log.version, '2.1.0');
      assert.equal(log.runs[0]?.results.length, detail.result.report.findings.length);
      const json = await alice.call('GET', `/api/scans/${scan.id}/json`);
      assert.equal((json.json() as { scan: { id: string } }).scan.id, scan.id);
    });

    it('server-sent events replay the finished stages and end', async () => {
      const created = await upload(alice, [{ name: 'files', filename: 'Owned.sol', data: OWNED }]);
      const { scan } = created.json() as { scan: { id: string } };
      await finished(alice, scan.id);
      const events = await alice.call('GET', `/api/scans/${scan.id}/events`);
      assert.equal(events.statusCode, 200);
      assert.match(String(events.headers['content-type']), /text\/event-stream/);
      const names = [...events.body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
      assert.equal(names.at(-1), 'end');
      assert.ok(names.filter((n) => n === 'stage').length >= 4);
    });

    it('the event stream carries the security headers the other API answers carry', async () => {
      const created = await upload(alice, [{ name: 'files', filename: 'Owned.sol', data: OWNED }]);
      const { scan } = created.json() as { scan: { id: string } };
      await finished(alice, scan.id);
      const json = await alice.call('GET', `/api/scans/${scan.id}`);
      const events = await alice.call('GET', `/api/scans/${scan.id}/events`);
      assert.match(String(events.headers['content-type']), /text\/event-stream/);
      for (const name of Object.keys(API_SECURITY_HEADERS)) {
        assert.ok(json.headers[name], `the JSON answer has ${name}`);
        assert.equal(events.headers[name], json.headers[name], name);
      }
    });

    it('a ZIP: .sol files kept, others ignored; without .sol the spec message', async () => {
      const zip = buildTestZip([
        { name: 'project/contracts/Token.sol', data: TOKEN },
        { name: 'project/contracts/Owned.sol', data: OWNED },
        { name: 'project/README.md', data: '# readme' },
      ]);
      const created = await upload(alice, [
        { name: 'kind', value: 'zip' },
        { name: 'zip', filename: 'project.zip', data: zip },
      ]);
      assert.equal(created.statusCode, 202, created.body);
      const detail = await finished(alice, (created.json() as { scan: { id: string } }).scan.id);
      assert.deepEqual(Object.keys(detail.result.sources).sort(), ['project/contracts/Owned.sol', 'project/contracts/Token.sol']);
      assert.match(detail.stages[0]?.message ?? '', /2 \.sol files read; 1 other entries ignored/);

      const none = await upload(alice, [
        { name: 'kind', value: 'zip' },
        { name: 'zip', filename: 'docs.zip', data: buildTestZip([{ name: 'a.md', data: 'x' }]) },
      ]);
      assert.equal(none.statusCode, 400);
      assert.deepEqual(none.json(), { message: M.zipNoSol, field: 'zip' });
      const evil = await upload(alice, [{ name: 'zip', filename: 'e.zip', data: buildTestZip([{ name: '../x.sol', data: OWNED }]) }]);
      assert.equal(evil.json().message, M.zipUnsafePath('../x.sol'));
    });

    it('upload limits at and over: file count, file size, total, archive size', async () => {
      const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: 'files', filename: `F${i}.sol`, data: 'contract F {}' }));
      const fifty = await upload(bob, many(L.maxFiles));
      assert.equal(fifty.statusCode, 202, fifty.body);
      const fiftyOne = await upload(bob, many(L.maxFiles + 1));
      assert.equal(fiftyOne.statusCode, 413);
      assert.deepEqual(fiftyOne.json(), { message: M.tooManyFiles(50), field: 'files', limit: 50 });

      // A contract padded with spaces to n bytes: Solidity, so only its size can refuse it.
      const big = (n: number) => {
        const bytes = Buffer.alloc(n, 0x20);
        bytes.write('contract B {}');
        return bytes;
      };
      assert.equal((await upload(bob, [{ name: 'files', filename: 'Big.sol', data: big(L.maxFileBytes) }])).statusCode, 202);
      const over = await upload(bob, [{ name: 'files', filename: 'Big.sol', data: big(L.maxFileBytes + 1) }]);
      assert.equal(over.statusCode, 413);
      assert.equal(over.json().message, M.fileTooLarge('Big.sol', 1));

      const eight = Array.from({ length: 8 }, (_, i) => ({ name: 'files', filename: `T${i}.sol`, data: big(L.maxFileBytes) }));
      await runnerIdle();
      assert.equal((await upload(bob, eight)).statusCode, 202);
      const total = await upload(bob, [...eight, { name: 'files', filename: 'One.sol', data: 'x' }]);
      assert.equal(total.statusCode, 413);
      assert.equal(total.json().message, M.totalTooLarge(8));

      const archive = await upload(bob, [{ name: 'zip', filename: 'huge.zip', data: big(L.maxArchiveBytes + 1) }]);
      assert.equal(archive.statusCode, 413);
      assert.equal(archive.json().message, M.zipTooLarge(16));
      const notSol = await upload(bob, [{ name: 'files', filename: 'notes.txt', data: 'x' }]);
      assert.deepEqual(notSol.json(), { message: M.notSol('notes.txt'), field: 'files' });
      // Named .sol but not Solidity: refused with the CLI's words, no scan started.
      const renamed = await upload(bob, [{ name: 'files', filename: 'README.sol', data: '# Token\nThis contract is audited.' }]);
      assert.equal(renamed.statusCode, 400);
      assert.deepEqual(renamed.json(), { message: M.notSolidity('README.sol'), field: 'files' });
      const zipped = await upload(bob, [
        {
          name: 'zip',
          filename: 'n.zip',
          data: buildTestZip([
            { name: 'a.sol', data: 'hello' },
            { name: 'b.sol', data: '// contract X {}' },
          ]),
        },
      ]);
      assert.deepEqual(zipped.json(), { message: M.notSolidity('the 2 .sol files'), field: 'zip' });
      await runnerIdle();
    });

    it('validation messages of the URL and address inputs, in place', async () => {
      const post = (json: object) => alice.call('POST', '/api/scans', { json });
      assert.deepEqual((await post({})).json(), { message: M.kindRequired, field: 'kind' });
      assert.deepEqual((await post({ kind: 'url', url: '' })).json(), { message: M.urlRequired, field: 'url' });
      assert.deepEqual((await post({ kind: 'url', url: 'https://example.com/x' })).json(), { message: M.urlUnknown, field: 'url' });
      // Issue 29: an oversized paste says the limit, in the field and past the body limit.
      const long = `https://bscscan.com/token/0x39c2764C53c0520b89Ad236A4AccC5af037Ce350?${'x'.repeat(3000)}`;
      assert.deepEqual((await post({ kind: 'url', url: long })).json(), {
        message: M.inputTooLong('contract URL', 2048, long.length),
        field: 'url',
      });
      const huge = await post({ kind: 'url', url: 'x'.repeat(70_000) });
      assert.equal(huge.statusCode, 413);
      assert.deepEqual(huge.json(), { message: M.bodyTooLarge(64) });
      assert.deepEqual((await post({ kind: 'address', network: 'ETH', address: '0x1' })).json(), {
        message: MESSAGES.cyberscan.invalidAddress,
        field: 'address',
      });
      assert.deepEqual((await post({ kind: 'address', network: 'NOPE', address: '0x1' })).json(), {
        message: MESSAGES.cyberscan.invalidNetwork,
        field: 'network',
      });
      // A valid address with no scan service here: 503, not a stack trace.
      const unavailable = await post({ kind: 'address', network: 'ETH', address: `0x${'1'.repeat(40)}` });
      assert.equal(unavailable.statusCode, 503);
    });

    it('refuses a POST without the CSRF token', async () => {
      const forged = await alice.call('POST', '/api/scans', { json: { kind: 'url', url: 'x' }, headers: { 'x-csrf-token': 'wrong' } });
      assert.equal(forged.statusCode, 403);
    });

    it('lists the networks of the address input', async () => {
      const networks = (await t.app.inject({ method: 'GET', url: '/api/scans/networks' })).json() as { networks: { symbol: string }[] };
      assert.ok(networks.networks.some((n) => n.symbol === 'SOL'));
      assert.ok(networks.networks.some((n) => n.symbol === 'ETH'));
    });

    it('five scans running at once per account; ones a stopped process left behind do not count and are closed', async () => {
      await runnerIdle();
      const session = (await bob.call('GET', '/api/session')).json() as { account: { id: string } };
      const repository = createDashboardScanRepository(t.store.db);
      const insert = (id: string, createdAt: Date) =>
        repository.insert({
          id,
          accountId: session.account.id,
          kind: 'address',
          visibility: 'public',
          title: id,
          network: 'ETH',
          address: null,
          repository: null,
          stages: [],
          createdAt: createdAt.toISOString(),
          owner: 'another-host/1/abc',
        });
      const old = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
      for (let i = 0; i < 5; i++) await insert(`old-${i}`, old);
      const one = { name: 'files', filename: 'One.sol', data: 'contract One {}' };
      assert.equal((await upload(bob, [one])).statusCode, 202, 'abandoned scans do not count');
      await runnerIdle();
      for (let i = 0; i < 5; i++) await insert(`new-${i}`, new Date());
      const refused = await upload(bob, [one]);
      assert.equal(refused.statusCode, 429);
      assert.match(refused.json().message, /At most 5 scans can run at once/);

      const closed = await repository.interruptAbandoned({
        staleBefore: new Date(Date.now() - ABANDONED_AFTER_MS).toISOString(),
        goneOwners: [],
        self: 'this-process',
        at: new Date().toISOString(),
        reason: 'interrupted',
      });
      assert.equal(closed.length, 5);
      const record = await repository.find('old-0');
      assert.deepEqual([record?.summary.status, record?.error], ['failed', 'interrupted']);
      assert.equal((await repository.find('new-0'))?.summary.status, 'queued');
    });

    it('a scan left running by a process killed mid-scan is closed at the next start: its stream ends, its slot is free', async () => {
      // The first process: its scans never finish, as if it were killed while they ran.
      let release: () => void = () => {};
      const never = new Promise<never>((_resolve, reject) => (release = () => reject(new Error('released'))));
      never.catch(() => {});
      const mailer = createMemoryMailer();
      const deps = {
        store: t.store,
        mailer,
        rateLimiter: createRateLimiter({ pointsPerWindow: 1000 }),
        networks: { devnet: false },
        accountLimiters: {
          client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c2' }),
          account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'a2' }),
          mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'm2' }),
        },
      };
      const killed = await buildApp({ ...deps, scanSource: () => never, scanEventsEndWatchMs: 50 });
      let restarted: Awaited<ReturnType<typeof buildApp>> | undefined;
      try {
        const carol = await signedInBrowser(killed, mailer, 'carol@example.org');
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) {
          const created = await upload(carol, [{ name: 'files', filename: `C${i}.sol`, data: 'contract C {}' }]);
          assert.equal(created.statusCode, 202, created.body);
          ids.push((created.json() as { scan: { id: string } }).scan.id);
        }
        const refused = await upload(carol, [{ name: 'files', filename: 'C.sol', data: 'contract C {}' }]);
        assert.equal(refused.statusCode, 429, 'five running scans hold all the slots');
        // Still open when the restart closes the scan (inject resolves when the stream ends).
        const killedStream = carol.call('GET', `/api/scans/${ids[2]}/events`);

        // The restart: a new process on the same database (same host; the first one's pid is
        // this test's own, so it is the earlier incarnation of the same pid).
        restarted = await buildApp({ ...deps, scanSource: (sources, options) => scanSource({ analyze }, sources, options) });
        const again = carol.on(restarted);
        const detail = (await again.call('GET', `/api/scans/${ids[0]}`)).json() as {
          scan: { status: string; finishedAt: string | null };
          stages: { status: string }[];
          error: { message: string } | null;
        };
        assert.equal(detail.scan.status, 'failed');
        assert.match(detail.error?.message ?? '', /interrupted/);
        assert.ok(detail.scan.finishedAt);
        assert.ok(
          detail.stages.every((stage) => stage.status !== 'running' && stage.status !== 'pending'),
          JSON.stringify(detail.stages),
        );
        const events = await again.call('GET', `/api/scans/${ids[1]}/events`);
        assert.equal([...events.body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]).at(-1), 'end', 'the event stream ends');
        // A stream open on the killed process's replica, for a scan closed by another one, ends too.
        assert.equal(
          [...(await killedStream).body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]).at(-1),
          'end',
          'a stream on another replica ends',
        );
        const next = await upload(again, [{ name: 'files', filename: 'C.sol', data: 'contract C {}' }]);
        assert.equal(next.statusCode, 202, 'the slots are free again');
        await restarted.dashboardScansIdle();
      } finally {
        release();
        await killed.close();
        await restarted?.close();
      }
    });
  });
}

describe('the OpenAPI document of POST /api/scans (issue 29)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({});
  });
  after(() => t.close());

  type Variant = { required: string[]; properties: Record<string, Record<string, unknown>> };
  const variants = (media: { schema: { anyOf: Variant[] } }) => media.schema.anyOf;

  it('describes the JSON inputs and the multipart bodies (files, zip) apart, with the limits the server holds them to', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const content = doc.paths['/api/scans'].post.requestBody.content;
    assert.deepEqual(Object.keys(content).sort(), ['application/json', 'multipart/form-data']);
    assert.deepEqual(
      variants(content['application/json']).map((v) => [v.properties.kind!.enum, v.required]),
      [
        [['url'], ['kind', 'url']],
        [['address'], ['kind', 'network', 'address']],
        [['repository'], ['kind', 'url']],
      ],
    );
    const [files, zip] = variants(content['multipart/form-data']);
    assert.deepEqual(files!.required, ['files']);
    const parts = files!.properties.files!;
    assert.equal(parts.maxItems, L.maxFiles);
    assert.equal(parts['x-max-total-bytes'], L.maxTotalBytes);
    assert.deepEqual(parts.items, {
      format: 'binary',
      contentMediaType: 'text/plain',
      description: 'one .sol file (its name ends in .sol), at most 1 MiB',
      'x-max-bytes': L.maxFileBytes,
      type: 'string',
    });
    assert.match(String(parts.description), /at most 50 files, 1 MiB each, 8 MiB in total/);
    assert.deepEqual(zip!.required, ['zip']);
    const archive = zip!.properties.zip!;
    assert.equal(archive.format, 'binary');
    assert.equal(archive.contentMediaType, 'application/zip');
    assert.deepEqual(
      [archive['x-max-bytes'], archive['x-max-entries'], archive['x-max-inflate-ratio']],
      [L.maxArchiveBytes, L.maxArchiveEntries, L.maxInflateRatio],
    );
    assert.match(String(archive.description), /at most 16 MiB, 5000 entries and 100× inflation/);
    // The JSON body has no file parts, the form no url.
    for (const v of variants(content['application/json'])) assert.ok(!('files' in v.properties) && !('zip' in v.properties));
    for (const v of variants(content['multipart/form-data'])) assert.ok(!('url' in v.properties));
  });

  it('the limits in the document are the configured ones', () => {
    const limits = { ...L, maxFiles: 3, maxFileBytes: 512 * 1024, maxArchiveEntries: 10 };
    const form = scanRequestBody(limits).content['multipart/form-data'].schema.anyOf;
    const files = form[0]!.properties.files;
    assert.equal(files.maxItems, 3);
    assert.match(String(files.description), /at most 3 files, 0\.5 MiB each/);
    assert.equal(form[1]!.properties.zip['x-max-entries'], 10);
  });
});
