/** Shared BullMQ settings: the queue name, job options and the Redis connection it needs. */
import type { Redis } from 'ioredis';
import { createRedis } from '../../infra/redis.ts';

export const DEFAULT_QUEUE_NAME = 'scopeward-scans';
/** The only job name on the queue; the job data is a `ScanJob`. */
export const SCAN_JOB_NAME = 'scan';

/**
 * A connection for BullMQ. It needs `maxRetriesPerRequest: null` (its blocking commands
 * must wait through reconnects rather than fail) and the offline queue (it issues
 * commands before the connection is ready). Bounded waits are the runner's job instead.
 */
export function createBullMqConnection(redisUrl: string): Redis {
  return createRedis(redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: true });
}

/** Closes a connection we created, without waiting forever on a Redis that is gone. */
export async function closeConnection(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  const quit = redis.quit().then(
    () => undefined,
    () => undefined,
  );
  const timer = new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref());
  await Promise.race([quit, timer]);
  redis.disconnect();
}
