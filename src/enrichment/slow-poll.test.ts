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
