/**
 * Watch delivery overhead per event (issue 32): what the delivery side adds to a webhook
 * beyond the POST itself. In one run, against the same local receiver, with the same body:
 *
 *   baseline   a plain `fetch` POST of the event's JSON
 *   guarded    the same POST through the outbound guard (outboundFetch), signed
 *   delivery   the whole path: record the deliveries (webhook + dashboard rows), claim,
 *              sign, guarded POST, log the attempt and the result (SQLite in memory)
 *   signing    HMAC-SHA256 of `t.body` alone
 *
 * Prints the median milliseconds per event over rounds and the ratios to the baseline.
 *
 *   node --import tsx bench/watch-delivery.ts [--events 300] [--rounds 5]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openStore } from '../src/store/open-store.ts';
import { outboundFetch } from '../src/codehosts/outbound.ts';
import { startWebhookReceiver } from '../src/testing/webhook-receiver.ts';
import { createDeliveryEngine } from '../src/watch/delivery/delivery-engine.ts';
import { webhookHeaders } from '../src/watch/delivery/send-webhook.ts';
import { signWebhook } from '../src/watch/delivery/webhook-signature.ts';
import type { WatchEvent } from '../src/interface/schemas/watches.ts';
import { median } from './stats.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '300' }, rounds: { type: 'string', default: '5' } } });
const EVENTS = Number(values.events);
const ROUNDS = Number(values.rounds);

const receiver = await startWebhookReceiver();
const store = await openStore({ dataDir: ':memory:' });
const engine = createDeliveryEngine({
  db: store.db,
  mailer: null,
  webhook: { allowPrivateAddresses: true, timeoutMs: 5_000 },
  replica: 'bench/1',
});
const url = `${receiver.url}/hook`;
const secret = 'whsec_bench_0123456789abcdef';
const watch = {
  id: 'w-bench',
  accountId: 'a-bench',
  webhookUrl: url,
  email: null,
  dashboard: true,
  webhookSecret: secret,
  token: '0x' + '5f'.repeat(20),
  network: 'LOCAL',
};
let serial = 0;
const event = (): WatchEvent => ({
  id: `evt-${++serial}`,
  watchId: watch.id,
  kind: 'power-variable-changed',
  network: 'LOCAL',
  token: watch.token,
  blockNumber: 1000 + serial,
  blockHash: '0x' + 'ab'.repeat(32),
  transactionHash: '0x' + 'cd'.repeat(32),
  summary: 'fee (feeBps) 500 → 2500; sell tax 5 % → 25 %; a holder’s sell now returns 75 % of its value',
  before: '500',
  after: '2500',
  verdictBefore: 'Sells work (5 % tax)',
  verdictAfter: 'Sells lose 25 %',
  retracts: null,
  detectedAt: new Date().toISOString(),
});
const body = JSON.stringify({ ...event(), watch: { id: watch.id, token: watch.token, network: watch.network } });

async function perEvent(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < EVENTS; i++) await run();
  return (performance.now() - started) / EVENTS;
}

const baseline = async () => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await res.arrayBuffer();
};
const guarded = async () => {
  const request = {
    url,
    secret,
    body,
    eventId: 'evt-x',
    eventKind: 'power-variable-changed',
    deliveryId: 'd-x',
    attempt: 1,
    now: new Date(),
  };
  await outboundFetch(
    url,
    { method: 'POST', headers: webhookHeaders(request), body },
    { allowedOrigins: 'any', allowPrivateAddresses: true },
    1 << 18,
  );
};
const delivery = async () => {
  const recorded = await engine.record(event(), watch);
  for (const d of recorded) {
    const outcome = await engine.attempt(d.id);
    if (outcome.outcome !== 'delivered') throw new Error(`delivery ${d.id}: ${outcome.outcome}`);
  }
};

const rows: Record<string, number[]> = { baseline: [], guarded: [], delivery: [], signing: [] };
// One warm-up round of each, not counted.
await perEvent(baseline);
await perEvent(guarded);
await perEvent(delivery);
for (let round = 0; round < ROUNDS; round++) {
  rows.baseline!.push(await perEvent(baseline));
  rows.guarded!.push(await perEvent(guarded));
  rows.delivery!.push(await perEvent(delivery));
  const started = performance.now();
  for (let i = 0; i < EVENTS; i++) signWebhook(secret, 1_795_800_000 + i, body);
  rows.signing!.push((performance.now() - started) / EVENTS);
}

const base = median(rows.baseline!);
console.log(`watch delivery, ${EVENTS} events × ${ROUNDS} rounds, body ${body.length} bytes (median ms per event)`);
for (const [name, samples] of Object.entries(rows)) {
  const ms = median(samples);
  console.log(`  ${name.padEnd(9)} ${ms.toFixed(3).padStart(8)} ms   ×${(ms / base).toFixed(2)} of the plain POST`);
}
console.log(`  receiver got ${receiver.received.length} requests, ${receiver.keys.size} distinct idempotency keys`);
await receiver.close();
await store.close();
