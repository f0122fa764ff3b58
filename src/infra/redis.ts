/** Redis connections. Each user (rate limits, cache, queue) gets its own with the options it needs. */
import { Redis, type RedisOptions } from 'ioredis';
import { DependencyUnavailableError } from './dependency-error.ts';

/** The last connection error of each connection, so a 503 can say why Redis is not there. */
const lastErrors = new WeakMap<Redis, string>();

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
  // ioredis reconnects by itself (forever, at most 2 s apart); without a listener an error
  // event would crash the process. Whoever logs them adds a listener of their own.
  redis.on('error', (error: Error) => lastErrors.set(redis, error.message || error.name));
  redis.on('ready', () => lastErrors.delete(redis));
  return redis;
}

/**
 * Resolves once the connection is ready, waiting at most `timeoutMs`; otherwise rejects
 * with a DependencyUnavailableError naming Redis and its last connection error, so a
 * request needing it answers 503 instead of waiting for reconnects. A connection attempt
 * that fails meanwhile (or a connection closed for good) ends the wait at once.
 */
export function requireRedis(redis: Redis, timeoutMs = 2000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  const unavailable = () => {
    const cause = lastErrors.get(redis);
    return new DependencyUnavailableError('redis', `not connected (${redis.status}${cause ? `: ${cause}` : ''})`);
  };
  if (redis.status === 'end') return Promise.reject(unavailable());
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => settle(unavailable()), timeoutMs);
    const onReady = () => settle();
    const onClose = () => settle(unavailable());
    redis.once('ready', onReady);
    redis.once('close', onClose);
  });
}
