/**
 * The scan as a queue job handler, for `scopeward worker`: opens the store, starts the
 * embedded devnet when DEVNET is on (the same deterministic chain the API process runs,
 * served on an ephemeral loopback port) and executes scans in this process.
 */
import type { Config } from '../config.ts';
import { openStore } from '../store/open-store.ts';
import type { ScanResult } from '../interface/schemas/audit-layout.ts';
import type { ScanHandler } from './jobs/job-runner.ts';
import type { Devnet } from '../devnet/devnet.ts';
import { createScanService } from './scan-service.ts';
import { scanDependencies } from './scan-dependencies.ts';
import type { EmbeddedSolana } from '../solana/create-solana-scanner.ts';

export async function createScanHandler(config: Config): Promise<{ handler: ScanHandler<ScanResult>; close(): Promise<void> }> {
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let localRpcUrl = config.env.RPC_URL_LOCAL;
  let closeDevnet = async () => {};
  let devnet: Devnet | undefined;
  let solana: EmbeddedSolana | undefined;
  if (config.devnet) {
    const { startDevnet } = await import('../devnet/devnet.ts');
    const { serveDevnet } = await import('../devnet/serve-devnet.ts');
    const chain = await startDevnet({ dataDir: config.dataDir });
    const server = await serveDevnet(chain, { port: 0, host: '127.0.0.1' });
    localRpcUrl ??= server.url;
    devnet = chain;
    // The embedded Solana network too, so the worker reads the sample mints as the API does.
    const { startSolanaDevnet } = await import('../solana/devnet/solana-devnet.ts');
    const sol = await startSolanaDevnet();
    const solServer = await serveDevnet(sol, { port: 0, host: '127.0.0.1' });
    solana = { holds: (a) => sol.holds(a), url: () => solServer.url };
    closeDevnet = async () => {
      await server.close();
      await chain.close();
      await solServer.close();
      await sol.close();
    };
  }
  const { createStoredCorpusService } = await import('../corpus/corpus-service.ts');
  const { createAnalysisPool } = await import('./analysis-pool/analysis-pool.ts');
  const pool = createAnalysisPool(config.analysisThreads > 0 ? { threads: config.analysisThreads } : {});
  const deps = scanDependencies({
    config,
    store,
    localRpcUrl: () => localRpcUrl,
    devnet,
    corpus: createStoredCorpusService(store),
    solana,
  });
  const service = createScanService({ ...deps, freshnessMs: config.scanFreshnessSeconds * 1000, analyze: pool.analyze });
  // Issue 19: workers also work the slow-poll job of the enrichment (with Redis; one run per interval across them).
  const { startSlowPoll } = await import('../enrichment/slow-poll.ts');
  const enrichment = deps.enrichment;
  const poll = enrichment
    ? await startSlowPoll({
        poll: () => enrichment.pollOnce(),
        pollMinutes: config.enrichment.pollMinutes,
        redisUrl: config.redisUrl,
        scanQueue: config.scanQueue,
        log: { info: () => {}, warn: (o, m) => process.stderr.write(`${m}: ${JSON.stringify(o)}\n`) },
      })
    : undefined;
  return {
    handler: (job, signal) => service.execute(job, signal),
    async close() {
      await poll?.close();
      await service.close();
      await pool.close();
      await closeDevnet();
      await store.close();
    },
  };
}
