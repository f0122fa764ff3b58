import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createMailer } from '../../accounts/mailer.ts';
import type { WatchEvent } from '../../interface/schemas/watches.ts';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';
import { openTestStore, storeKinds, type TestStore } from '../../testing/test-stores.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { createDeliveryEngine, type AttemptOutcome, type DeliveryEngine } from './delivery-engine.ts';
import { RETRY_WINDOW_MS } from './retry-policy.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';
import type { WatchForDelivery } from './watch-deliveries.ts';

const secret = 'whsec_engine_test';

function sampleEvent(id: string): WatchEvent {
  return {
    id,
    watchId: 'watch-1',
    kind: 'power-variable-changed',
    network: 'devnet',
    token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    blockNumber: 42,
    blockHash: '0x' + 'ab'.repeat(32),
    transactionHash: '0x' + 'cd'.repeat(32),
    summary: 'sell tax 5 % → 99 %; a holder’s sell now returns 1 % of its value',
    before: '5',
    after: '99',
    verdictBefore: 'Sells work (5 % tax)',
    verdictAfter: 'Honeypot: a sell returns 1 %',
    retracts: null,
    detectedAt: '2026-11-27T12:00:00.000Z',
  };
}

function watchOf(receiver: WebhookReceiver | null, over: Partial<WatchForDelivery> = {}): WatchForDelivery {
  return {
    id: 'watch-1',
    accountId: 'account-1',
    webhookUrl: receiver ? `${receiver.url}/hook` : null,
    email: null,
    dashboard: true,
    webhookSecret: receiver ? secret : null,
    token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    network: 'devnet',
    ...over,
  };
}

for (const kind of storeKinds()) {
  describe(`delivery engine (${kind})`, () => {
    let store: TestStore;
    let receiver: WebhookReceiver;
    let smtp: SmtpSink;
    let clock = Date.parse('2026-11-27T12:00:00Z');
    const engineWith = (
      over: { timeoutMs?: number; allowPrivate?: boolean; resolve?: (host: string) => Promise<string[]> } = {},
    ): DeliveryEngine =>
      createDeliveryEngine({
        db: store.db,
        mailer: createMailer({ smtpUrl: smtp.url, from: 'scopeward <alerts@localhost>', dataDir: '/nonexistent', log: { info() {} } }),
        webhook: {
          allowPrivateAddresses: over.allowPrivate ?? true,
          timeoutMs: over.timeoutMs ?? 2_000,
          ...(over.resolve ? { resolve: over.resolve } : {}),
        },
        replica: 'test/1',
        now: () => new Date(clock),
        random: () => 0.5,
        dashboardUrl: 'http://dashboard.example',
      });

    before(async () => {
      store = await openTestStore(kind);
      receiver = await startWebhookReceiver();
      smtp = await startSmtpSink();
    });
    after(async () => {
      await receiver.close();
      await smtp.close();
      await store.dispose();
    });

    test('one delivery per channel, idempotent per (event, channel); the dashboard is delivered at once', async () => {
      const engine = engineWith();
      const event = sampleEvent('evt-idem');
      const first = await engine.record(event, watchOf(receiver, { email: 'holder@example.org' }));
      assert.deepEqual(first.map((d) => d.channel).sort(), ['email', 'webhook']);
      assert.deepEqual(await engine.record(event, watchOf(receiver, { email: 'holder@example.org' })), []);
      const rows = await engine.repository.listForWatch('watch-1', 'account-1', 100);
      const mine = rows.filter((r) => r.event_id === 'evt-idem');
      assert.deepEqual(mine.map((r) => `${r.channel}:${r.status}`).sort(), ['dashboard:delivered', 'email:pending', 'webhook:pending']);
      assert.deepEqual(await engine.repository.listForWatch('watch-1', 'someone-else', 100), []);
    });

    test('a webhook arrives signed, with the idempotency key and kind; the attempt is logged', async () => {
      const engine = engineWith();
      receiver.answer = () => ({ status: 200, body: 'thanks' });
      const [delivery] = await engine.record(sampleEvent('evt-ok'), watchOf(receiver, { dashboard: false }));
      assert.ok(delivery);
      const outcome = await engine.attempt(delivery.id);
      assert.deepEqual(outcome, { outcome: 'delivered', attempt: 1 });
      const request = receiver.received.at(-1)!;
      assert.equal(request.headers['scopeward-idempotency-key'], 'evt-ok');
      assert.equal(request.headers['scopeward-event'], 'power-variable-changed');
      assert.equal(request.headers['content-type'], 'application/json');
      const check = verifyWebhookSignature({
        body: request.body,
        header: request.headers['scopeward-signature'] as string,
        secret,
        nowSeconds: clock / 1000,
      });
      assert.equal(check.ok, true);
      const body = JSON.parse(request.body) as WatchEvent & { watch: { token: string; network: string } };
      assert.equal(body.summary, sampleEvent('x').summary);
      assert.deepEqual(body.watch, { id: 'watch-1', token: '0x5fbdb2315678afecb367f032d93f642f64180aa3', network: 'devnet' });
      const [logged] = await engine.repository.attempts([delivery.id]);
      assert.equal(logged?.statusCode, 200);
      assert.equal(logged?.outcome, 'delivered');
      assert.ok(typeof logged?.durationMs === 'number' && logged.durationMs >= 0);
      // Done is done: a second attempt finds nothing to do.
      assert.deepEqual(await engine.attempt(delivery.id), { outcome: 'skipped' });
    });

    test('a receiver answering 500 is retried with backoff until 24 hours have passed, then the delivery fails', async () => {
      const engine = engineWith();
      receiver.answer = () => ({ status: 500, body: 'database down' });
      const [delivery] = await engine.record(sampleEvent('evt-500'), watchOf(receiver, { dashboard: false }));
      assert.ok(delivery);
      const start = clock;
      const first = await engine.attempt(delivery.id);
      assert.equal(first.outcome, 'retry');
      assert.equal(first.outcome === 'retry' && Date.parse(first.nextAttemptAt) - clock, 10_000);
      // Not due yet: nothing is sent.
      const before = receiver.received.length;
      assert.deepEqual(await engine.attempt(delivery.id), { outcome: 'skipped' });
      assert.equal(receiver.received.length, before);
      let last: AttemptOutcome = first;
      const gaps: number[] = [];
      while (last.outcome === 'retry') {
        const gap = Date.parse(last.nextAttemptAt) - clock;
        gaps.push(gap);
        clock += gap;
        last = await engine.attempt(delivery.id);
      }
      assert.equal(last.outcome, 'failed');
      assert.deepEqual(gaps.slice(0, 4), [10_000, 20_000, 40_000, 80_000]);
      assert.ok(clock - start <= RETRY_WINDOW_MS && clock - start > RETRY_WINDOW_MS - 3_600_000, `${(clock - start) / 3_600_000} h`);
      const row = await engine.repository.find(delivery.id);
      assert.equal(row?.status, 'failed');
      assert.equal(row?.last_status_code, 500);
      assert.match(row?.last_error ?? '', /HTTP 500: database down \(gave up after 24 hours\)/);
      const log = await engine.repository.attempts([delivery.id]);
      assert.equal(log.length, gaps.length + 1);
      assert.ok(log.every((a) => a.statusCode === 500));
    });

    test('429 waits at least as long as Retry-After; 410 fails at once', async () => {
      const engine = engineWith();
      receiver.answer = () => ({ status: 429, headers: { 'retry-after': '120' } });
      const [limited] = await engine.record(sampleEvent('evt-429'), watchOf(receiver, { dashboard: false }));
      const outcome = await engine.attempt(limited!.id);
      assert.equal(outcome.outcome === 'retry' && Date.parse(outcome.nextAttemptAt) - clock, 120_000);
      receiver.answer = () => ({ status: 410, body: 'endpoint removed' });
      const [gone] = await engine.record(sampleEvent('evt-410'), watchOf(receiver, { dashboard: false }));
      assert.deepEqual(await engine.attempt(gone!.id), { outcome: 'failed', attempt: 1 });
      assert.equal((await engine.repository.find(gone!.id))?.last_error, 'HTTP 410: endpoint removed');
    });

    test('a receiver that hangs is cut off at the time limit and retried', async () => {
      const engine = engineWith({ timeoutMs: 300 });
      receiver.answer = () => ({ hang: true });
      const [delivery] = await engine.record(sampleEvent('evt-slow'), watchOf(receiver, { dashboard: false }));
      const started = performance.now();
      const outcome = await engine.attempt(delivery!.id);
      const took = performance.now() - started;
      assert.equal(outcome.outcome, 'retry');
      assert.ok(took >= 290 && took < 2_000, `${took} ms`);
      const [logged] = await engine.repository.attempts([delivery!.id]);
      assert.match(logged?.error ?? '', /did not answer in time/);
      assert.ok((logged?.durationMs ?? 0) >= 290);
    });

    test('private targets are refused unless allowed, also behind a redirect', async () => {
      // The resolver stands in for public DNS: "localhost" looks public, the redirect's 127.0.0.1 does not.
      const engine = engineWith({ allowPrivate: false, resolve: async () => ['93.184.216.34'] });
      receiver.answer = (request) =>
        request.path === '/hook' ? { status: 307, headers: { location: `http://127.0.0.1:${receiver.port}/inside` } } : { status: 204 };
      const [redirected] = await engine.record(
        sampleEvent('evt-redirect'),
        watchOf(receiver, { dashboard: false, webhookUrl: `http://localhost:${receiver.port}/hook` }),
      );
      const seen = receiver.received.length;
      assert.deepEqual(await engine.attempt(redirected!.id), { outcome: 'failed', attempt: 1 });
      assert.match((await engine.repository.find(redirected!.id))?.last_error ?? '', /127\.0\.0\.1 resolves to a private address/);
      assert.equal(receiver.received.filter((r) => r.path === '/inside').length, 0);
      assert.equal(receiver.received.length, seen + 1);
      const [direct] = await engine.record(sampleEvent('evt-private'), watchOf(receiver, { dashboard: false }));
      assert.deepEqual(await engine.attempt(direct!.id), { outcome: 'failed', attempt: 1 });
      receiver.answer = () => ({ status: 204 });
    });

    test('e-mail goes through the configured SMTP server', async () => {
      const engine = engineWith();
      const [delivery] = await engine.record(sampleEvent('evt-mail'), watchOf(null, { email: 'holder@example.org', dashboard: false }));
      assert.equal(delivery?.channel, 'email');
      assert.deepEqual(await engine.attempt(delivery.id), { outcome: 'delivered', attempt: 1 });
      // Quoted-printable undone: soft line breaks and =XX bytes.
      const raw = await smtp.nextMail();
      const mail = Buffer.from(
        raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
      assert.match(mail, /To: holder@example\.org/);
      assert.match(mail, /sell tax 5 % → 99 %; a holder’s sell now returns 1 % of its value/);
      assert.match(mail, /dashboard\.example\/watchlist/);
    });

    test('a deleted watch stops its deliveries', async () => {
      const engine = engineWith();
      const [delivery] = await engine.record(sampleEvent('evt-deleted'), watchOf(receiver, { id: 'watch-deleted', dashboard: false }));
      const at = new Date(clock).toISOString();
      await store.db
        .insertInto('accounts')
        .values({
          id: 'account-1',
          email: 'holder@example.org',
          password_hash: 'x',
          role: 'user',
          created_at: at,
          verified_at: at,
          password_changed_at: at,
        })
        .execute();
      await store.db
        .insertInto('watches')
        .values({
          id: 'watch-deleted',
          account_id: 'account-1',
          token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
          network: 'devnet',
          chain: 'evm',
          webhook_url: `${receiver.url}/hook`,
          email: null,
          dashboard: 0,
          webhook_secret: secret,
          baseline: '{}',
          last_checked_block: null,
          verdict: null,
          created_at: new Date(clock).toISOString(),
          deleted_at: new Date(clock).toISOString(),
        })
        .execute();
      const seen = receiver.received.length;
      assert.deepEqual(await engine.attempt(delivery!.id), { outcome: 'failed', attempt: 1 });
      assert.equal(receiver.received.length, seen);
      assert.equal((await engine.repository.find(delivery!.id))?.last_error, 'the watch was deleted');
    });

    test('a claim left by a killed replica expires, and the delivery is sent by another', async () => {
      const engine = engineWith();
      receiver.answer = () => ({ status: 204 });
      const [delivery] = await engine.record(sampleEvent('evt-killed'), watchOf(receiver, { dashboard: false }));
      const at = new Date(clock).toISOString();
      const held = await engine.repository.claim(delivery!.id, 'dead-replica', at, new Date(clock + engine.leaseMs).toISOString());
      assert.ok(held);
      assert.deepEqual(await engine.attempt(delivery!.id), { outcome: 'skipped' });
      const dueIds = async () => (await engine.repository.due(new Date(clock).toISOString(), 1000)).map((d) => d.id);
      assert.ok(!(await dueIds()).includes(delivery!.id));
      clock += engine.leaseMs + 1;
      assert.ok((await dueIds()).includes(delivery!.id));
      assert.deepEqual(await engine.attempt(delivery!.id), { outcome: 'delivered', attempt: 1 });
      assert.ok(receiver.keys.has('evt-killed'));
    });
  });
}
