import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSerialQueue, QueueFullError } from './serial-queue.ts';

/** A task the test finishes by hand, recording when it starts. */
function manual(log: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => ((finish = resolve), (fail = reject)));
  return { task: () => (log.push(`start ${name}`), done), finish: () => finish(name), fail: () => fail(new Error(name)) };
}

test('one task at a time, in order, even when one fails', async () => {
  const queue = createSerialQueue(5);
  const log: string[] = [];
  const [a, b, c] = [manual(log, 'a'), manual(log, 'b'), manual(log, 'c')];
  const results = [queue.run(a.task), queue.run(b.task).catch((e: Error) => `failed ${e.message}`), queue.run(c.task)];
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(log, ['start a']);
  assert.equal(queue.waiting(), 2);
  a.finish();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(log, ['start a', 'start b']);
  b.fail();
  await new Promise((r) => setImmediate(r));
  c.finish();
  assert.deepEqual(await Promise.all(results), ['a', 'failed b', 'c']);
  assert.deepEqual(log, ['start a', 'start b', 'start c']);
});

test('a full queue refuses at once; an aborted waiter never runs and frees its place', async () => {
  const queue = createSerialQueue(1);
  const log: string[] = [];
  const [a, b, c] = [manual(log, 'a'), manual(log, 'b'), manual(log, 'c')];
  const first = queue.run(a.task);
  const controller = new AbortController();
  const second = queue.run(b.task, controller.signal);
  await assert.rejects(queue.run(c.task), QueueFullError);
  controller.abort(new Error('time limit'));
  await assert.rejects(second, /time limit/);
  assert.equal(queue.waiting(), 0);
  const third = queue.run(c.task);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(log, ['start a'], 'c waits for a, which still runs');
  a.finish();
  c.finish();
  assert.deepEqual(await Promise.all([first, third]), ['a', 'c']);
  assert.deepEqual(log, ['start a', 'start c']);
});
