/**
 * Runs the service: opens the store and shared connections, builds the app, listens,
 * and shuts everything down in order on SIGINT/SIGTERM.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { buildApp } from './api/app.ts';
import { openStore, type Store } from './store/open-store.ts';
import { createRedis } from './infra/redis.ts';
import { createRateLimiter } from './limits/rate-limiter.ts';
import { loggerOptions } from './logger.ts';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly store: Store;
  readonly url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let redis: Redis | undefined;
  let app: FastifyInstance | undefined;
  try {
    redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
    const readiness: Record<string, () => Promise<void>> = { database: () => store.ping() };
    if (redis) {
      const client = redis;
      readiness.redis = async () => void (await client.ping());
    }
    app = await buildApp({
      store,
      rateLimiter: createRateLimiter({ pointsPerWindow: config.anonymousCallsPerMinute, redis, keyPrefix: config.rateLimitPrefix }),
      networks: { devnet: false },
      readiness,
      bodyLimitBytes: config.bodyLimitBytes,
      trustProxyHops: config.trustProxyHops,
      logger: loggerOptions(config.logLevel),
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close();
    redis?.disconnect();
    await store.close();
    throw error;
  }
  const running = app;
  const address = running.server.address();
  const url = typeof address === 'object' && address ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : String(address);
  running.log.info({ url, database: `${store.dialect} ${store.location}`, redis: redis ? 'on' : 'off' }, 'scopeward is listening');

  let closing: Promise<void> | undefined;
  return {
    app: running,
    store,
    url,
    close: () =>
      (closing ??= (async () => {
        // Stop accepting requests and finish those in flight, then release connections.
        await running.close();
        redis?.disconnect();
        await store.close();
      })()),
  };
}

/** Closes the server on the first SIGINT/SIGTERM; a second signal exits at once. */
export function closeOnSignals(server: RunningServer): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
