import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { WatchEvent } from '../../interface/schemas/watches.ts';
import { openTestStore, type TestStore } from '../../testing/test-stores.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { createDeliveryEngine } from './delivery-engine.ts';
import { createInProcessRunner } from './in-process-runner.ts';

let store: TestStore;
let receiver: WebhookReceiver;
before(async () => {
  store = await openTestStore();
  receiver = await startWebhookReceiver();
});
after(async () => {
  await receiver.close();
  await store.dispose();
});

const event = (id: string): WatchEvent => ({
  id,
  watchId: 'w-runner',
  kind: 'liquidity-removed',
  network: 'LOCAL',
  token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  blockNumber: 3,
  blockHash: '0x' + '44'.repeat(32),
  transactionHash: null,
  summary: 'LP supply 1,000 → 10 (liquidity pulled)',
  before: '1000',
  after: '10',
  verdictBefore: null,
  verdictAfter: null,
  retracts: null,
  detectedAt: '2026-11-27T12:00:00.000Z',
});

test('a hanging receiver holds one slot for its time limit; the rest are sent meanwhile; the poll finds the retry when due', async () => {
  let clock = Date.parse('2026-11-27T12:00:00Z');
  const engine = createDeliveryEngine({
    db: store.db,
    mailer: null,
    webhook: { allowPrivateAddresses: true, timeoutMs: 400 },
    replica: 'test/1',
    now: () => new Date(clock),
    random: () => 0.5,
  });
  const errors: Error[] = [];
  const runner = createInProcessRunner(engine, { concurrency: 2, pollMs: 20, onError: (error) => errors.push(error) });
  const watch = (path: string) => ({
    id: 'w-runner',
    accountId: 'a-runner',
    webhookUrl: `${receiver.url}${path}`,
    email: null,
    dashboard: false,
    webhookSecret: 'whsec_runner',
    token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    network: 'LOCAL',
  });
  let hang = true;
  receiver.answer = (request) => (request.path === '/slow' && hang ? { hang: true } : { status: 204 });
  try {
    const started = performance.now();
    for (const d of await engine.record(event('evt-slow'), watch('/slow'))) runner.schedule(d.id, 0, d.nextAttemptAt!);
    for (const id of ['evt-1', 'evt-2', 'evt-3'])
      for (const d of await engine.record(event(id), watch('/fast'))) runner.schedule(d.id, 0, d.nextAttemptAt!);
    await receiver.waitForKeys(3);
    assert.ok(performance.now() - started < 400, `the fast ones did not wait for the slow one: ${performance.now() - started} ms`);
    await runner.idle();
    const [slow] = await store.db.selectFrom('watch_deliveries').selectAll().where('event_id', '=', 'evt-slow').execute();
    assert.equal(slow?.status, 'retrying');
    // Not due yet: the poll leaves it; due: the poll sends it.
    hang = false;
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(!receiver.keys.has('evt-slow'));
    clock += 12_000;
    await receiver.waitForKeys(4);
    assert.ok(receiver.keys.has('evt-slow'));
    assert.deepEqual(errors, []);
  } finally {
    await runner.close();
  }
});
