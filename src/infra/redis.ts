/** Redis connections. Each user (rate limits, cache, queue) gets its own with the options it needs. */
import { Redis, type RedisOptions } from 'ioredis';

export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    // Fail fast instead of queueing commands while disconnected: a rate-limit check
    // must not wait for a reconnect (the in-memory insurance limiter answers instead).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    lazyConnect: false,
    ...options,
  });
  // ioredis reconnects by itself; without a listener an error event would crash the process.
  redis.on('error', () => {});
  return redis;
}
