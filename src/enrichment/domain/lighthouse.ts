/**
 * `domainInfo.lighthouse`: Lighthouse (12.2.3, the last line that runs on Node 20) audits the
 * project's website in Debian's headless Chromium. A slow-poll source: one audit at a time
 * (a bounded queue), the Lighthouse work in a child process so the service's event loop is
 * never blocked, and a hard time limit after which the child and Chromium are killed.
 *
 * Outbound safety: the website must pass the outbound check before Chromium starts, and
 * unless private targets are allowed Chromium reaches the network only through a guarded
 * local proxy (guarded-proxy.ts) that checks every host the page touches, redirects included.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { loaderExecArgv, moduleUrl } from '../../infra/module-runtime.ts';
import { ProviderError, type Provider } from '../provider.ts';
import type { LighthouseReport } from '../provider-set.ts';
import { startGuardedProxy, type GuardedProxy } from './guarded-proxy.ts';
import { summariseLighthouse, type TrimmedLighthouseResult } from './lighthouse-report.ts';
import type { LighthouseJob, LighthouseWorkerAnswer } from './lighthouse-worker.ts';
import { asProviderError, checkOutboundTarget, toWebUrl } from './outbound-target.ts';
import { createSerialQueue, QueueFullError } from './serial-queue.ts';

export interface LighthouseProviderOptions {
  /** Chromium binary (Debian's package installs /usr/bin/chromium). */
  readonly chromiumPath?: string;
  /** Audit private and loopback websites (the tests' local page). */
  readonly allowPrivate?: boolean;
  /** Hard limit of one audit, Chromium start to report; both processes are killed after it (default 90 s). */
  readonly timeoutMs?: number;
  /** Audits that may wait behind the running one (default 4); more are refused at once. */
  readonly maxWaiting?: number;
  /** Host resolver for the outbound checks (default: the system's). */
  readonly resolve?: (host: string) => Promise<string[]>;
  /** Addresses the guarded proxy refuses (default: private and reserved ones). */
  readonly refuseAddress?: (address: string) => boolean;
}

const NAME = 'lighthouse';
const WORKER = moduleUrl('./lighthouse-worker.ts', import.meta.url);

export function createLighthouseProvider(options: LighthouseProviderOptions = {}): Provider<{ readonly url: string }, LighthouseReport> {
  const chromiumPath = options.chromiumPath ?? '/usr/bin/chromium';
  const allowPrivate = options.allowPrivate ?? false;
  const timeoutMs = options.timeoutMs ?? 90_000;
  const queue = createSerialQueue(options.maxWaiting ?? 4);
  return {
    name: NAME,
    fields: ['domainInfo.lighthouse'],
    async fetch(input, ctx) {
      let url: URL;
      try {
        url = toWebUrl(input.url);
        await checkOutboundTarget(url, {
          allowPrivate,
          ...(options.resolve ? { resolve: options.resolve } : {}),
          ...(options.refuseAddress ? { refuseAddress: options.refuseAddress } : {}),
        });
      } catch (error) {
        throw asProviderError(NAME, error);
      }
      if (!existsSync(chromiumPath))
        throw new ProviderError(NAME, 'unreachable', `Chromium is not installed at ${chromiumPath} (Debian package "chromium")`);
      try {
        const result = await queue.run(
          () => audit(url.href, { chromiumPath, allowPrivate, timeoutMs, options, signal: ctx.signal }),
          ctx.signal,
        );
        return summariseLighthouse(result);
      } catch (error) {
        if (error instanceof QueueFullError)
          throw new ProviderError(NAME, 'unreachable', `Lighthouse is busy: ${error.message}`, undefined, { cause: error });
        if (ctx.signal.aborted && !(error instanceof ProviderError))
          throw new ProviderError(NAME, 'unreachable', 'the Lighthouse audit was stopped at the time limit', undefined, { cause: error });
        throw asProviderError(NAME, error);
      }
    },
  };
}

interface AuditSettings {
  readonly chromiumPath: string;
  readonly allowPrivate: boolean;
  readonly timeoutMs: number;
  readonly options: LighthouseProviderOptions;
  readonly signal: AbortSignal;
}

async function audit(url: string, settings: AuditSettings): Promise<TrimmedLighthouseResult> {
  const deadline = AbortSignal.any([settings.signal, AbortSignal.timeout(settings.timeoutMs)]);
  let proxy: GuardedProxy | undefined;
  let chrome: LaunchedChrome | undefined;
  let child: ChildProcess | undefined;
  try {
    if (!settings.allowPrivate) {
      proxy = await startGuardedProxy({
        ...(settings.options.resolve ? { resolve: settings.options.resolve } : {}),
        ...(settings.options.refuseAddress ? { refuseAddress: settings.options.refuseAddress } : {}),
      });
    }
    // Chromium's start is inside the hard limit too: on a loaded machine chrome-launcher waits
    // for the debugging port for tens of seconds. A start that finishes after the limit is killed.
    chrome = await beforeAbort(
      launch({ chromePath: settings.chromiumPath, chromeFlags: chromiumFlags(proxy), handleSIGINT: false, logLevel: 'silent' }),
      deadline,
      (late) => late.kill(),
      () => new ProviderError(NAME, 'unreachable', "Chromium did not start within the audit's time limit"),
    );
    deadline.throwIfAborted();
    child = fork(WORKER, [], {
      // Beside the sources the worker is TypeScript, loaded through tsx as the CLI is.
      execArgv: [...loaderExecArgv(), '--max-old-space-size=1536'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const job: LighthouseJob = {
      url,
      port: chrome.port,
      maxWaitForLoadMs: Math.max(5000, Math.min(45_000, Math.floor(settings.timeoutMs / 2))),
    };
    const result = await answerOf(child, job, deadline);
    if (result.runtimeError) {
      const refused = proxy?.refused() ?? [];
      if (refused.length > 0)
        throw new ProviderError(
          NAME,
          'refused',
          `the page led to refused targets (${refused.slice(0, 3).join(', ')}): ${result.runtimeError.code}`,
        );
      throw new ProviderError(
        NAME,
        'unreachable',
        `Lighthouse could not load ${url}: ${result.runtimeError.code} ${result.runtimeError.message}`,
      );
    }
    return result;
  } finally {
    child?.kill('SIGKILL');
    chrome?.kill();
    await proxy?.close();
  }
}

/** `work`'s value, or `stopped()` once the signal aborts first; a value that arrives later goes to `discard`. */
function beforeAbort<T>(work: Promise<T>, signal: AbortSignal, discard: (late: T) => void, stopped: () => Error): Promise<T> {
  if (signal.aborted) {
    work.then(discard, () => undefined);
    return Promise.reject(stopped());
  }
  return new Promise<T>((resolve, reject) => {
    // The value that arrives after the abort is discarded below.
    const onAbort = () => reject(stopped());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) discard(value);
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function chromiumFlags(proxy: GuardedProxy | undefined): string[] {
  const flags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--mute-audio'];
  if (proxy) {
    // Everything through the guarded proxy, loopback included (Chromium bypasses it by
    // default), and no WebRTC traffic around it.
    flags.push(
      `--proxy-server=${proxy.url}`,
      '--proxy-bypass-list=<-loopback>',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    );
  }
  return flags;
}

/** The worker's one answer, or a rejection when it dies, errs or the deadline passes first. */
function answerOf(child: ChildProcess, job: LighthouseJob, deadline: AbortSignal): Promise<TrimmedLighthouseResult> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const onAbort = () => reject(new ProviderError(NAME, 'unreachable', 'the Lighthouse audit did not finish within its time limit'));
    if (deadline.aborted) return onAbort();
    deadline.addEventListener('abort', onAbort, { once: true });
    child.once('message', (answer: LighthouseWorkerAnswer) => {
      deadline.removeEventListener('abort', onAbort);
      if (answer.ok) resolve(answer.result);
      else reject(new ProviderError(NAME, 'unreachable', `Lighthouse failed: ${answer.error}`));
    });
    child.once('exit', (code, signal) => {
      deadline.removeEventListener('abort', onAbort);
      reject(
        new ProviderError(
          NAME,
          'unreachable',
          `the Lighthouse worker stopped (${signal ?? `exit ${code}`}) without a report${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}`,
        ),
      );
    });
    child.send(job);
  });
}
