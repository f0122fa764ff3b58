import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../../testing/run-cli.ts';

describe('scopeward worker', () => {
  it('explains that it needs REDIS_URL', async () => {
    const res = await runCli(['worker'], { REDIS_URL: '' });
    assert.equal(res.code, 2, 'a missing setting is bad input');
    assert.match(res.stderr, /scopeward worker needs REDIS_URL/);
  });

  it('rejects a concurrency that is not a whole number of at least 1', async () => {
    const res = await runCli(['worker', '--concurrency', '0'], { REDIS_URL: 'redis://127.0.0.1:6379' });
    assert.equal(res.code, 2);
    assert.match(res.stderr, /--concurrency must be a whole number of at least 1, got "0"/);
  });
});
