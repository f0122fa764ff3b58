import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { storeKinds } from '../../testing/test-stores.ts';
import { createMemoryMailer } from '../../accounts/mailer.ts';
import { createRateLimiter } from '../../limits/rate-limiter.ts';
import { signedInBrowser, type TestBrowser } from '../../testing/dashboard-browser.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { assertMatchesSchema, assertRefusesWrongFields } from '../../testing/schema-check.ts';
import { WatchDeliveryListSchema, WatchRedeliveredSchema, type WatchDelivery, type WatchEvent } from '../../interface/schemas/watches.ts';
import { createDeliveryEngine, type DeliveryEngine } from '../../watch/delivery/delivery-engine.ts';
import { createWatchRepository } from '../../watch/watch-repository.ts';

function event(id: string): WatchEvent {
  return {
    id,
    watchId: 'w-routes',
    kind: 'owner-changed',
    network: 'LOCAL',
    token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    blockNumber: 12,
    blockHash: '0x' + '22'.repeat(32),
    transactionHash: '0x' + '33'.repeat(32),
    summary: 'owner 0x70997970… → 0x3c44cdd… (ownership moved to a fresh address)',
    before: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    after: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    verdictBefore: null,
    verdictAfter: null,
    retracts: null,
    detectedAt: '2026-11-27T12:00:00.000Z',
  };
}

for (const kind of storeKinds()) {
  describe(`watch deliveries API (${kind})`, () => {
    let t: TestApp;
    let alice: TestBrowser;
    let bob: TestBrowser;
    let aliceId: string;
    let receiver: WebhookReceiver;
    let engine: DeliveryEngine;
    const kicked: string[] = [];

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
          watchDeliveries: { kick: (id) => void kicked.push(id) },
        },
        kind,
      );
      alice = await signedInBrowser(t.app, mailer, 'alice@example.org');
      bob = await signedInBrowser(t.app, mailer, 'bob@example.org');
      aliceId = ((await alice.call('GET', '/api/session')).json() as { account: { id: string } }).account.id;
      receiver = await startWebhookReceiver();
      engine = createDeliveryEngine({
        db: t.store.db,
        mailer,
        webhook: { allowPrivateAddresses: true, timeoutMs: 2_000 },
        replica: 'test/1',
      });
      const watch = {
        id: 'w-routes',
        accountId: aliceId,
        webhookUrl: `${receiver.url}/hook`,
        email: null,
        dashboard: true,
        webhookSecret: 'whsec_routes',
        token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        network: 'LOCAL',
      };
      await createWatchRepository(t.store.db).insert({
        ...watch,
        chain: 'evm',
        baseline: { plan: { values: [], locks: [], note: null }, values: {}, locks: {}, verdict: null, decimals: 18 },
        verdict: null,
        createdAt: '2026-11-27T11:00:00.000Z',
        lastCheckedBlock: 10,
      });
      // One delivered webhook, one that failed (410), each with its dashboard delivery.
      receiver.answer = () => ({ status: 200 });
      for (const d of await engine.record(event('evt-a'), watch)) await engine.attempt(d.id);
      receiver.answer = () => ({ status: 410, body: 'gone' });
      for (const d of await engine.record(event('evt-b'), watch)) await engine.attempt(d.id);
    });
    after(async () => {
      await receiver.close();
      await t.close();
    });

    const list = async (who: TestBrowser) => {
      const response = await who.call('GET', '/api/watches/w-routes/deliveries');
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as { deliveries: WatchDelivery[] };
    };

    it('lists the delivery log with every attempt, matching its schema', async () => {
      const body = await list(alice);
      assertMatchesSchema(WatchDeliveryListSchema, body);
      assertRefusesWrongFields(WatchDeliveryListSchema, body, [
        [['deliveries', 0, 'status'], 'sent'],
        [['deliveries', 0, 'attempts'], 'two'],
      ]);
      assert.deepEqual(body.deliveries.map((d) => `${d.eventId}:${d.channel}:${d.status}`).sort(), [
        'evt-a:dashboard:delivered',
        'evt-a:webhook:delivered',
        'evt-b:dashboard:delivered',
        'evt-b:webhook:failed',
      ]);
      const failed = body.deliveries.find((d) => d.eventId === 'evt-b' && d.channel === 'webhook')!;
      assert.equal(failed.lastStatusCode, 410);
      assert.equal(failed.lastError, 'HTTP 410: gone');
      assert.equal(failed.log?.length, 1);
      assert.equal(failed.log?.[0]?.outcome, 'failed');
    });

    it('takes an API key of the account instead of a session', async () => {
      const created = await alice.call('POST', '/api/account/keys', { json: { name: 'watch' } });
      assert.equal(created.statusCode, 201, created.body);
      const key = (created.json() as { key: string }).key;
      const response = await t.app.inject({ method: 'GET', url: '/api/watches/w-routes/deliveries', headers: { 'x-api-key': key } });
      assert.equal(response.statusCode, 200);
      assert.equal((response.json() as { deliveries: unknown[] }).deliveries.length, 4);
      const wrong = await t.app.inject({ method: 'GET', url: '/api/watches/w-routes/deliveries', headers: { 'x-api-key': 'nope' } });
      assert.equal(wrong.statusCode, 403);
    });

    it("needs a session or key; another account's watch is not found", async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/watches/w-routes/deliveries' });
      assert.equal(anonymous.statusCode, 401);
      const foreign = await bob.call('GET', '/api/watches/w-routes/deliveries');
      assert.equal(foreign.statusCode, 404);
      assert.equal((foreign.json() as { message: string }).message, 'Watch not found');
      assert.equal((await alice.call('GET', '/api/watches/no-such/deliveries')).statusCode, 404);
    });

    it('redelivers a failed webhook now, same idempotency key; the log shows the second attempt', async () => {
      const failed = (await list(alice)).deliveries.find((d) => d.eventId === 'evt-b' && d.channel === 'webhook')!;
      const response = await alice.call('POST', `/api/watches/w-routes/deliveries/${failed.id}/redeliver`);
      assert.equal(response.statusCode, 202, response.body);
      const body = response.json() as { delivery: WatchDelivery };
      assertMatchesSchema(WatchRedeliveredSchema, body);
      assert.equal(body.delivery.status, 'pending');
      assert.deepEqual(kicked, [failed.id]);
      receiver.answer = () => ({ status: 204 });
      assert.deepEqual(await engine.attempt(failed.id), { outcome: 'delivered', attempt: 2 });
      assert.equal(receiver.received.at(-1)?.headers['scopeward-idempotency-key'], 'evt-b');
      const after = (await list(alice)).deliveries.find((d) => d.id === failed.id)!;
      assert.equal(after.status, 'delivered');
      assert.deepEqual(
        after.log?.map((a) => a.outcome),
        ['failed', 'delivered'],
      );
    });

    it('refuses a redeliver without CSRF, of another account, of an unknown id, of the dashboard', async () => {
      const webhook = (await list(alice)).deliveries.find((d) => d.channel === 'webhook')!;
      const dashboard = (await list(alice)).deliveries.find((d) => d.channel === 'dashboard')!;
      const forged = await alice.call('POST', `/api/watches/w-routes/deliveries/${webhook.id}/redeliver`, {
        headers: { 'x-csrf-token': 'wrong' },
      });
      assert.equal(forged.statusCode, 403);
      const foreign = await bob.call('POST', `/api/watches/w-routes/deliveries/${webhook.id}/redeliver`);
      assert.equal(foreign.statusCode, 404);
      assert.equal((foreign.json() as { message: string }).message, 'Watch not found');
      const unknown = await alice.call('POST', '/api/watches/w-routes/deliveries/no-such/redeliver');
      assert.equal(unknown.statusCode, 404);
      assert.equal((unknown.json() as { message: string }).message, 'Delivery not found');
      const onPage = await alice.call('POST', `/api/watches/w-routes/deliveries/${dashboard.id}/redeliver`);
      assert.equal(onPage.statusCode, 409);
      assert.match((onPage.json() as { message: string }).message, /nothing to send again/);
      const tooLong = await alice.call('GET', `/api/watches/${'x'.repeat(65)}/deliveries`);
      assert.equal(tooLong.statusCode, 400);
    });
  });
}
