/**
 * Runs the service: opens the store and shared connections, builds the app, listens,
 * and shuts everything down in order on SIGINT/SIGTERM.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { join } from 'node:path';
import { buildApp } from './api/app.ts';
import { openStore, type Store } from './store/open-store.ts';
import { createRedis, requireRedis } from './infra/redis.ts';
import { createDependencyWarnings } from './infra/dependency-warnings.ts';
import { databaseConnectionFailure, isConnectionError } from './infra/dependency-error.ts';
import { createRateLimiter } from './limits/rate-limiter.ts';
import { createLogger, loggerOptions } from './logger.ts';
import { randomBytes } from 'node:crypto';
import { INTERNAL_RPC_HEADER } from './api/routes/devnet-rpc.ts';
import { devnetRpcFeature } from './api/features/devnet-rpc.ts';
import { isLoopback } from './devnet/rpc-policy.ts';
import { createApiKeyVerifier } from './keys/api-key-repository.ts';
import type { Devnet } from './devnet/devnet.ts';
import type { SolanaDevnet } from './solana/devnet/solana-devnet.ts';
import type { WatchFollowers } from './watch/watch-followers.ts';
import type { ScanService } from './scan/scan-service.ts';
import type { ScanResult } from './interface/schemas/audit-layout.ts';
import { createMailer } from './accounts/mailer.ts';
import { createAccountLimiters } from './accounts/account-limiters.ts';
import { createVoucherLimiters } from './offers/voucher-limiters.ts';
import { ensureWebBundle, WEB_DIST } from './infra/web-bundle.ts';
import { codeHostConfigFromEnv } from './codehosts/code-host-config.ts';
import { secretBoxFromEnv } from './codehosts/secret-box.ts';
import { createAuditLookup } from './audits/audit-repository.ts';
import type { WatchDeliveryService } from './watch/delivery/watch-delivery-service.ts';

/** How long a request waits for a Redis that is (re)connecting before answering 503. */
const REDIS_WAIT_MS = 1500;

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly store: Store;
  readonly devnet: Devnet | undefined;
  readonly url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  // Redis or PostgreSQL down: the server still listens, says what is missing on /readyz and
  // answers 503 where it is needed; these warnings say so once an interval, not per attempt.
  const warnings = createDependencyWarnings({ log: logger, intervalMs: config.dependencyWarningSeconds * 1000 });
  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    migrateInBackground: { onRetry: (error) => warnings.failed('database', error) },
  });
  store.migrated.then(
    () => warnings.recovered('database'),
    () => {},
  );
  let redis: Redis | undefined;
  let app: FastifyInstance | undefined;
  let devnet: Devnet | undefined;
  let solana: SolanaDevnet | undefined;
  let scans: ScanService | undefined;
  let closeWorker = async () => {};
  let closePool = async () => {};
  let followers: WatchFollowers | undefined;
  let watchDeliveries: WatchDeliveryService | undefined;
  // The scan readers' pass to the devnet's /rpc: never leaves this process.
  const internalToken = randomBytes(24).toString('base64url');
  try {
    redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
    const onRedisError = (error: Error) => warnings.failed('redis', error);
    // The queue's connections report both: a lost Redis (rate-limited) and failed commands (each logged).
    const onQueueError = (error: Error) => {
      if (isConnectionError(error)) onRedisError(error);
      else logger.warn({ err: error.message }, 'scan queue error');
    };
    const readiness: Record<string, () => Promise<void>> = { database: () => store.ping() };
    if (redis) {
      const client = redis;
      client.on('error', onRedisError);
      client.on('ready', () => warnings.recovered('redis'));
      readiness.redis = async () => {
        await requireRedis(client, REDIS_WAIT_MS);
        await client.ping();
      };
    }
    const plugins: Array<(app: FastifyInstance) => Promise<void>> = [];
    if (config.devnet) {
      // Loaded only when wanted: EDR and the compiler are large.
      const { startDevnet } = await import('./devnet/devnet.ts');
      const chain = await startDevnet({ dataDir: config.dataDir, logger });
      devnet = chain;
      readiness.devnet = async () => void (await chain.request({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }));
      const rpcLimiter = createRateLimiter({
        pointsPerWindow: config.devnetRpcCallsPerMinute,
        redis,
        keyPrefix: `${config.rateLimitPrefix}-rpc`,
      });
      // Both networks' endpoints share one gate: Host check, rights, a per-client budget.
      const rpcGate = {
        mode: config.devnetRpc,
        loopbackHost: isLoopback(config.host),
        verifyApiKey: createApiKeyVerifier(store),
        rateLimiter: rpcLimiter,
        internalToken,
        allowedHosts: config.rpcAllowedHosts,
      };
      // The embedded Solana network (sample mints for network SOL) comes with it.
      const { startSolanaDevnet } = await import('./solana/devnet/solana-devnet.ts');
      const sol = await startSolanaDevnet({ logger });
      solana = sol;
      plugins.push(async (instance) =>
        instance.register(devnetRpcFeature, {
          gate: rpcGate,
          evm: (payload) => chain.request(payload),
          solana: (payload) => sol.request(payload),
        }),
      );
    }
    let localRpcUrl: string | undefined;
    let localSolanaRpcUrl: string | undefined;
    const { createScanService } = await import('./scan/scan-service.ts');
    const { scanDependencies, sourceScanner, verifiedSourceLookup, preloadSourceSimulation } = await import('./scan/scan-dependencies.ts');
    await preloadSourceSimulation();
    const { createStoredCorpusService } = await import('./corpus/corpus-service.ts');
    // Builds (or, after the first start, reloads) the reference corpus in the background.
    const corpus = createStoredCorpusService(store);
    // Analysis off the event loop, in worker threads sized to the cores.
    const { createAnalysisPool } = await import('./scan/analysis-pool/analysis-pool.ts');
    const pool = createAnalysisPool(config.analysisThreads > 0 ? { threads: config.analysisThreads } : {});
    // Similarity off the event loop too, in worker threads (issue 13).
    const { createSimilarityPool } = await import('./corpus/similarity-pool.ts');
    const similarityPool = createSimilarityPool(config.analysisThreads > 0 ? { threads: config.analysisThreads } : {});
    // solc off the event loop too, in worker processes with time and memory limits (issue 30).
    const { createCompilePool } = await import('./compile/compile-pool.ts');
    const compilePool = createCompilePool({
      ...(config.analysisThreads > 0 ? { threads: config.analysisThreads } : {}),
      cacheDir: join(config.dataDir, 'compile-cache'),
    });
    closePool = async () => {
      await Promise.all([pool.close(), similarityPool.close(), compilePool.close()]);
    };
    const scanDeps = {
      ...scanDependencies({
        config,
        store,
        localRpcUrl: () => localRpcUrl,
        localRpcHeaders: { [INTERNAL_RPC_HEADER]: internalToken },
        devnet,
        corpus,
        compareSimilarity: similarityPool.compare,
        solana: solana && { holds: (a: string) => solana!.holds(a), url: () => localSolanaRpcUrl },
      }),
      freshnessMs: config.scanFreshnessSeconds * 1000,
      analyze: pool.analyze,
    };
    if (config.redisUrl) {
      // Scans go through the BullMQ queue; this process also works the queue unless
      // SCAN_WORKER=off leaves that to `scopeward worker` processes.
      const { createBullMqRunner } = await import('./scan/jobs/bullmq-runner.ts');
      const { createBullMqWorker } = await import('./scan/jobs/bullmq-worker.ts');
      const redisUrl = config.redisUrl;
      const queueName = config.scanQueue;
      const queued = createScanService(scanDeps, () => createBullMqRunner<ScanResult>({ redisUrl, queueName, onError: onQueueError }));
      const client = redis!;
      // Scans go through the queue: without Redis, answer 503 naming it within 2 s.
      scans = { ...queued, scan: async (request) => (await requireRedis(client, REDIS_WAIT_MS), queued.scan(request)) };
      if (config.scanWorker) {
        const service = scans;
        const worker = createBullMqWorker<ScanResult>({
          redisUrl,
          queueName,
          handler: (job, signal) => service.execute(job, signal),
          concurrency: 2,
          // With Redis down the worker waits for it and starts taking jobs when it returns.
          onEvent: (event) => {
            if (event.type === 'error') onQueueError(new Error(event.error));
          },
        });
        closeWorker = () => worker.close();
      }
    } else {
      scans = createScanService(scanDeps);
    }
    // Issue 19: the slow enrichment sources of recently scanned tokens refresh in the background
    // (a repeatable job worked by queue-working processes with Redis, a timer otherwise).
    const enrichment = scanDeps.enrichment;
    if (enrichment && (!config.redisUrl || config.scanWorker)) {
      const { startSlowPoll } = await import('./enrichment/slow-poll.ts');
      const poll = await startSlowPoll({
        poll: () => enrichment.pollOnce(),
        pollMinutes: config.enrichment.pollMinutes,
        redisUrl: config.redisUrl,
        scanQueue: config.scanQueue,
        log: logger,
        onConnectionError: onQueueError,
      });
      const closeScanWorker = closeWorker;
      closeWorker = async () => {
        // Together: with Redis gone each waits out its own bound.
        await Promise.all([poll?.close(), closeScanWorker()]);
      };
    }
    // Issue 17: Safescan over the configured networks; the shipped label lists and the
    // devnet's own labels are imported on start (each source once).
    const { safescanSettings, safescanNetworks } = await import('./safescan/safescan-networks.ts');
    const { createSafescan } = await import('./safescan/safescan-service.ts');
    const { createLabelLookup, upsertLabels } = await import('./labels/label-repository.ts');
    const { importSeeds, devnetLabels } = await import('./labels/seed-labels.ts');
    const chainForLabels = devnet;
    const importLabels = async () => {
      const seeded = await importSeeds(store.db);
      if (Object.keys(seeded).length > 0) logger.info({ seeded }, 'address label lists imported');
      if (chainForLabels) await upsertLabels(store.db, devnetLabels(chainForLabels.contracts));
    };
    // A database still being waited for gets its labels once migrated; the server listens meanwhile.
    if (store.isMigrated()) await importLabels();
    else
      store.migrated
        .then(importLabels)
        .catch((error: unknown) =>
          logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'address labels not imported'),
        );
    const safescanConfig = safescanSettings(config.env, devnet !== undefined);
    const safescan = createSafescan({
      networks: safescanNetworks(safescanConfig, (network) => scanDeps.chainClient(network)),
      labels: createLabelLookup(store),
      findAudit: createAuditLookup(store),
      timeoutMs: safescanConfig.timeoutMs,
    });
    // Issue 32: watched tokens. The followers start once the app listens: the scans they re-run read the devnet over /rpc.
    const { watchConfigFromEnv } = await import('./watch/watch-config.ts');
    const { watchRpcFor } = await import('./watch/watch-rpc.ts');
    const watchConfig = watchConfigFromEnv(config.env);
    const watchRpc = watchRpcFor({ env: config.env, evmDevnet: devnet, solanaDevnet: solana });
    const scanService = scans;
    // The dashboard bundle is built at `npm ci`; a checkout changed since is rebuilt here.
    const startedBuild = Date.now();
    if (await ensureWebBundle()) logger.info({ dist: WEB_DIST, ms: Date.now() - startedBuild }, 'dashboard bundle built');
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: logger });
    // Issue 32: watch events to webhooks, e-mail and the dashboard (BullMQ with Redis, in process otherwise).
    const { startWatchDeliveries, watchDeliveryConfigFromEnv } = await import('./watch/delivery/watch-delivery-service.ts');
    const deliveryConfig = watchDeliveryConfigFromEnv(config.env);
    watchDeliveries = startWatchDeliveries({
      db: store.db,
      mailer,
      config: deliveryConfig,
      redisUrl: config.redisUrl,
      scanQueue: config.scanQueue,
      work: !config.redisUrl || config.scanWorker,
      baseUrl: config.baseUrl,
      onError: (error) => {
        if (databaseConnectionFailure(error)) warnings.failed('database', error);
        else if (isConnectionError(error)) onRedisError(error);
        else logger.warn({ err: error.message }, 'watch delivery');
      },
    });
    app = await buildApp({
      store,
      mailer,
      firstSignupAdmin: config.firstSignupAdmin,
      services: {
        operatorEmail: config.operatorEmail,
        usdPerUsdt: config.voucherUsdPerUsdt,
        requestLimiter: createRateLimiter({
          pointsPerWindow: 5,
          windowSeconds: 3600,
          redis,
          keyPrefix: `${config.rateLimitPrefix}-service-requests`,
        }),
        voucherLimiters: createVoucherLimiters({ redis, keyPrefix: config.rateLimitPrefix }),
      },
      accountLimiters: createAccountLimiters({ redis, keyPrefix: config.rateLimitPrefix }),
      anonymousCallsPerMinute: config.anonymousCallsPerMinute,
      webRoot: WEB_DIST,
      scans,
      scanSource: sourceScanner(scanDeps.analyze, scanDeps.similarity, {
        compile: compilePool.compile,
        tokenPowers: (sources, contract, job) => pool.tokenPowers(sources, contract, job),
        receipts: scanDeps.receipts,
      }),
      receipts: {
        issuer: scanDeps.receipts,
        rpcUrl: (network: string) => (network === 'LOCAL' ? undefined : scanDeps.chainClient(network).rpcUrl),
      },
      corpus,
      compareSimilarity: similarityPool.compare,
      getVerifiedSource: verifiedSourceLookup(scanDeps),
      baseUrl: config.baseUrl,
      rateLimiter: createRateLimiter({ pointsPerWindow: config.anonymousCallsPerMinute, redis, keyPrefix: config.rateLimitPrefix }),
      safescan,
      safescanRateLimiter: createRateLimiter({ pointsPerWindow: 10, redis, keyPrefix: `${config.rateLimitPrefix}-safescan` }),
      disputeLimiter: createRateLimiter({
        pointsPerWindow: 5,
        windowSeconds: 3600,
        redis,
        keyPrefix: `${config.rateLimitPrefix}-disputes`,
      }),
      networks: { devnet: devnet !== undefined },
      plugins,
      readiness,
      bodyLimitBytes: config.bodyLimitBytes,
      httpLimits: config.httpLimits,
      trustProxyHops: config.trustProxyHops,
      corsOrigins: config.corsOrigins,
      logger: loggerOptions(config.logLevel),
      // Issue 15: GitHub and GitLab (GITHUB_*, GITLAB_URL), tokens sealed with SECRET_KEY or DATA_DIR/secret-key.
      codeHosts: codeHostConfigFromEnv(config.env),
      secretBox: secretBoxFromEnv(config.env.SECRET_KEY, config.dataDir),
      chat: { llm: config.llm, limits: { dailyMessages: config.chatDailyMessages, dailyTokens: config.chatDailyTokens } },
      watches: {
        scans: scanService,
        rpc: watchRpc,
        verifiedSource: verifiedSourceLookup(scanDeps),
        compile: compilePool.compile,
        tokenPowers: (sources, contract) => pool.tokenPowers(sources, contract),
        maxWatchesPerAccount: watchConfig.maxPerAccount,
        webhooks: { allowPrivateAddresses: deliveryConfig.allowPrivateAddresses },
        onChange: (network) => followers?.notify(network),
      },
      watchDeliveries,
    });
    await app.listen({ port: config.port, host: config.host });
    // The scan readers reach the devnet over real JSON-RPC on our own port.
    const port = (app.server.address() as { port: number }).port;
    localRpcUrl = `http://127.0.0.1:${port}/rpc`;
    localSolanaRpcUrl = `http://127.0.0.1:${port}/rpc/solana`;
    if (watchConfig.followers) {
      const { createWatchFollowers } = await import('./watch/watch-followers.ts');
      const { createWatchRepository } = await import('./watch/watch-repository.ts');
      const { verdictSnapshot } = await import('./watch/watch-service.ts');
      const { redisLease, inProcessLease } = await import('./watch/follower-lease.ts');
      const { newScanOwner } = await import('./dashboard-scans/scan-owner.ts');
      const sender = watchDeliveries!;
      followers = createWatchFollowers({
        repository: createWatchRepository(store.db),
        rpc: watchRpc,
        // The event in the log, then one delivery per channel of the watch (src/watch/delivery).
        deliveries: {
          enqueue: async (event, watch) => {
            logger.info(
              {
                watchId: watch.id,
                eventId: event.id,
                kind: event.kind,
                token: event.token,
                block: event.blockNumber,
                summary: event.summary,
              },
              'watch event',
            );
            await sender.enqueue(event, watch);
          },
        },
        resimulate: async (watch) => verdictSnapshot(await scanService.scan({ network: watch.network, address: watch.token, force: true })),
        lease: redis ? redisLease({ redis, holder: newScanOwner().id, prefix: config.rateLimitPrefix }) : inProcessLease,
        pollMs: watchConfig.pollMs,
        confirmations: watchConfig.confirmations,
        maxRange: watchConfig.maxBlockRange,
        onError: (error, network) =>
          logger.warn({ network, err: error instanceof Error ? error.message : String(error) }, 'watch follower step failed'),
      });
      followers.start();
    }
  } catch (error) {
    await followers?.close();
    await app?.close();
    await watchDeliveries?.close();
    await closeWorker();
    await scans?.close();
    await closePool();
    await devnet?.close();
    await solana?.close();
    redis?.disconnect();
    await store.close();
    throw error;
  }
  const running = app;
  const mailDestination = config.smtpUrl ? `smtp ${new URL(config.smtpUrl).host}` : `outbox ${config.dataDir}/outbox`;
  const address = running.server.address();
  const url =
    typeof address === 'object' && address
      ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
      : String(address);
  running.log.info(
    {
      url,
      database: `${store.dialect} ${store.location}`,
      redis: redis ? 'on' : 'off',
      mail: mailDestination,
      devnet: devnet ? `${url}/rpc (network LOCAL, chain id ${devnet.chainId})` : 'off',
      solanaDevnet: solana ? `${url}/rpc/solana (network SOL, ${solana.mints.length} sample mints)` : 'off',
    },
    'scopeward is listening',
  );

  let closing: Promise<void> | undefined;
  return {
    app: running,
    store,
    devnet,
    url,
    close: () =>
      (closing ??= (async () => {
        // Stop following (the round in flight ends, the leases are given up), stop accepting
        // requests and finish those in flight, then release connections.
        await followers?.close();
        await running.close();
        await watchDeliveries?.close();
        await closeWorker();
        await scans?.close();
        await closePool();
        await devnet?.close();
        await solana?.close();
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
