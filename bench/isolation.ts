/**
 * Is the event loop free while large sources are scanned? /healthz latency with the
 * server idle (the baseline) and while `--scans` legacy source scans of `--size`
 * characters each run in parallel, measured in the same run. The server runs alone in a
 * child process with the production wiring of operation 4 (analysis in its worker pool,
 * the simulation's solc in the compile pool, its owner powers in the analysis pool; or
 * `--inline`: all of it on the event loop, as before the pools); this process probes
 * /healthz every `--every` ms.
 *
 * `--source` picks what is scanned: `synthetic` (the repository's token fixtures renamed
 * and repeated), `many` (real contracts from `../shared/eval-dev`, or `--eval-dev DIR`,
 * concatenated: a different mix per scan, see realistic-sources.ts) or `chain` (issue
 * 30's ~1,500 inheriting contracts, `--chain N`; small, but solc needs seconds).
 *
 * With `--similarity`, the load is Similarityscan searches of the same sources against
 * the full reference corpus instead (the similarity worker threads, or `--inline`).
 *
 * The served process also measures its own event loop's delay
 * (`perf_hooks.monitorEventLoopDelay`, sampled every `--resolution` ms) in each phase and
 * prints it beside the HTTP figures: a long HTTP probe with a short loop delay is the
 * machine scheduling the prober (or the server) away, not the server's main thread busy.
 * `--cpu-prof DIR` runs the server with `--cpu-prof` and ends it cleanly, so V8 writes
 * the main thread's profile into DIR.
 *
 *   node --import tsx bench/isolation.ts [--scans 6] [--size 1100000] [--inline] [--similarity] [--cpu-prof DIR]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { defaultEvalDevDir, inheritanceChain, manyContractsSource } from './realistic-sources.ts';

const { values } = parseArgs({
  options: {
    scans: { type: 'string', default: '6' },
    size: { type: 'string', default: '1100000' },
    every: { type: 'string', default: '20' },
    inline: { type: 'boolean', default: false },
    similarity: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
    dir: { type: 'string' },
    resolution: { type: 'string', default: '5' },
    'cpu-prof': { type: 'string' },
    source: { type: 'string', default: 'synthetic' },
    'eval-dev': { type: 'string' },
    chain: { type: 'string', default: '1500' },
  },
});

/** What the served process reports of its own event loop over one phase, in ms. */
interface LoopDelay {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/**
 * The served process's side of the control channel (IPC with the bench): `reset` starts a
 * phase of the loop-delay histogram, `report` answers its figures, `stop` closes the app
 * and exits normally (so `--cpu-prof` writes its profile; a signal would lose it).
 */
function answerControl(histogram: IntervalHistogram, close: () => Promise<void>): void {
  // The histogram records the time between the timer's ticks: its excess over the
  // resolution is how long the loop was held (or the process not scheduled).
  const resolution = Number(values.resolution);
  const ms = (ns: number) => Math.max(0, ns / 1e6 - resolution);
  process.on('message', (message: { cmd: string }) => {
    if (message.cmd === 'reset') {
      histogram.reset();
      process.send?.({ cmd: 'reset' });
    } else if (message.cmd === 'report') {
      const delay: LoopDelay = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
      process.send?.({ cmd: 'report', delay });
    } else if (message.cmd === 'stop') {
      void close().finally(() => process.exit(0));
    }
  });
}

/** Child mode: the app with the source scanner, printing its port and a key. */
async function serve(dir: string, inline: boolean, similarity: boolean): Promise<void> {
  const histogram = monitorEventLoopDelay({ resolution: Number(values.resolution) });
  histogram.enable();
  if (similarity) return serveSimilarity(dir, inline, histogram);
  const { openStore } = await import('../src/store/open-store.ts');
  const { createApiKey } = await import('../src/keys/api-key-repository.ts');
  const { buildApp } = await import('../src/api/app.ts');
  const { createRateLimiter } = await import('../src/limits/rate-limiter.ts');
  const { analyzeVerifiedSources, sourceScanner, preloadSourceSimulation } = await import('../src/scan/scan-dependencies.ts');
  if (!inline) await preloadSourceSimulation();
  const { createNodeModulesResolver } = await import('../src/source-files/node-modules-resolver.ts');
  const { createAnalysisPool } = await import('../src/scan/analysis-pool/analysis-pool.ts');
  const { createCompilePool } = await import('../src/compile/compile-pool.ts');
  const store = await openStore({ dataDir: dir });
  const { key } = await createApiKey(store.db, { name: 'bench' });
  const pool = inline ? undefined : createAnalysisPool({ perClient: 64 });
  // As the server makes it (src/server.ts), with room for the bench's one key.
  const compilePool = inline ? undefined : createCompilePool({ perClient: 64, cacheDir: join(dir, 'compile-cache') });
  // Warm the workers (each loads the parser, or a compiler) so the measurement sees steady state.
  if (pool && compilePool)
    await Promise.all([
      ...Array.from({ length: pool.threads }, () => pool.analyze({ 'a.sol': 'pragma solidity ^0.8.0; contract A {}' })),
      // On a busy machine loading the compiler alone can pass the time limit: warming is best effort.
      compilePool.compile({ 'a.sol': 'pragma solidity ^0.4.24; contract A {}' }).catch(() => undefined),
    ]);
  const analyze = pool ? pool.analyze : analyzeVerifiedSources(createNodeModulesResolver());
  const scanSource = sourceScanner(
    analyze,
    undefined,
    pool && compilePool
      ? { compile: compilePool.compile, tokenPowers: (sources, contract, job) => pool.tokenPowers(sources, contract, job) }
      : {},
  );
  const app = await buildApp({
    store,
    rateLimiter: createRateLimiter({ pointsPerWindow: 5 }),
    networks: { devnet: false },
    scans: {
      scan: () => Promise.reject(new Error('unused')),
      execute: () => Promise.reject(new Error('unused')),
      close: async () => {},
      cachedJson: async () => undefined,
      stored: async () => undefined,
    },
    scanSource,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  answerControl(histogram, async () => {
    await app.close();
    await pool?.close();
    await compilePool?.close();
    await store.close();
  });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port, key, threads: pool?.threads ?? 0 })}\n`);
}

/** Child mode for `--similarity`: the app with the full corpus and the similarity pool (or inline). */
async function serveSimilarity(dir: string, inline: boolean, histogram: IntervalHistogram): Promise<void> {
  const { openStore } = await import('../src/store/open-store.ts');
  const { createApiKey } = await import('../src/keys/api-key-repository.ts');
  const { buildApp } = await import('../src/api/app.ts');
  const { createRateLimiter } = await import('../src/limits/rate-limiter.ts');
  const { createStoredCorpusService } = await import('../src/corpus/corpus-service.ts');
  const { createSimilarityPool } = await import('../src/corpus/similarity-pool.ts');
  const store = await openStore({ dataDir: dir });
  const { key } = await createApiKey(store.db, { name: 'bench' });
  const corpus = createStoredCorpusService(store);
  const index = await corpus.index();
  const pool = inline ? undefined : createSimilarityPool({ perClient: 64 });
  // Warm every thread (each rebuilds the index from the snapshot once).
  if (pool) await Promise.all(Array.from({ length: pool.threads }, () => pool.compare(index, { 'a.sol': 'contract A { uint x; }' })));
  const app = await buildApp({
    store,
    rateLimiter: createRateLimiter({ pointsPerWindow: 5 }),
    networks: { devnet: false },
    corpus,
    ...(pool ? { compareSimilarity: pool.compare } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  answerControl(histogram, async () => {
    await app.close();
    await pool?.close();
    await store.close();
  });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port, key, threads: pool?.threads ?? 0 })}\n`);
}

/** A source of about `size` characters: the repository's token fixtures, renamed and repeated. */
async function largeSource(size: number): Promise<string> {
  const dir = fileURLToPath(new URL('../src/analysis/__fixtures__/tokens/', import.meta.url));
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sol')).sort();
  const texts = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
  let out = '';
  for (let i = 0; out.length < size; i++) {
    const text = texts[i % texts.length]!.replace(/^\s*pragma[^;]*;/gm, '').replace(
      /\b(contract|interface|library|abstract contract)\s+(\w+)/g,
      (_m, kw: string, name: string) => `${kw} ${name}_${i}`,
    );
    out += `${text}\n`;
  }
  return `pragma solidity ^0.8.0;\n${out}`;
}

/** One source per scan of the kind asked for (`--source`). */
async function benchSources(kind: string, scans: number, size: number): Promise<string[]> {
  // The same text for every scan, as the bench always sent (it has no simulation to share).
  if (kind === 'synthetic') return Array<string>(scans).fill(await largeSource(size));
  // The same chain for every scan: shared compiles are part of what the pool does.
  if (kind === 'chain') return Array<string>(scans).fill(inheritanceChain(Number(values.chain)));
  if (kind === 'many') {
    const dir = values['eval-dev'] ?? defaultEvalDevDir(fileURLToPath(new URL('..', import.meta.url)));
    // Each scan starts at another quarter of the set: different callers, different sources.
    return Array.from({ length: scans }, (_, i) => manyContractsSource(dir, size, { start: i * 65 }).source);
  }
  throw new Error(`--source takes synthetic, many or chain, not ${kind}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function probe(base: string, every: number, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const t0 = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, every));
  }
  return latencies.sort((a, b) => a - b);
}

function describeLatencies(label: string, xs: number[], delay: LoopDelay): string {
  const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
  return (
    `${label.padEnd(28)} n=${String(xs.length).padStart(4)}  HTTP p50 ${ms(percentile(xs, 50))}  p99 ${ms(percentile(xs, 99))}  max ${ms(xs.at(-1) ?? NaN)}` +
    `  | server loop delay p50 ${ms(delay.p50)}  p99 ${ms(delay.p99)}  max ${ms(delay.max)}`
  );
}

/** Sends a control command to the served process and waits for its answer. */
function control(child: ChildProcess, cmd: 'reset' | 'report'): Promise<{ cmd: string; delay?: LoopDelay }> {
  return new Promise((resolve) => {
    const onMessage = (message: { cmd: string; delay?: LoopDelay }) => {
      if (message.cmd !== cmd) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send({ cmd });
  });
}

async function loopDelay(child: ChildProcess): Promise<LoopDelay> {
  const { delay } = await control(child, 'report');
  return delay ?? { p50: NaN, p99: NaN, max: NaN };
}

if (values.serve) {
  await serve(values.dir ?? '', values.inline ?? false, values.similarity ?? false);
} else {
  const scans = Number(values.scans);
  const size = Number(values.size);
  const every = Number(values.every);
  const dir = await mkdtemp(join(tmpdir(), 'sw-isolation-'));
  const similarity = values.similarity ?? false;
  const cpuProf = values['cpu-prof'];
  const args = [
    ...(cpuProf ? ['--cpu-prof', '--cpu-prof-dir', cpuProf] : []),
    '--import',
    'tsx',
    fileURLToPath(import.meta.url),
    '--serve',
    '--dir',
    dir,
    ...(values.inline ? ['--inline'] : []),
    ...(similarity ? ['--similarity'] : []),
    '--resolution',
    values.resolution ?? '5',
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const info = await new Promise<{ port: number; key: string; threads: number }>((resolve, reject) => {
      let out = '';
      // stdio[1] is 'pipe', so stdout exists.
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line) as { port: number; key: string; threads: number });
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${info.port}`;
    // Similarityscan takes the default 1 MB body: the largest source it allows, with JSON's escapes.
    const sources = await benchSources(values.source ?? 'synthetic', scans, similarity ? Math.min(size, 950_000) : size);
    const work = similarity ? 'similarity searches' : 'source scans';
    console.log(
      `/healthz under ${scans} parallel ${work} of ${values.source} sources of ${sources.map((s) => s.length.toLocaleString()).join(', ')} characters (${values.inline ? 'on the event loop' : `worker pools of ${info.threads}`}); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    await control(child, 'reset');
    const started = performance.now();
    const idle = await probe(base, every, () => performance.now() - started > 2000);
    const idleDelay = await loopDelay(child);
    await control(child, 'reset');
    let running = scans;
    const statuses: number[] = [];
    const answerBytes: number[] = [];
    const jobs = sources.map(async (source) => {
      const res = await fetch(`${base}${similarity ? '/api/search/similarity' : '/api/search/contract'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': info.key },
        body: JSON.stringify({ type: 'source', source }),
      });
      const text = await res.text();
      const body = JSON.parse(text) as {
        meta?: {
          sources?: { analysis?: { status: string }; simulation?: { status: string } };
          simulation?: { stages?: { stage: string; outcome: string; reason: string }[] } | null;
        };
        ranks?: unknown[];
      };
      statuses.push(res.status);
      answerBytes.push(text.length);
      running -= 1;
      if (similarity) return `${body.ranks?.length ?? 0} ranks`;
      const compile = body.meta?.simulation?.stages?.find((s) => s.stage === 'compile');
      const simulation = `simulation ${body.meta?.sources?.simulation?.status ?? 'none'}${compile ? ` (compile ${compile.outcome}: ${compile.reason.slice(0, 90)})` : ''}`;
      return `${body.meta?.sources?.analysis?.status ?? 'none'}, ${simulation}`;
    });
    const loaded = await probe(base, every, () => running === 0);
    const loadedDelay = await loopDelay(child);
    const analysis = await Promise.all(jobs);
    console.log(describeLatencies('idle (baseline)', idle, idleDelay));
    console.log(describeLatencies(`during the ${similarity ? 'searches' : 'scans'}`, loaded, loadedDelay));
    console.log(
      `${work}: HTTP ${statuses.join(', ')}; ${similarity ? 'answers' : 'analysis'} ${analysis.join('; ')}; took ${((performance.now() - started) / 1000 - 2).toFixed(1)} s; answers of ${answerBytes.map((b) => `${(b / 1e6).toFixed(1)} MB`).join(', ')}`,
    );
    console.log(
      `p99 under load / idle p99: ${(percentile(loaded, 99) / percentile(idle, 99)).toFixed(1)}; worst under load / idle worst: ${((loaded.at(-1) ?? NaN) / (idle.at(-1) ?? NaN)).toFixed(1)}  (target: p99 < 50 ms, worst < 100 ms under load)`,
    );
  } finally {
    // A normal exit, so a CPU profile is written; a signal if it does not come.
    if (child.connected) child.send({ cmd: 'stop' });
    const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
    await exited;
    clearTimeout(timer);
    if (cpuProf) console.log(`CPU profile of the server in ${cpuProf}`);
    await rm(dir, { recursive: true, force: true });
  }
}
