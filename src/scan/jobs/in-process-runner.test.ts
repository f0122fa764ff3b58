import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createInProcessRunner } from './in-process-runner.ts';
import { JobFailedError, JobTimeoutError, PermanentJobError, RunnerClosedError } from './job-errors.ts';
import type { ScanJob } from './job-runner.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const token = (i: number) => ({ network: 'BSC', address: `0x${String(i).padStart(40, '0')}` });

describe('createInProcessRunner', () => {
  it('runs each key once for 100 concurrent calls over 10 keys, and every caller gets its own key’s result', async () => {
    const calls = new Map<string, number>();
    const runner = createInProcessRunner(
      async (job: ScanJob) => {
        calls.set(job.address, (calls.get(job.address) ?? 0) + 1);
        await delay(20);
        return { address: job.address };
      },
      { concurrency: 3 },
    );
    try {
      const jobs = Array.from({ length: 100 }, (_, i) => token(i % 10));
      const results = await Promise.all(jobs.map((job) => runner.run(job)));
      assert.equal(calls.size, 10);
      assert.deepEqual([...calls.values()], Array(10).fill(1));
      results.forEach((result, i) => assert.equal(result.address, jobs[i]?.address));
    } finally {
      await runner.close();
    }
  });

  it('treats network and address case as the same job, and runs a key again once it finished', async () => {
    let calls = 0;
    const runner = createInProcessRunner(async () => {
      calls += 1;
      await delay(10);
      return calls;
    });
    try {
      const [a, b] = await Promise.all([
        runner.run({ network: 'bsc', address: '0xABC' }),
        runner.run({ network: 'BSC', address: '0xabc' }),
      ]);
      assert.equal(a, 1);
      assert.equal(b, 1);
      assert.equal(await runner.run({ network: 'BSC', address: '0xabc', force: true }), 2);
    } finally {
      await runner.close();
    }
  });

  it('never runs more than `concurrency` keys at once', async () => {
    let running = 0;
    let peak = 0;
    const runner = createInProcessRunner(
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await delay(15);
        running -= 1;
        return null;
      },
      { concurrency: 2 },
    );
    try {
      await Promise.all(Array.from({ length: 8 }, (_, i) => runner.run(token(i))));
      assert.equal(peak, 2);
    } finally {
      await runner.close();
    }
  });

  it('retries a failing handler and then rejects every caller with JobFailedError, cause kept', async () => {
    let calls = 0;
    const boom = new Error('rpc down');
    const runner = createInProcessRunner(
      async () => {
        calls += 1;
        throw boom;
      },
      { attempts: 3, backoffMs: 5 },
    );
    try {
      const results = await Promise.allSettled([runner.run(token(1)), runner.run(token(1))]);
      assert.equal(calls, 3);
      for (const result of results) {
        assert.equal(result.status, 'rejected');
        const error = (result as PromiseRejectedResult).reason as unknown;
        assert.ok(error instanceof JobFailedError);
        assert.equal(error.message, 'rpc down');
        assert.equal(error.cause, boom);
        assert.equal(error.attempts, 3);
        assert.equal(error.key, `BSC:${token(1).address}`);
      }
    } finally {
      await runner.close();
    }
  });

  it('succeeds on a retry after one failure', async () => {
    let calls = 0;
    const runner = createInProcessRunner(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('flaky');
        return { ok: true };
      },
      { backoffMs: 5 },
    );
    try {
      assert.deepEqual(await runner.run(token(1)), { ok: true });
      assert.equal(calls, 2);
    } finally {
      await runner.close();
    }
  });

  it('does not retry a PermanentJobError, and fails a result that is not JSON data', async () => {
    let calls = 0;
    const runner = createInProcessRunner<unknown>(
      async (job) => {
        calls += 1;
        if (job.address === '0x1') throw new PermanentJobError('no contract at 0x1');
        return { supply: 10n };
      },
      { backoffMs: 5 },
    );
    try {
      await assert.rejects(
        runner.run({ network: 'BSC', address: '0x1' }),
        (error: unknown) => error instanceof JobFailedError && error.attempts === 1 && /no contract/.test(error.message),
      );
      assert.equal(calls, 1);
      await assert.rejects(
        runner.run({ network: 'BSC', address: '0x2' }),
        (error: unknown) => error instanceof JobFailedError && /not JSON data/.test(error.message),
      );
      assert.equal(calls, 2);
    } finally {
      await runner.close();
    }
  });

  it('times a caller out without cancelling the job, so a later caller joins it', async () => {
    let calls = 0;
    const runner = createInProcessRunner(async () => {
      calls += 1;
      await delay(80);
      return 'done';
    });
    try {
      await assert.rejects(
        runner.run(token(1), { waitMs: 10 }),
        (error: unknown) => error instanceof JobTimeoutError && error.waitMs === 10,
      );
      assert.equal(await runner.run(token(1), { waitMs: 1000 }), 'done');
      assert.equal(calls, 1);
    } finally {
      await runner.close();
    }
  });

  it('aborts running handlers on close, rejects their callers and queued ones with RunnerClosedError, and refuses new runs', async () => {
    const signals: AbortSignal[] = [];
    const runner = createInProcessRunner(
      (_job, signal) => {
        signals.push(signal);
        // A handler that honours its signal.
        return new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      },
      { concurrency: 1 },
    );
    const running = assert.rejects(runner.run(token(1)), RunnerClosedError);
    const queued = assert.rejects(runner.run(token(2)), RunnerClosedError);
    await delay(5);
    await runner.close();
    await running;
    await queued;
    assert.equal(signals.length, 1, 'the queued job never started');
    assert.equal(signals[0]?.aborted, true);
    await assert.rejects(runner.run(token(3)), RunnerClosedError);
  });

  it('answers callers on close even when a handler ignores its signal', async (t) => {
    // A handler that never settles: close must still return once its grace has passed.
    const runner = createInProcessRunner(() => new Promise<string>(() => {}), { closeGraceMs: 20_000 });
    const pending = assert.rejects(runner.run(token(1)), RunnerClosedError);
    await delay(5);
    // A fake clock: the 20 s grace passes at once, so the test shows close waits for it and no longer.
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let returned = false;
    const closing = runner.close().then(() => (returned = true));
    await Promise.resolve();
    t.mock.timers.tick(19_999);
    await Promise.resolve();
    assert.equal(returned, false, 'close waits for its grace');
    t.mock.timers.tick(1);
    await closing;
    t.mock.timers.reset();
    await pending;
  });
});
