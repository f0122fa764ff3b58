/**
 * The BullMQ backend against a real Redis (REDIS_URL; `.ci/run` sets it). Each test uses
 * its own queue under a per-run key prefix, and the prefix's keys are deleted at the end.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createBullMqRunner, type BullMqRunnerOptions } from './bullmq-runner.ts';
import { createBullMqWorker, type BullMqWorkerOptions, type ScanWorker } from './bullmq-worker.ts';
import { closeConnection, createBullMqConnection } from './bullmq-connection.ts';
import { JobFailedError, JobTimeoutError, PermanentJobError } from './job-errors.ts';
import type { JobRunner, ScanHandler, ScanJob } from './job-runner.ts';

const redisUrl = process.env.REDIS_URL;
const prefix = `sw-test-${randomUUID().slice(0, 8)}`;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const token = (i: number): ScanJob => ({ network: 'BSC', address: `0x${String(i).padStart(40, '0')}` });

let queues = 0;
const cleanups: Array<() => Promise<void>> = [];

/** A runner and workers on a fresh queue; both are closed after the test file. */
function setup<R>(
  workerOptions: Array<Partial<BullMqWorkerOptions<R>> & { handler: ScanHandler<R> }>,
  runnerOptions: Partial<BullMqRunnerOptions> = {},
) {
  const url = redisUrl as string;
  const queueName = `scans-${++queues}`;
  const runner: JobRunner<R> = createBullMqRunner<R>({ redisUrl: url, queueName, prefix, backoffMs: 50, ...runnerOptions });
  const workers: ScanWorker[] = workerOptions.map((options) => createBullMqWorker<R>({ redisUrl: url, queueName, prefix, ...options }));
  cleanups.push(async () => {
    await runner.close();
    await Promise.all(workers.map((worker) => worker.close({ graceMs: 1_000 })));
  });
  return { runner, workers, queueName };
}

/** Counts handler calls per address and answers after `ms`. */
function countingHandler(ms: number) {
  const calls = new Map<string, number>();
  const handler: ScanHandler<{ address: string; call: number }> = async (job) => {
    const call = (calls.get(job.address) ?? 0) + 1;
    calls.set(job.address, call);
    await delay(ms);
    return { address: job.address, call };
  };
  return { calls, handler };
}

/** Resolves with the child's first stdout line, or rejects after `ms`. */
function firstLine(child: ChildProcess, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`no output from the child worker within ${ms} ms`)), ms);
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child worker exited with ${code} before starting the job`));
    });
  });
}

describe(
  'BullMQ job runner',
  { skip: redisUrl ? false : 'REDIS_URL is not set (.ci/run sets redis://127.0.0.1:6379)', timeout: 60_000 },
  () => {
    after(async () => {
      for (const cleanup of cleanups) await cleanup();
      // Delete this run's keys so repeated runs do not fill the Redis.
      const redis = createBullMqConnection(redisUrl as string);
      try {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        await closeConnection(redis);
      }
    });

    it('analyses each token once for 50 concurrent cold requests over 10 tokens, then runs a later scan again', async () => {
      const { calls, handler } = countingHandler(150);
      const { runner } = setup([
        { handler, concurrency: 4 },
        { handler, concurrency: 4 },
      ]);
      const jobs = Array.from({ length: 50 }, (_, i) => token(i % 10));
      const results = await Promise.all(jobs.map((job) => runner.run(job, { waitMs: 20_000 })));
      assert.equal(calls.size, 10);
      assert.deepEqual([...calls.values()], Array(10).fill(1));
      results.forEach((result, i) => assert.deepEqual(result, { address: jobs[i]?.address, call: 1 }));

      // The finished job released its key: the next scan of the same token runs the handler.
      assert.deepEqual(await runner.run(token(3), { waitMs: 10_000 }), { address: token(3).address, call: 2 });
    });

    it('returns the worker’s result as plain JSON data', async () => {
      const report = {
        score: 87.5,
        flags: ['mint', 'proxy'],
        owner: null,
        nested: { holders: [{ share: 0.42, label: 'pool' }] },
        empty: {},
      };
      const { runner } = setup([{ handler: async () => report }]);
      assert.deepEqual(await runner.run(token(1), { waitMs: 10_000 }), report);
    });

    it('retries a job whose handler throws once', async () => {
      let calls = 0;
      const { runner } = setup([
        {
          handler: async () => {
            calls += 1;
            if (calls === 1) throw new Error('rpc timeout');
            return { ok: true };
          },
        },
      ]);
      assert.deepEqual(await runner.run(token(1), { waitMs: 10_000 }), { ok: true });
      assert.equal(calls, 2);
    });

    it('rejects with JobFailedError after the last attempt, and at once on a PermanentJobError', async () => {
      let calls = 0;
      const { runner } = setup([
        {
          handler: async (job) => {
            calls += 1;
            if (job.address === '0xdead') throw new PermanentJobError('no contract at 0xdead');
            throw new Error('always broken');
          },
        },
      ]);
      await assert.rejects(runner.run(token(1), { waitMs: 10_000 }), (error: unknown) => {
        assert.ok(error instanceof JobFailedError);
        assert.equal(error.message, 'always broken');
        assert.equal(error.attempts, 3);
        assert.match((error.cause as Error).stack ?? '', /always broken/);
        return true;
      });
      assert.equal(calls, 3);
      await assert.rejects(
        runner.run({ network: 'BSC', address: '0xdead' }, { waitMs: 10_000 }),
        (error: unknown) => error instanceof JobFailedError && error.attempts === 1,
      );
      assert.equal(calls, 4);
    });

    it('times out with the job state when no worker takes the job', async () => {
      const { runner } = setup<unknown>([]);
      await assert.rejects(runner.run(token(1), { waitMs: 300 }), (error: unknown) => {
        assert.ok(error instanceof JobTimeoutError);
        assert.equal(error.state, 'waiting');
        assert.match(error.message, /did not finish within 300 ms \(still waiting: is a `scopeward worker` running\?\)/);
        return true;
      });
    });

    it('completes a job on a second worker after the first is killed with SIGKILL mid-job', async () => {
      const queueName = `scans-${++queues}`;
      const url = redisUrl as string;
      const runner = createBullMqRunner<{ by: string }>({ redisUrl: url, queueName, prefix });
      cleanups.push(() => runner.close());
      const fixture = fileURLToPath(new URL('./__fixtures__/hanging-worker.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
        env: { ...process.env, REDIS_URL: url, QUEUE_NAME: queueName, QUEUE_PREFIX: prefix },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      });

      const answer = runner.run(token(7), { waitMs: 30_000 });
      answer.catch(() => {}); // awaited below; this only keeps an early failure from being unhandled
      assert.deepEqual(JSON.parse(await firstLine(child, 20_000)), { started: token(7).address });
      const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      child.kill('SIGKILL');
      assert.equal(await exited, 'SIGKILL');

      let calls = 0;
      const second = createBullMqWorker<{ by: string }>({
        redisUrl: url,
        queueName,
        prefix,
        stalledIntervalMs: 300,
        handler: async () => {
          calls += 1;
          return { by: 'second worker' };
        },
      });
      cleanups.push(() => second.close({ graceMs: 1_000 }));
      assert.deepEqual(await answer, { by: 'second worker' });
      assert.equal(calls, 1);
    });
  },
);
