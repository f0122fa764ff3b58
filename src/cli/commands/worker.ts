/**
 * `scopeward worker [--concurrency N] [--json]`: runs scan jobs from the BullMQ queue
 * (REDIS_URL) that `scopeward serve` enqueues on. Run as many as the load needs; a worker
 * that dies mid-job has its job picked up by another.
 */
import type { Command } from 'commander';
import { loadConfig, type Config } from '../../config.ts';
import { moduleUrl } from '../../infra/module-runtime.ts';
import { CliError, EXIT } from '../cli-error.ts';
// The worker, BullMQ and the scan handler load inside the action, keeping other commands quick.

interface WorkerOptions {
  concurrency?: string;
  json?: boolean;
}

type Handler = (job: { network: string; address: string; force?: boolean }, signal: AbortSignal) => Promise<unknown>;
/** What `createScanHandler(config)` in src/scan/scan-handler.ts may return. */
type CreatedHandler = Handler | { readonly handler: Handler; close?(): Promise<void> };

/** Where the real scan lives; loaded at run time so this file stays light. */
const SCAN_HANDLER_URL = moduleUrl('../../scan/scan-handler.ts', import.meta.url).href;

async function loadScanHandler(config: Config): Promise<{ handler: Handler; close: () => Promise<void> }> {
  let module: { createScanHandler?: unknown };
  try {
    module = (await import(SCAN_HANDLER_URL)) as { createScanHandler?: unknown };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes('scan-handler')) {
      throw new CliError(
        'this build has no scan handler (src/scan/scan-handler.ts is missing), so there is nothing for a worker to run',
        EXIT.failed,
      );
    }
    throw error;
  }
  if (typeof module.createScanHandler !== 'function')
    throw new CliError('src/scan/scan-handler.ts does not export createScanHandler(config)', EXIT.failed);
  const created = (await (module.createScanHandler as (config: Config) => CreatedHandler | Promise<CreatedHandler>)(
    config,
  )) as CreatedHandler;
  if (typeof created === 'function') return { handler: created, close: async () => {} };
  return { handler: created.handler, close: async () => created.close?.() };
}

function parseConcurrency(raw: string | undefined): number {
  if (raw === undefined) return 2;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new CliError(`--concurrency must be a whole number of at least 1, got "${raw}"`, 2);
  return Number(raw);
}

/** The Redis address for messages, without its password. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

export function register(program: Command): void {
  program
    .command('worker')
    .description('run scan jobs from the Redis queue (needs REDIS_URL); start one or more beside `scopeward serve`')
    .option('--concurrency <n>', 'scans this process runs at once (default 2)')
    .option('--json', 'log one JSON object per line')
    .action(async (options: WorkerOptions) => {
      const concurrency = parseConcurrency(options.concurrency);
      const config = loadConfig();
      if (!config.redisUrl) {
        throw new CliError(
          'scopeward worker needs REDIS_URL: workers take scan jobs from the Redis queue that `scopeward serve` uses when REDIS_URL is set (without it, scans run inside the server)',
        );
      }
      const log = (event: Record<string, unknown>, text: string) =>
        process.stdout.write(options.json ? `${JSON.stringify({ time: new Date().toISOString(), ...event })}\n` : `${text}\n`);

      const scan = await loadScanHandler(config);
      const { createBullMqWorker } = await import('../../scan/jobs/bullmq-worker.ts');
      const { waitWithTimeout } = await import('../../scan/jobs/wait-with-timeout.ts');
      const worker = createBullMqWorker({
        redisUrl: config.redisUrl,
        queueName: config.scanQueue,
        handler: scan.handler,
        concurrency,
        onEvent: (event) => {
          if (event.type === 'stalled') log({ event: 'stalled', jobId: event.jobId }, `stalled job ${event.jobId} returned to the queue`);
          else if (event.type === 'error') log({ event: 'error', error: event.error }, `error: ${event.error}`);
          else if (event.type === 'failed')
            log(
              { event: 'failed', ...event },
              `failed ${event.key} (job ${event.jobId}, attempt ${event.attempt}${event.final ? ', final' : ', will retry'}): ${event.error}`,
            );
          else
            log(
              { event: event.type, jobId: event.jobId, key: event.key, attempt: event.attempt },
              `${event.type} ${event.key} (job ${event.jobId}, attempt ${event.attempt})`,
            );
        },
      });
      const shutdown = async () => {
        await worker.close();
        await scan.close();
      };

      try {
        await waitWithTimeout(
          worker.waitUntilReady(),
          10_000,
          () => new CliError(`cannot reach Redis at ${redactUrl(config.redisUrl as string)} within 10 s`, EXIT.failed),
        );
      } catch (error) {
        await shutdown();
        throw error;
      }
      log(
        { event: 'ready', concurrency },
        `worker ready: ${concurrency} scan${concurrency === 1 ? '' : 's'} at a time; Ctrl-C stops after running scans finish`,
      );

      // Runs until a signal; the first one finishes running scans, a second one exits at once.
      await new Promise<void>((resolve, reject) => {
        let stopping = false;
        const stop = (signal: NodeJS.Signals) => {
          if (stopping) process.exit(130);
          stopping = true;
          log({ event: 'stopping', signal }, `${signal}: finishing running scans (again to exit now)`);
          process.once(signal, stop);
          shutdown().then(resolve, reject);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      log({ event: 'stopped' }, 'worker stopped');
    });
}
