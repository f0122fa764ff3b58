import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guard } from './policy.ts';
import { readJsonResponse, type Provider } from './provider.ts';

type Answer = (res: ServerResponse) => void;

/** A local HTTP server answering each request with the next scripted answer (the last one repeats). */
async function scripted(answers: Answer[]) {
  let calls = 0;
  const server = createServer((_req, res) => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls++;
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    calls: () => calls,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const hang: Answer = () => {};

/** A provider in the shape the adapters have: one GET, the answer read with readJsonResponse. */
function counterProvider(base: string): Provider<{ handle: string }, { members: number }> {
  return {
    name: 'counter',
    fields: ['telegramMembers'],
    async fetch(input, ctx) {
      const response = await ctx.fetch(`${base}/count?handle=${encodeURIComponent(input.handle)}`, { signal: ctx.signal });
      const body = (await readJsonResponse('counter', response)) as { members: number };
      return { members: body.members };
    },
  };
}

const noWait = () => {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
};

test('an answer is ok and served from the cache within its TTL', async () => {
  const server = await scripted([json(200, { members: 42 })]);
  let now = Date.parse('2026-01-01T00:00:00Z');
  const p = guard(counterProvider(server.base), { cacheTtlMs: 60_000 }, { now: () => new Date(now) });
  try {
    const first = await p.call({ handle: 'a' });
    assert.equal(first.status, 'ok');
    assert.deepEqual(first.value, { members: 42 });
    assert.equal(first.cached, false);
    now += 30_000;
    const second = await p.call({ handle: 'a' });
    assert.equal(second.cached, true);
    assert.equal(server.calls(), 1);
    now += 31_000;
    await p.call({ handle: 'a' });
    assert.equal(server.calls(), 2, 'past the TTL the provider is asked again');
  } finally {
    await server.close();
  }
});

test('a hanging provider times out with the limit in the reason, and the signal reaches the adapter', async () => {
  const server = await scripted([hang]);
  const p = guard(counterProvider(server.base), { timeoutMs: 80, retries: 0 });
  try {
    const started = performance.now();
    const outcome = await p.call({ handle: 'a' });
    assert.equal(outcome.status, 'timeout');
    assert.match(outcome.reason!, /80 ms/);
    assert.ok(performance.now() - started < 1_000);
  } finally {
    await server.close();
  }
});

test('a 429 is retried after the Retry-After the provider asked for, capped', async () => {
  const server = await scripted([
    json(429, { error: 'slow down' }, { 'retry-after': '2' }),
    json(429, {}, { 'retry-after': '120' }),
    json(200, { members: 7 }),
  ]);
  const wait = noWait();
  const p = guard(counterProvider(server.base), { retries: 2, maxDelayMs: 10_000 }, { sleep: wait.sleep });
  try {
    const outcome = await p.call({ handle: 'a' });
    assert.equal(outcome.status, 'ok');
    assert.deepEqual(outcome.value, { members: 7 });
    assert.deepEqual(wait.delays, [2_000, 10_000]);
    assert.equal(server.calls(), 3);
  } finally {
    await server.close();
  }
});

test('5xx is retried with exponential backoff; a 404 is not retried', async () => {
  const server = await scripted([json(503, {}), json(502, {}), json(500, {})]);
  const wait = noWait();
  const p = guard(counterProvider(server.base), { retries: 2, backoffMs: 100 }, { sleep: wait.sleep });
  try {
    const outcome = await p.call({ handle: 'a' });
    assert.equal(outcome.status, 'failed');
    assert.equal(outcome.kind, 'unreachable');
    assert.match(outcome.reason!, /HTTP 500/);
    assert.deepEqual(wait.delays, [100, 200]);
  } finally {
    await server.close();
  }
  const missing = await scripted([json(404, { ok: false })]);
  const q = guard(counterProvider(missing.base), { retries: 3 }, { sleep: wait.sleep });
  try {
    const outcome = await q.call({ handle: 'gone' });
    assert.equal(outcome.kind, 'not-found');
    assert.equal(missing.calls(), 1);
  } finally {
    await missing.close();
  }
});

test('the breaker opens after N failures, answers "circuit open" at once, and half-opens after the cool-down', async (t) => {
  t.after(() => mock.timers.reset());
  mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-01-01T00:00:00Z') });
  const server = await scripted([json(500, {}), json(500, {}), json(200, { members: 5 })]);
  const p = guard(counterProvider(server.base), { retries: 0, breakerFailures: 2, breakerCooldownMs: 30_000, cacheTtlMs: 0 });
  try {
    assert.equal((await p.call({ handle: 'a' })).reason, 'counter answered HTTP 500');
    assert.equal((await p.call({ handle: 'a' })).status, 'failed');
    const open = await p.call({ handle: 'a' });
    assert.equal(open.status, 'failed');
    assert.equal(open.reason, 'circuit open');
    assert.equal(server.calls(), 2, 'an open breaker does not call the provider');
    mock.timers.tick(30_001);
    const trial = await p.call({ handle: 'a' });
    assert.equal(trial.status, 'ok', 'half-open: one trial call goes through and closes the breaker');
    assert.equal(server.calls(), 3);
  } finally {
    await server.close();
  }
});

test('a failed refresh serves the last good value as stale with the reason', async () => {
  const server = await scripted([json(200, { members: 10 }), json(503, {})]);
  let now = Date.parse('2026-01-01T00:00:00Z');
  const p = guard(counterProvider(server.base), { cacheTtlMs: 1_000, retries: 0 }, { now: () => new Date(now) });
  try {
    const good = await p.call({ handle: 'a' });
    now += 5_000;
    const stale = await p.call({ handle: 'a' });
    assert.equal(stale.status, 'stale');
    assert.deepEqual(stale.value, { members: 10 });
    assert.equal(stale.fetchedAt, good.fetchedAt);
    assert.match(stale.reason!, /HTTP 503/);
    // A different input has no last good value: failed, not stale.
    assert.equal((await p.call({ handle: 'b' })).status, 'failed');
  } finally {
    await server.close();
  }
});

test('an adapter that throws something other than a ProviderError is a failed outcome, not a rejection', async () => {
  const p = guard({ name: 'broken', fields: [], fetch: async () => JSON.parse('{') as never });
  const outcome = await p.call({});
  assert.equal(outcome.status, 'failed');
  assert.ok(outcome.reason);
});

test('the caller aborting (the scan budget) ends the call as a timeout without waiting for the provider', async () => {
  const server = await scripted([hang]);
  const p = guard(counterProvider(server.base), { timeoutMs: 10_000, retries: 0 });
  try {
    const controller = new AbortController();
    const pending = p.call({ handle: 'a' }, controller.signal);
    setImmediate(() => controller.abort());
    const outcome = await pending;
    assert.equal(outcome.status, 'timeout');
    assert.equal(outcome.reason, 'the scan budget ran out');
  } finally {
    await server.close();
  }
});
