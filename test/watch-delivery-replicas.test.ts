/**
 * Issue 32, item 5: watch deliveries on two server replicas sharing PostgreSQL and Redis.
 * This process plays the follower (it records events and adds their jobs, working none);
 * the two `scopeward serve` processes work the delivery queue. One replica is killed with
 * SIGKILL while its webhook request hangs: the event still arrives, once, through the
 * other. Also: a receiver that hangs does not block the others, a 500 is retried.
 * Runs when DATABASE_URL and REDIS_URL are set.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { spawnServer, type SpawnedServer } from '../src/testing/spawn-server.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../src/testing/webhook-receiver.ts';
import { openStore, type Store } from '../src/store/open-store.ts';
import { startWatchDeliveries, type WatchDeliveryService } from '../src/watch/delivery/watch-delivery-service.ts';
import type { WatchEvent } from '../src/interface/schemas/watches.ts';
import type { WatchForDelivery } from '../src/watch/delivery/watch-deliveries.ts';
import { verifyWebhookSignature } from '../src/watch/delivery/webhook-signature.ts';

const { DATABASE_URL, REDIS_URL } = process.env;
const skip = !DATABASE_URL || !REDIS_URL ? 'DATABASE_URL and REDIS_URL are not both set' : false;
const SECRET = 'whsec_replicas';
const TIMEOUT_MS = 1_500;

function event(id: string): WatchEvent {
  return {
    id,
    watchId: 'watch-replicas',
    kind: 'supply-changed',
    network: 'LOCAL',
    token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    blockNumber: 7,
    blockHash: '0x' + '11'.repeat(32),
    transactionHash: null,
    summary: 'total supply 1,000,000 → 2,000,000 (the owner minted)',
    before: '1000000',
    after: '2000000',
    verdictBefore: null,
    verdictAfter: null,
    retracts: null,
    detectedAt: new Date().toISOString(),
  };
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('watch deliveries on two replicas (PostgreSQL + Redis)', { skip }, () => {
  const database = `sw_it_${randomBytes(5).toString('hex')}`;
  let dir: string;
  let servers: SpawnedServer[] = [];
  let receiver: WebhookReceiver;
  let store: Store;
  let follower: WatchDeliveryService;
  const accepted = new Map<string, number>();
  let watch: WatchForDelivery;

  before(async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${database}`;
    dir = await mkdtemp(join(tmpdir(), 'sw-watch-'));
    const queue = `sw-it-${database}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS_URL!,
      RATE_LIMIT_PREFIX: queue,
      SCAN_QUEUE: queue,
      DATA_DIR: join(dir, 'data'),
      DEVNET: 'off',
      WEBHOOK_ALLOW_PRIVATE: 'on',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      WATCH_DELIVERY_SWEEP_MS: '500',
    };
    receiver = await startWebhookReceiver();
    const started = await Promise.allSettled([spawnServer(env, 300_000), spawnServer(env, 300_000)]);
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    store = await openStore({ dataDir: dir, databaseUrl: url.toString() });
    follower = startWatchDeliveries({
      db: store.db,
      mailer: null,
      config: { allowPrivateAddresses: true, timeoutMs: TIMEOUT_MS, sweepMs: undefined },
      redisUrl: REDIS_URL,
      scanQueue: queue,
      work: false,
      onError: (error) => console.error('follower side:', error.message),
    });
    watch = {
      id: 'watch-replicas',
      accountId: 'account-replicas',
      webhookUrl: `${receiver.url}/hook`,
      email: null,
      dashboard: true,
      webhookSecret: SECRET,
      token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      network: 'LOCAL',
    };
  });

  after(async () => {
    await follower?.close();
    await store?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await receiver?.close();
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  });

  /** The webhook delivery row of an event once its sender has recorded it delivered (or the last row read, after 10 s). */
  async function deliveredRow(eventId: string) {
    const read = () =>
      store.db
        .selectFrom('watch_deliveries')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('channel', '=', 'webhook')
        .executeTakeFirstOrThrow();
    try {
      return await until(
        `${eventId} recorded delivered`,
        async () => {
          const row = await read();
          return row.status === 'delivered' ? row : undefined;
        },
        10_000,
      );
    } catch {
      return read();
    }
  }

  /** The receiver's own rule: a signed request is taken in, and counted per idempotency key. */
  const take = (request: ReceivedWebhook) => {
    const check = verifyWebhookSignature({ body: request.body, header: request.headers['scopeward-signature'] as string, secret: SECRET });
    if (!check.ok) return { status: 401, body: check.reason };
    const key = request.headers['scopeward-idempotency-key'] as string;
    accepted.set(key, (accepted.get(key) ?? 0) + 1);
    return { status: 204 };
  };

  it('a replica killed mid-delivery loses nothing, and nothing is accepted twice', async () => {
    const wave1 = Array.from({ length: 10 }, (_, i) => `evt-w1-${i}`);
    receiver.answer = take;
    for (const id of wave1) await follower.enqueue(event(id), watch);
    await receiver.waitForKeys(10);

    // The next event's request hangs: whichever replica sends it is killed mid-request.
    let hung: ReceivedWebhook | undefined;
    receiver.answer = (request) => {
      if (request.headers['scopeward-idempotency-key'] === 'evt-kill' && !hung) {
        hung = request;
        return { hang: true };
      }
      return take(request);
    };
    await follower.enqueue(event('evt-kill'), watch);
    await until('the hanging request', () => hung, 10_000);
    const holder = await until(
      'the lease',
      async () =>
        (
          await store.db
            .selectFrom('watch_deliveries')
            .select('lease_owner')
            .where('event_id', '=', 'evt-kill')
            .where('channel', '=', 'webhook')
            .executeTakeFirst()
        )?.lease_owner ?? undefined,
      5_000,
    );
    const pid = Number(holder.split('/')[1]);
    const victim = servers.find((s) => s.child.pid === pid);
    assert.ok(victim, `the lease ${holder} names one of the replicas`);
    victim.child.kill('SIGKILL');
    const wave2 = Array.from({ length: 10 }, (_, i) => `evt-w2-${i}`);
    for (const id of wave2) await follower.enqueue(event(id), watch);

    // The dead replica's lease expires (time limit + 10 s); the survivor sends it again.
    await receiver.waitForKeys(21);
    for (const id of [...wave1, 'evt-kill', ...wave2]) assert.equal(accepted.get(id), 1, `${id} accepted once`);
    // The receiver answers before the survivor records the outcome, so the row is read until it settles.
    const killed = await deliveredRow('evt-kill');
    assert.equal(killed.status, 'delivered');
    // Only the survivor's attempt was logged: the dead replica never finished one.
    const attempts = await store.db.selectFrom('watch_delivery_attempts').selectAll().where('delivery_id', '=', killed.id).execute();
    assert.equal(attempts.length, 1);
    assert.notEqual(attempts[0]?.replica.split('/')[1], String(pid));
    const dashboard = await store.db
      .selectFrom('watch_deliveries')
      .select('status')
      .where('event_id', '=', 'evt-kill')
      .where('channel', '=', 'dashboard')
      .executeTakeFirstOrThrow();
    assert.equal(dashboard.status, 'delivered');
  });

  it('receivers that hang hold no worker: others are delivered meanwhile, the hung ones retried', async () => {
    const slow = Array.from({ length: 12 }, (_, i) => `evt-slow-${i}`);
    const fast = Array.from({ length: 4 }, (_, i) => `evt-fast-${i}`);
    receiver.answer = (request) =>
      String(request.headers['scopeward-idempotency-key']).startsWith('evt-slow') ? { hang: true } : take(request);
    const before = receiver.keys.size;
    for (const id of slow) await follower.enqueue(event(id), { ...watch, webhookUrl: `${receiver.url}/slow` });
    const started = Date.now();
    for (const id of fast) await follower.enqueue(event(id), watch);
    await receiver.waitForKeys(before + fast.length);
    // The 12 hung requests fill more than the surviving replica's 8 slots for at most one time limit.
    assert.ok(Date.now() - started < 3 * TIMEOUT_MS + 2_000, `${Date.now() - started} ms`);
    const retried = await until(
      'the hung attempts logged',
      async () => {
        const rows = await store.db
          .selectFrom('watch_deliveries')
          .select(['status', 'last_error'])
          .where('event_id', 'like', 'evt-slow-%')
          .where('channel', '=', 'webhook')
          .execute();
        return rows.length === slow.length && rows.every((r) => r.status === 'retrying') ? rows : undefined;
      },
      4 * TIMEOUT_MS + 5_000,
    );
    assert.ok(retried.every((r) => /did not answer in time/.test(r.last_error ?? '')));
  });

  it('a receiver answering 500 gets the event again after the backoff', async () => {
    let failures = 0;
    receiver.answer = (request) => {
      if (request.headers['scopeward-idempotency-key'] === 'evt-500' && failures++ === 0) return { status: 500, body: 'try later' };
      return take(request);
    };
    await follower.enqueue(event('evt-500'), watch);
    // The first retry comes 8 to 12 s later (10 s, jittered).
    await until('evt-500 taken in', () => (accepted.has('evt-500') ? true : undefined), 30_000);
    assert.equal(failures, 2);
    const row = await deliveredRow('evt-500');
    assert.equal(row.status, 'delivered');
    assert.equal(row.attempts, 2);
  });
});
