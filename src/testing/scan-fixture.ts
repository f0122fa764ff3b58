/**
 * A complete scanning stack for tests: the embedded devnet served over loopback
 * JSON-RPC, an in-memory store, the real scan service and the HTTP app.
 */
import type { FastifyInstance } from 'fastify';
import { startDevnet, type Devnet } from '../devnet/devnet.ts';
import { serveDevnet } from '../devnet/serve-devnet.ts';
import { loadConfig } from '../config.ts';
import { buildApp, type AppDeps } from '../api/app.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { createScanService, type ScanService, type ScanServiceDeps } from '../scan/scan-service.ts';
import { scanDependencies, sourceScanner, verifiedSourceLookup } from '../scan/scan-dependencies.ts';
import { createStoredCorpusService } from '../corpus/corpus-service.ts';
import { openTestStore, type StoreKind, type TestStore } from './test-stores.ts';

/** What app dependencies may be built from: the fixture's devnet, scans and scan dependencies. */
export interface ScanFixtureParts {
  readonly devnet: Devnet;
  readonly scans: ScanService;
  readonly deps: ReturnType<typeof scanDependencies>;
  readonly store: TestStore;
}

export interface ScanFixture {
  readonly app: FastifyInstance;
  readonly devnet: Devnet;
  readonly store: TestStore;
  readonly scans: ScanService;
  readonly rpcUrl: string;
  close(): Promise<void>;
}

export async function createScanFixture(
  overrides: Partial<ScanServiceDeps> = {},
  env: Record<string, string> = {},
  /** Further app dependencies (e.g. a mailer whose codes a test reads), or a function making them from the fixture's parts. */
  appOverrides: Partial<AppDeps> | ((parts: ScanFixtureParts) => Partial<AppDeps>) = {},
  storeKind: StoreKind = 'sqlite',
): Promise<ScanFixture> {
  const devnet = await startDevnet({ dataDir: process.env.DATA_DIR ?? './data' });
  const server = await serveDevnet(devnet, { port: 0, host: '127.0.0.1' });
  const store = await openTestStore(storeKind);
  const config = loadConfig({ ...process.env, ...env });
  const corpus = createStoredCorpusService(store);
  const deps = scanDependencies({ config, store, localRpcUrl: () => server.url, devnet, corpus });
  const scans = createScanService({ ...deps, freshnessMs: 60_000, ...overrides });
  const app = await buildApp({
    store,
    scans,
    corpus,
    getVerifiedSource: verifiedSourceLookup(deps),
    scanSource: sourceScanner(deps.analyze, deps.similarity, { receipts: deps.receipts }),
    receipts: { issuer: deps.receipts },
    rateLimiter: createRateLimiter({ pointsPerWindow: 5 }),
    networks: { devnet: true },
    ...(typeof appOverrides === 'function' ? appOverrides({ devnet, scans, deps, store }) : appOverrides),
  });
  return {
    app,
    devnet,
    store,
    scans,
    rpcUrl: server.url,
    async close() {
      await app.close();
      await scans.close();
      await server.close();
      await devnet.close();
      await store.dispose();
    },
  };
}
