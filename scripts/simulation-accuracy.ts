/**
 * `npm run accuracy:simulation [-- --limit N] [--concurrency N] [--timeout MS]`: source-mode
 * simulation on the rug-pull tokens of ../shared/eval-dev/crpwarner/large_sample, scored
 * against labels.jsonl:
 * - reach a trade: a buy was attempted (the token compiled, deployed, got a pool);
 * - `honeypot`-labelled files ending with a proven sell restriction: SELL_FAILED at launch,
 *   or an owner action after which the holder's sell failed;
 * - files labelled without `honeypot` that get SELL_FAILED at launch (should be none);
 * - seconds per token (median).
 * Tokens run in `--concurrency` long-lived child processes (compilers stay loaded, as in the
 * server; compile outputs are cached on disk); a token that overruns its cap kills its
 * process and counts as a hang. The first run of a file pays its compile, later runs read it
 * from the cache.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evalHalf, halfArgument } from './eval-split.ts';

const here = dirname(fileURLToPath(import.meta.url));
// --dir (or SCOPEWARD_EVAL_DIR) when the checkout is not beside ../shared (a worktree inside the main checkout).
const dirAt = process.argv.indexOf('--dir');
const EVAL = resolve(
  dirAt >= 0 ? process.argv[dirAt + 1]! : (process.env.SCOPEWARD_EVAL_DIR ?? resolve(here, '..', '..', 'shared', 'eval-dev')),
);

interface Label {
  file: string;
  labels: string[];
  negative_for?: string[];
}

interface Outcome {
  file: string;
  error: string;
  reason: string;
  reachedTrade: boolean;
  provenByOwner: string | null;
  seconds: number;
  stage: string;
  /** Exploration calls made and those with an observed effect (issue 27). */
  calls?: number;
  callsWithEffect?: number;
  explorationMs?: number;
  cutShort?: string;
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Worker mode: read file paths from stdin, answer one JSON line each (compilers stay loaded between tokens). */
async function serve(): Promise<void> {
  const { simulateSource } = await import('../src/simulate/simulate-source.ts');
  const { createInterface } = await import('node:readline');
  const timeoutMs = arg('timeout', 20_000);
  for await (const file of createInterface({ input: process.stdin })) {
    const started = performance.now();
    const r = await simulateSource(
      { [basename(file)]: readFileSync(file, 'utf8') },
      { timeoutMs, maxBuy: false, compileCacheDir: CACHE_DIR },
    );
    // A sell restriction is proven by an owner action the analysis named, or by the exploration (issue 27).
    const proven =
      r.ownerActions.find((a) => a.sellAfter === 'failed') ??
      r.exploration?.effects.filter((e) => e.sellRestriction).map((e) => ({ statement: `exploration: ${e.evidence}` }))[0];
    const last = r.evidence.at(-1);
    const out: Omit<Outcome, 'file'> = {
      error: r.taxes.error,
      reason: r.reason.slice(0, 200),
      reachedTrade: r.evidence.some((s) => s.step === 'buy'),
      provenByOwner: proven ? proven.statement.slice(0, 200) : null,
      seconds: (performance.now() - started) / 1000,
      stage: last ? `${last.step}${last.ok ? '' : ' (failed)'}` : 'compile',
      ...(r.exploration
        ? {
            calls: r.exploration.calls,
            callsWithEffect: r.exploration.callsWithEffect,
            explorationMs: r.exploration.durationMs,
            cutShort: r.exploration.cutShort,
          }
        : {}),
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  }
}

const CACHE_DIR = join(tmpdir(), 'scopeward-compile-cache');

/** One long-lived child process; a token that overruns its cap kills it and the next token gets a fresh one. */
class Worker {
  private child: ChildProcess | null = null;
  private buffer = '';
  private waiting: ((line: string | null) => void) | null = null;

  private start(timeoutMs: number): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', '--timeout', String(timeoutMs)], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    child.stdout!.on('data', (d: Buffer) => {
      this.buffer += d.toString();
      const nl = this.buffer.indexOf('\n');
      if (nl >= 0 && this.waiting) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        const w = this.waiting;
        this.waiting = null;
        w(line);
      }
    });
    child.on('close', () => {
      if (this.child === child) this.child = null;
      const w = this.waiting;
      this.waiting = null;
      w?.(null);
    });
    return child;
  }

  async run(file: string, timeoutMs: number): Promise<Outcome> {
    this.child ??= this.start(timeoutMs);
    const child = this.child;
    const started = performance.now();
    this.buffer = '';
    const line = await new Promise<string | null>((resolveLine) => {
      this.waiting = resolveLine;
      child.stdin!.write(`${file}\n`);
      // The simulation's own cap plus compile time; beyond it the token hangs the process.
      setTimeout(() => {
        if (this.waiting === resolveLine) {
          this.waiting = null;
          child.kill('SIGKILL');
          resolveLine(null);
        }
      }, timeoutMs + 40_000).unref();
    });
    if (line) {
      try {
        return { file, ...(JSON.parse(line) as Omit<Outcome, 'file'>) };
      } catch {
        // fall through
      }
    }
    if (this.child === child) this.child = null;
    return {
      file,
      error: 'HANG_OR_CRASH',
      reason: 'the worker gave no answer within the cap',
      reachedTrade: false,
      provenByOwner: null,
      seconds: (performance.now() - started) / 1000,
      stage: 'none',
    };
  }

  close(): void {
    this.child?.stdin?.end();
  }
}

async function main(): Promise<void> {
  const limit = arg('limit', Infinity);
  const concurrency = arg('concurrency', 2);
  const timeoutMs = arg('timeout', 20_000);
  const half = halfArgument(process.argv.slice(2));
  const labels = readFileSync(join(EVAL, 'labels.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Label)
    .filter((l) => l.file.startsWith('crpwarner/large_sample/'))
    .filter((l) => half === null || evalHalf(l.file) === half);
  // Spread the subset over the labels: honeypot, negative-for-honeypot, the rest, interleaved.
  const groups = [
    labels.filter((l) => l.labels.includes('honeypot')),
    labels.filter((l) => l.negative_for?.includes('honeypot')),
    labels.filter((l) => !l.labels.includes('honeypot') && !l.negative_for?.includes('honeypot')),
  ];
  const ordered: Label[] = [];
  for (let i = 0; ordered.length < labels.length; i++) for (const g of groups) if (g[i]) ordered.push(g[i]!);
  const chosen = ordered.slice(0, Number.isFinite(limit) ? limit : undefined);
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const worker = new Worker();
      while (next < chosen.length) {
        const label = chosen[next++]!;
        const o = await worker.run(join(EVAL, label.file), timeoutMs);
        outcomes.push(o);
        process.stderr.write(
          `${outcomes.length}/${chosen.length} ${basename(o.file)} ${o.error || 'ok'} ${o.reachedTrade ? 'traded' : `stopped at ${o.stage}: ${o.reason.slice(0, 120)}`}${o.provenByOwner ? ` | ${o.provenByOwner.slice(0, 100)}` : ''} (${o.seconds.toFixed(1)} s)\n`,
        );
      }
      worker.close();
    }),
  );
  const byFile = new Map(chosen.map((l) => [join(EVAL, l.file), l]));
  const honeypot = outcomes.filter((o) => byFile.get(o.file)?.labels.includes('honeypot'));
  const negative = outcomes.filter((o) => !byFile.get(o.file)?.labels.includes('honeypot'));
  const proven = honeypot.filter((o) => o.error === 'SELL_FAILED' || o.provenByOwner);
  const falseSellFailed = negative.filter((o) => o.error === 'SELL_FAILED');
  const seconds = outcomes.map((o) => o.seconds).sort((a, b) => a - b);
  const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}% (${n}/${d})`);
  const stops = new Map<string, number>();
  for (const o of outcomes.filter((x) => !x.reachedTrade)) {
    const key = `${o.error}: ${o.reason
      .replace(/0x[0-9a-fA-F]+/g, '0x…')
      .replace(/\d{4,}/g, 'N')
      .slice(0, 70)}`;
    stops.set(key, (stops.get(key) ?? 0) + 1);
  }
  // Files whose sources hold no ERC-20 contract (crowdsales, games, tokens without approve
  // and transferFrom, which no DEX router can move) cannot trade: counted apart.
  const isToken = (o: Outcome) => !/no deployable ERC-20/.test(o.reason);
  const tokens = outcomes.filter(isToken);
  const report = {
    files: outcomes.length,
    erc20Tokens: tokens.length,
    reachTrade: pct(outcomes.filter((o) => o.reachedTrade).length, outcomes.length),
    reachTradeOfTokens: pct(tokens.filter((o) => o.reachedTrade).length, tokens.length),
    honeypotTokensProven: pct(proven.filter(isToken).length, honeypot.filter(isToken).length),
    honeypotProven: pct(proven.length, honeypot.length),
    honeypotSellFailedAtLaunch: pct(honeypot.filter((o) => o.error === 'SELL_FAILED').length, honeypot.length),
    notHoneypotSellFailedAtLaunch: pct(falseSellFailed.length, negative.length),
    // Files the labels explicitly mark as having no sell restriction (negative_for honeypot), apart from the merely unlabelled.
    negativeForHoneypotSellFailedAtLaunch: pct(
      falseSellFailed.filter((o) => byFile.get(o.file)?.negative_for?.includes('honeypot')).length,
      negative.filter((o) => byFile.get(o.file)?.negative_for?.includes('honeypot')).length,
    ),
    // Proofs on files the labels say have no sell restriction: each is a false alarm of the proof itself.
    negativeForHoneypotProven: pct(
      negative.filter((o) => byFile.get(o.file)?.negative_for?.includes('honeypot') && (o.error === 'SELL_FAILED' || o.provenByOwner))
        .length,
      negative.filter((o) => byFile.get(o.file)?.negative_for?.includes('honeypot')).length,
    ),
    unlabelledProven: pct(
      negative.filter((o) => !byFile.get(o.file)?.negative_for?.includes('honeypot') && o.provenByOwner).length,
      negative.filter((o) => !byFile.get(o.file)?.negative_for?.includes('honeypot')).length,
    ),
    falseSellFailed: falseSellFailed.map((o) => `${basename(o.file)}: ${o.reason.slice(0, 100)}`),
    explorationCallsPerToken: median(outcomes.flatMap((o) => (o.calls === undefined ? [] : [o.calls]))),
    explorationCallsWithEffect: pct(
      outcomes.reduce((n, o) => n + (o.callsWithEffect ?? 0), 0),
      outcomes.reduce((n, o) => n + (o.calls ?? 0), 0),
    ),
    explorationCutShort: outcomes.filter((o) => o.cutShort).length,
    medianSeconds: seconds.length ? Number(seconds[Math.floor(seconds.length / 2)]!.toFixed(2)) : null,
    stops: [...stops.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

function median(xs: number[]): number | null {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : null;
}

if (process.argv.includes('--serve')) await serve();
else await main();
