/** Redis connections. Each user (rate limits, cache, queue) gets its own with the options it needs. */
import { Redis, type RedisOptions } from 'ioredis';
import { DependencyUnavailableError } from './dependency-error.ts';

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

/**
 * Resolves once the connection is ready, waiting at most `timeoutMs`; otherwise rejects
 * with a DependencyUnavailableError naming Redis, so a request needing it answers 503
 * at once instead of waiting for reconnects.
 */
export function requireRedis(redis: Redis, timeoutMs = 2000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new DependencyUnavailableError('redis', `not connected (${redis.status}) after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}
