import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { lowerProcessPriority, lowerThreadPriority } from './background-priority.ts';

/** Runs lowerThreadPriority in a fresh worker thread and returns what that thread saw. */
function inWorker(niceness: number): Promise<{ lowered: boolean; priority: number }> {
  const url = new URL('./background-priority.ts', import.meta.url).href;
  const code = `
    const { parentPort } = require('node:worker_threads');
    const { getPriority } = require('node:os');
    // Node 20 threads do not inherit the TypeScript loader: register it first.
    import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then(({ register }) => { register(); return import(${JSON.stringify(url)}); })
      .then(({ lowerThreadPriority }) => {
      const lowered = lowerThreadPriority(${niceness});
      parentPort.postMessage({ lowered, priority: getPriority(0) });
    });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true });
    worker.once('message', (m: { lowered: boolean; priority: number }) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('lowerThreadPriority', () => {
  it('changes nothing off Linux', () => {
    const before = getPriority(0);
    assert.equal(lowerThreadPriority(5, 'win32'), false);
    assert.equal(getPriority(0), before);
  });

  it('on Linux lowers the calling worker thread only, not the thread that started it', { skip: process.platform !== 'linux' }, async () => {
    const before = getPriority(0);
    const seen = await inWorker(Math.min(19, before + 3));
    assert.equal(seen.lowered, true);
    assert.equal(seen.priority, Math.min(19, before + 3));
    assert.equal(getPriority(0), before, 'the main thread keeps its priority');
  });

  it('never raises a priority that is already lower', { skip: process.platform !== 'linux' }, async () => {
    const before = getPriority(0);
    // Asking for a niceness below the current one leaves the thread as it is.
    const seen = await inWorker(before - 1);
    assert.equal(seen.priority, before);
    assert.equal(seen.lowered, true);
  });
});

/** Each thread's niceness in /proc/<pid>/task (field 19 of stat, after the command's parentheses). */
const NICENESS_OF_THREADS = `
  const { readdirSync, readFileSync } = require('node:fs');
  const nice = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
  const all = () => readdirSync('/proc/self/task').map(nice);
`;

describe('lowerProcessPriority', () => {
  it('changes nothing off Linux', () => {
    assert.equal(lowerProcessPriority(5, 'win32'), false);
  });

  it(
    'on Linux lowers every thread of the process, those V8 started before it included',
    { skip: process.platform !== 'linux' },
    async () => {
      const url = new URL('./background-priority.ts', import.meta.url).href;
      // A separate process: lowering this one would slow the test runner.
      const code = `${NICENESS_OF_THREADS}
      import(${JSON.stringify(url)}).then(({ lowerProcessPriority }) => {
        const before = all();
        const lowered = lowerProcessPriority(Math.min(19, Math.max(...before) + 3));
        console.log(JSON.stringify({ before, after: all(), lowered }));
      });`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', import.meta.resolve('tsx'), '-e', code]);
      const { before, after, lowered } = JSON.parse(stdout) as { before: number[]; after: number[]; lowered: boolean };
      assert.ok(before.length > 1, 'node runs helper threads');
      assert.equal(lowered, true);
      const target = Math.min(19, Math.max(...before) + 3);
      assert.equal(after.length >= before.length, true);
      for (const n of after) assert.equal(n, target);
    },
  );

  it('reports false when the threads cannot be listed', () => {
    assert.equal(lowerProcessPriority(5, 'linux', '/nonexistent/task'), false);
  });
});
