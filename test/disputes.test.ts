/**
 * Issue 33 item 4 end to end: a token team disputes a scan's result (anonymously at a public
 * scan, or signed in); the operator lists disputes with the scan's verdict and the history of
 * scans of the same target, each with its receipt, and answers them. A dispute changes
 * neither the scan nor its receipt; a private scan cannot be disputed by anyone but its owner.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { createScanFixture, type ScanFixture } from '../src/testing/scan-fixture.ts';
import { createMemoryMailer } from '../src/accounts/mailer.ts';
import { createRateLimiter } from '../src/limits/rate-limiter.ts';
import { signedInBrowser, type TestBrowser } from '../src/testing/dashboard-browser.ts';
import { multipartBody } from '../src/testing/multipart.ts';
import { AdminDisputeSchema, DisputeSchema } from '../src/interface/schemas/disputes.ts';
import { assertMatchesSchema } from '../src/testing/schema-check.ts';
import { storeKinds } from '../src/testing/test-stores.ts';

/** A visitor with no account: the CSRF cookie the dashboard gives every visitor, and its token. */
async function anonymousVisitor(app: FastifyInstance) {
  const session = await app.inject({ method: 'GET', url: '/api/session' });
  const token = (session.json() as { csrfToken: string }).csrfToken;
  const cookie = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: { cookie, 'x-csrf-token': token } });
}

for (const kind of storeKinds()) {
  describe(`disputes of scan results (${kind})`, () => {
    let f: ScanFixture;
    let operator: TestBrowser;
    let team: TestBrowser;
    let other: TestBrowser;
    const ids = { first: '', second: '', source: '' };
    // Every call here comes from 127.0.0.1, one client: the first test spends 9 of it.
    const DISPUTES_PER_CLIENT = 12;

    before(async () => {
      const mailer = createMemoryMailer();
      f = await createScanFixture(
        {},
        { RPC_URL_ETH: 'http://127.0.0.1:9/unreachable' },
        {
          mailer,
          firstSignupAdmin: true,
          accountLimiters: {
            client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c' }),
            account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'a' }),
            mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'm' }),
          },
          disputeLimiter: createRateLimiter({ pointsPerWindow: DISPUTES_PER_CLIENT, windowSeconds: 3600, keyPrefix: 'd' }),
        },
        kind,
      );
      operator = await signedInBrowser(f.app, mailer, 'operator@example.org');
      team = await signedInBrowser(f.app, mailer, 'team@example.org');
      other = await signedInBrowser(f.app, mailer, 'other@example.org');
      const token = f.devnet.tokens.find((t) => t.behaviour === 'blacklist')!;
      // The same token scanned twice: the second scan is the one disputed, the first its history.
      for (const key of ['first', 'second'] as const) {
        const created = await team.call('POST', '/api/scans', {
          json: { kind: 'address', network: 'LOCAL', address: token.address, force: true },
        });
        assert.equal(created.statusCode, 202, created.body);
        ids[key] = (created.json() as { scan: { id: string } }).scan.id;
        await f.app.dashboardScansIdle();
      }
      const { payload, headers } = multipartBody([
        { name: 'files', filename: 'Plain.sol', data: 'pragma solidity ^0.8.0; contract Plain { uint256 public x; }' },
      ]);
      const source = await team.call('POST', '/api/scans', { payload, headers });
      assert.equal(source.statusCode, 202, source.body);
      ids.source = (source.json() as { scan: { id: string } }).scan.id;
      await f.app.dashboardScansIdle();
    });
    after(() => f.close());

    it('anyone at a public scan files a dispute; bad input and unseen scans are refused and store nothing', async () => {
      const receiptBefore = await team.call('GET', `/api/scans/${ids.second}/receipt`);
      assert.equal(receiptBefore.statusCode, 200, receiptBefore.body);
      const post = await anonymousVisitor(f.app);
      const filed = await post(`/api/scans/${ids.second}/disputes`, {
        message: 'The blacklist power was renounced in block 12; the flag is out of date.',
        contact: 'security@token.example',
      });
      assert.equal(filed.statusCode, 201, filed.body);
      const body = filed.json() as { message: string; dispute: unknown };
      assert.match(body.message, /Dispute received/);
      assertMatchesSchema(DisputeSchema, body.dispute);
      assert.deepEqual(
        { ...(body.dispute as object), id: '', createdAt: '', updatedAt: '' },
        {
          id: '',
          scanId: ids.second,
          message: 'The blacklist power was renounced in block 12; the flag is out of date.',
          contact: 'security@token.example',
          status: 'open',
          operatorNote: '',
          createdAt: '',
          updatedAt: '',
        },
      );
      // Signed in works too (the team's own session).
      const signedIn = await team.call('POST', `/api/scans/${ids.second}/disputes`, {
        json: { message: 'Second note from the team, signed in.', contact: '@token_team' },
      });
      assert.equal(signedIn.statusCode, 201, signedIn.body);

      for (const [payload, why] of [
        [{ message: 'short', contact: 'a@b.example' }, 'message too short'],
        [{ message: 'A long enough message here.' }, 'no contact'],
        [{ message: 'A long enough message here.', contact: 'a@b.example', extra: 1 }, 'an unknown field'],
        [{ message: 'x'.repeat(4001), contact: 'a@b.example' }, 'message too long'],
      ] as const) {
        const refused = await other.call('POST', `/api/scans/${ids.second}/disputes`, { json: payload });
        assert.equal(refused.statusCode, 400, `${why}: ${refused.body}`);
      }
      const valid = { message: 'A long enough message here.', contact: 'a@b.example' };
      // A private upload is its owner's: anyone else gets 404, as for the scan itself.
      assert.equal((await post(`/api/scans/${ids.source}/disputes`, valid)).statusCode, 404);
      assert.equal((await other.call('POST', `/api/scans/${ids.source}/disputes`, { json: valid })).statusCode, 404);
      assert.equal((await other.call('POST', '/api/scans/no-such-scan/disputes', { json: valid })).statusCode, 404);
      // The dispute changed neither the scan nor its signed receipt.
      const receiptAfter = await team.call('GET', `/api/scans/${ids.second}/receipt`);
      assert.equal(receiptAfter.body, receiptBefore.body);

      const list = await operator.call('GET', '/api/admin/disputes');
      assert.equal(list.statusCode, 200, list.body);
      assert.equal((list.json() as { items: unknown[] }).items.length, 2, 'only the two valid disputes were stored');
    });

    it('the operator sees each dispute with the scan’s verdict and the history of the same token, each with its receipt', async () => {
      const list = await operator.call('GET', '/api/admin/disputes?status=open');
      assert.equal(list.statusCode, 200, list.body);
      const items = (list.json() as { items: unknown[] }).items;
      for (const item of items) assertMatchesSchema(AdminDisputeSchema, item);
      const [newest] = items as {
        scan: { id: string; verdict: string | null; receiptId: string | null };
        history: { id: string; receiptId: string | null; verdict: string | null }[];
      }[];
      assert.equal(newest!.scan.id, ids.second);
      assert.ok(newest!.scan.verdict, 'the verdict headline');
      assert.ok(newest!.scan.receiptId, 'the receipt');
      assert.deepEqual(
        newest!.history.map((h) => h.id),
        [ids.first],
      );
      // Its own receipt (the same simulation on the same chain state signs the same body, so the id may match).
      assert.ok(newest!.history[0]!.receiptId, "the earlier scan's receipt");
      // Only an admin: a signed-in user is forbidden, a visitor must sign in.
      assert.equal((await team.call('GET', '/api/admin/disputes')).statusCode, 403);
      assert.equal((await f.app.inject({ method: 'GET', url: '/api/admin/disputes' })).statusCode, 401);
      assert.equal((await f.app.inject({ method: 'GET', url: '/admin/disputes' })).statusCode, 401);
      assert.equal((await operator.call('GET', '/api/admin/disputes?status=lost')).statusCode, 400);
    });

    it('the operator answers a dispute: status and note, listed by status; unknown ids and empty changes are refused', async () => {
      const [first] = (
        (await operator.call('GET', '/api/admin/disputes')).json() as {
          items: { id: string }[];
        }
      ).items;
      const answered = await operator.call('POST', `/api/admin/disputes/${first!.id}`, {
        json: { status: 'answered', operatorNote: 'Re-scanned at the latest block: the power is still there.' },
      });
      assert.equal(answered.statusCode, 200, answered.body);
      assertMatchesSchema(AdminDisputeSchema, answered.json());
      assert.equal((answered.json() as { status: string }).status, 'answered');
      const byStatus = (status: string) =>
        operator
          .call('GET', `/api/admin/disputes?status=${status}`)
          .then((r) => (r.json() as { items: { id: string }[] }).items.map((i) => i.id));
      assert.deepEqual(await byStatus('answered'), [first!.id]);
      assert.ok(!(await byStatus('open')).includes(first!.id));
      assert.equal((await operator.call('POST', '/api/admin/disputes/nope', { json: { status: 'closed' } })).statusCode, 404);
      assert.equal((await operator.call('POST', `/api/admin/disputes/${first!.id}`, { json: {} })).statusCode, 400);
      assert.equal((await team.call('POST', `/api/admin/disputes/${first!.id}`, { json: { status: 'closed' } })).statusCode, 403);
    });

    it('a client filing too many disputes is told when to try again', async () => {
      const post = await anonymousVisitor(f.app);
      const valid = { message: 'A long enough message here.', contact: 'a@b.example' };
      // The calls above spent most of the budget: spend the rest.
      let last = await post(`/api/scans/${ids.first}/disputes`, valid);
      for (let i = 0; i < DISPUTES_PER_CLIENT && last.statusCode !== 429; i++) last = await post(`/api/scans/${ids.first}/disputes`, valid);
      assert.equal(last.statusCode, 429, last.body);
      assert.match((last.json() as { message: string }).message, /Too many disputes from this address: try again in \d+ minutes/);
      assert.ok(Number(last.headers['retry-after']) > 0);
    });
  });
}
