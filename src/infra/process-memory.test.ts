import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { residentSetBytes } from './process-memory.ts';

test('reads VmRSS of a process in bytes, and null for one that is not there', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sw-proc-'));
  try {
    await mkdir(join(dir, '42'));
    await writeFile(join(dir, '42', 'status'), 'Name:\tnode\nVmPeak:\t  900 kB\nVmRSS:\t  123456 kB\nThreads:\t7\n');
    assert.equal(await residentSetBytes(42, dir), 123456 * 1024);
    assert.equal(await residentSetBytes(43, dir), null);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (process.platform === 'linux') {
    const own = await residentSetBytes(process.pid);
    assert.ok(own !== null && own > 10 * 1024 * 1024, `own RSS ${own}`);
  }
});
