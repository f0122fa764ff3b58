import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createRedis } from '../infra/redis.ts';
import { inProcessLease, redisLease } from './follower-lease.ts';

const redisUrl = process.env.REDIS_URL;

describe('one follower a network', () => {
  it('in one process: always held', async () => {
    assert.equal(await inProcessLease.hold('LOCAL'), true);
  });

  it(
    'across replicas: one holder; it renews; released or expired, another takes over',
    { skip: redisUrl ? false : 'REDIS_URL is not set' },
    async () => {
      const redis = createRedis(redisUrl!, { enableOfflineQueue: true });
      const prefix = `sw-test-${randomBytes(4).toString('hex')}`;
      try {
        const a = redisLease({ redis, holder: 'a', ttlMs: 300, prefix });
        const b = redisLease({ redis, holder: 'b', ttlMs: 300, prefix });
        assert.equal(await a.hold('LOCAL'), true);
        assert.equal(await b.hold('LOCAL'), false, 'held by a');
        assert.equal(await a.hold('LOCAL'), true, 'a renews');
        assert.equal(await b.hold('ETH'), true, 'another network is free');
        await a.release('LOCAL');
        assert.equal(await b.hold('LOCAL'), true, 'released: b takes it');
        assert.equal(await a.hold('LOCAL'), false);
        await b.release('ETH');
        // b stops renewing (killed): after the lease's time a takes over.
        const until = Date.now() + 2_000;
        let taken = false;
        while (!taken && Date.now() < until) {
          taken = await a.hold('LOCAL');
          if (!taken) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        assert.equal(taken, true);
        await a.release('LOCAL');
      } finally {
        redis.disconnect();
      }
    },
  );
});
