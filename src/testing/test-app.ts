/** An app on an in-memory store, for route tests driven with `app.inject()`. */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../api/app.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { openTestStore, type StoreKind, type TestStore } from './test-stores.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly store: TestStore;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppDeps> = {}, kind: StoreKind = 'sqlite'): Promise<TestApp> {
  const store = await openTestStore(kind);
  const app = await buildApp({
    store,
    rateLimiter: createRateLimiter({ pointsPerWindow: 5 }),
    networks: { devnet: false },
    ...overrides,
  });
  return {
    app,
    store,
    close: async () => {
      await app.close();
      await store.dispose();
    },
  };
}
