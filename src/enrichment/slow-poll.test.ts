import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Queue } from 'bullmq';
import { closeConnection, createBullMqConnection } from '../scan/jobs/bullmq-connection.ts';
import { startBullMqPoll, startInProcessPoll, type Every } from './slow-poll.ts';

/** A timer the test fires by hand. */
function manualTimer() {
  let tick: (() => void) | undefined;
  let stopped = false;
  const every: Every = (_ms, fn) => {
    tick = fn;
    return () => void (stopped = true);
  };
  return { every, fire: () => tick!(), stopped: () => stopped };
}

describe('slow poll', () => {
  it('in process: polls on each tick, never two at once, and reports results and errors', async () => {
    const timer = manualTimer();
    const results: number[] = [];
    const errors: string[] = [];
    let release: (() => void) | undefined;
    let runs = 0;
    const poll = startInProcessPoll(
      {
        intervalMs: 60_000,
        poll: () => {
          runs++;
          if (runs === 3) return Promise.reject(new Error('store unreachable'));
          return new Promise<number>((resolve) => (release = () => resolve(runs)));
        },
        onResult: (n) => results.push(n),
        onError: (e) => errors.push(e.message),
      },
      timer.every,
    );
    timer.fire();
    timer.fire(); // still running: skipped
    assert.equal(runs, 1);
    release!();
    await poll.running();
    timer.fire();
    release!();
    await poll.running();
    timer.fire();
    await poll.running();
    assert.deepEqual(results, [1, 2]);
    assert.deepEqual(errors, ['store unreachable']);
    await poll.close();
    assert.equal(timer.stopped(), true);
  });

  const redisUrl = process.env.REDIS_URL;
  it('on BullMQ: the job scheduler runs the poll', { skip: redisUrl ? false : 'REDIS_URL is not set' }, async () => {
    const queueName = `sw-test-enrich-${process.pid}-${Date.now()}`;
    let resolveRun: (n: number) => void = () => {};
    const ran = new Promise<number>((resolve) => (resolveRun = resolve));
    const poll = await startBullMqPoll({
      redisUrl: redisUrl!,
      queueName,
      intervalMs: 200,
      poll: async () => 7,
      onResult: (n) => resolveRun(n),
    });
    try {
      assert.equal(await ran, 7);
    } finally {
      await poll.close();
      // Leave nothing behind in the shared Redis.
      const connection = createBullMqConnection(redisUrl!);
      const queue = new Queue(queueName, { connection });
      await queue.obliterate({ force: true });
      await queue.close();
      await closeConnection(connection);
    }
  });
});

describe('slow poll on a Redis that is down', () => {
  it('starts at once, reports the connection errors, and closes within its bound', async () => {
    // A port that was free a moment ago refuses connections.
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const errors: string[] = [];
    const started = Date.now();
    const poll = await startBullMqPoll({
      redisUrl: `redis://127.0.0.1:${port}`,
      queueName: 'sw-test-enrich-down',
      intervalMs: 60_000,
      retryMs: 10,
      poll: async () => 0,
      onConnectionError: (error) => errors.push(error.message),
    });
    assert.ok(Date.now() - started < 1000, 'did not wait for Redis');
    const deadline = Date.now() + 5000;
    while (errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.match(errors[0] ?? '', /ECONNREFUSED/);
    const closing = Date.now();
    await poll.close();
    assert.equal(await poll.scheduled, false, 'never scheduled: Redis never answered');
    assert.ok(Date.now() - closing < 8000, `closed in ${Date.now() - closing} ms`);
  });
});
