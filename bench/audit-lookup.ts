/**
 * Audit lookup throughput (operation 1, valid key, 100,000 stored audits on the
 * embedded database) against a bare Fastify route returning a constant, measured with
 * autocannon in the same run. Each server runs in a child process of its own, both up for
 * the whole run and loaded in turns, while the load generator runs here; besides requests
 * per second, each server's CPU time per request is read from /proc.
 *
 * Each server is warmed up under the same load for 3 s before it is measured. Each round
 * loads the two in a sandwich (A B B A, halves of `--seconds`), and the figures are the
 * medians of the rounds' ratios, so a change in the machine's load within a round weighs on
 * both alike.
 *
 *   node --import tsx bench/audit-lookup.ts [--seconds 5] [--rounds 5]
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median } from './stats.ts';

const AUDITS = 100_000;
/** Load before each measurement, not counted. */
const WARMUP_SECONDS = 3;
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '5' },
    serve: { type: 'string' },
    dir: { type: 'string' },
  },
});

function address(i: number): string {
  return `0x${(i * 2654435761).toString(16).padStart(40, '0').slice(-40)}`;
}

/** Child mode: run one server and print its port and (for the lookup) a key. */
async function serve(kind: string, dir: string): Promise<void> {
  const Fastify = (await import('fastify')).default;
  if (kind === 'bare') {
    const app = Fastify();
    // A constant of the audit record's size, so the ratio measures our work, not bytes.
    const constant = {
      slug: 'project-1',
      name: 'Project 1',
      createdAt: '2024-01-01T00:00:00.000Z',
      reportFile: 'https://reports.example/1.pdf',
      reportUrl: 'https://reports.example/1',
      finishedAt: '2024-01-02T00:00:00.000Z',
      address: address(1),
      network: 'BSC',
    };
    app.get('/constant', async () => constant);
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
    return;
  }
  const { openStore } = await import('../src/store/open-store.ts');
  const { upsertAudits } = await import('../src/audits/audit-repository.ts');
  const { createApiKey } = await import('../src/keys/api-key-repository.ts');
  const { buildApp } = await import('../src/api/app.ts');
  const { createRateLimiter } = await import('../src/limits/rate-limiter.ts');
  const store = await openStore({ dataDir: dir });
  const existing = await store.db
    .selectFrom('audits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) < AUDITS) {
    const records = Array.from({ length: AUDITS }, (_, i) => ({
      slug: `project-${i}`,
      name: `Project ${i}`,
      createdAt: '2024-01-01T00:00:00.000Z',
      reportFile: `https://reports.example/${i}.pdf`,
      reportUrl: `https://reports.example/${i}`,
      finishedAt: '2024-01-02T00:00:00.000Z',
      address: address(i),
      network: 'BSC',
    }));
    await upsertAudits(store.db, records);
  }
  const { key } = await createApiKey(store.db, { name: 'bench' });
  const app = await buildApp({ store, rateLimiter: createRateLimiter({ pointsPerWindow: 5 }), networks: { devnet: false } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port, key })}\n`);
}

interface Measured {
  readonly rate: number;
  readonly p50: number;
  readonly p99: number;
  /** The server's CPU time (user + system) per answered request, in microseconds. */
  readonly cpuPerRequestUs: number | undefined;
}

/**
 * CPU seconds a process has used so far (Linux /proc; undefined elsewhere). On a shared
 * machine the requests per second measure the scheduler as much as the server; the CPU
 * time each request costs the server does not depend on how often it got a core.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Two halves of a round as one: mean rate and CPU per request, the worse latency. */
function combine(halves: readonly Measured[]): Measured {
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const cpu = halves.map((h) => h.cpuPerRequestUs);
  return {
    rate: mean(halves.map((h) => h.rate)),
    p50: Math.max(...halves.map((h) => h.p50)),
    p99: Math.max(...halves.map((h) => h.p99)),
    cpuPerRequestUs: cpu.every((c) => c !== undefined) ? mean(cpu as number[]) : undefined,
  };
}

interface Server {
  /** One load of `seconds` against this server, with its CPU time per request. */
  measure(seconds: number, connections?: number): Promise<Measured>;
  stop(): void;
}

async function startServer(kind: 'bare' | 'lookup', dir: string): Promise<Server> {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', kind, '--dir', dir];
  const child = spawn(PINNED ? 'taskset' : process.execPath, PINNED ? ['-c', SERVER_CPU, process.execPath, ...args] : args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<{ port: number; key?: string }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as { port: number; key?: string });
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${info.port}`;
  // Prebuilt requests (autocannon cycles through them) keep the load generator's own
  // work per request the same for both servers: lookups spread over 1,000 stored
  // addresses, a few of them misses.
  const requests: autocannon.Request[] =
    kind === 'bare'
      ? [{ method: 'GET', path: '/constant' }]
      : Array.from({ length: 1000 }, (_, i) => ({
          method: 'GET',
          path: `/api/audits/search-by-address?address=${address((i * 97) % (AUDITS + 50))}`,
        }));
  const load = (duration: number, connections: number) =>
    autocannon({ url: base, connections, duration, ...(info.key ? { headers: { 'x-api-key': info.key } } : {}), requests });
  return {
    async measure(seconds, connections = 10) {
      const cpuBefore = cpuSeconds(child.pid);
      const result = await load(seconds, connections);
      const cpuAfter = cpuSeconds(child.pid);
      if (result.non2xx > 0 && kind === 'bare') throw new Error(`bare route answered ${result.non2xx} errors`);
      const cpuPerRequestUs =
        cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) / result.requests.total) * 1e6;
      return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuPerRequestUs };
    },
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * On a machine with two cores or more, the server and this load generator each get a core
 * of their own (taskset): left to the scheduler, the two sometimes share one, and a round
 * measures that instead of the server (rounds of one build ranged 0.43–0.77 unpinned).
 */
const SERVER_CPU = '1';
const PINNED = !values.serve && availableParallelism() >= 2 && spawnSync('taskset', ['-cp', '0', String(process.pid)]).status === 0;

process.on('SIGINT', () => process.exit(0));
if (values.serve) {
  await serve(values.serve, values.dir ?? '');
} else {
  const seconds = Number(values.seconds);
  const rounds = Number(values.rounds);
  const dir = await mkdtemp(join(tmpdir(), 'sw-bench-'));
  try {
    console.log(
      `audit lookup vs bare Fastify route: ${AUDITS.toLocaleString()} audits, embedded SQLite, 10 connections, ${seconds}s × ${rounds} rounds each (A B B A halves)${PINNED ? `, server on CPU ${SERVER_CPU} and load on CPU 0` : ', unpinned'}`,
    );
    const bare: number[] = [];
    const lookup: number[] = [];
    const cpuRatios: number[] = [];
    // The first start fills the database; not counted.
    const filling = await startServer('lookup', dir);
    filling.stop();
    // Both servers stay up and take turns, one load at a time, so each round's loads see the
    // machine as it is within seconds of each other (on a shared machine, fresh servers a
    // minute apart ranged 0.17–1.10). Each is first warmed (JIT, SQLite's page cache) under
    // the same load: cold, the lookup, with far more code to compile, ran at a third of its
    // warm rate.
    const servers = { bare: await startServer('bare', dir), lookup: await startServer('lookup', dir) };
    let bare50: Measured;
    let lookup50: Measured;
    try {
      await servers.bare.measure(WARMUP_SECONDS);
      await servers.lookup.measure(WARMUP_SECONDS);
      for (let r = 0; r < rounds; r++) {
        // Each round is a sandwich, A B B A with A alternating between rounds, each load half
        // the round's seconds: a drift of the machine within the round (another job starting
        // or ending) weighs on both kinds alike instead of on whichever went second.
        const order = r % 2 === 0 ? (['bare', 'lookup', 'lookup', 'bare'] as const) : (['lookup', 'bare', 'bare', 'lookup'] as const);
        const measured: Record<'bare' | 'lookup', Measured[]> = { bare: [], lookup: [] };
        for (const kind of order) measured[kind].push(await servers[kind].measure(seconds / 2));
        const b = combine(measured.bare);
        const l = combine(measured.lookup);
        bare.push(b.rate);
        lookup.push(l.rate);
        if (b.cpuPerRequestUs !== undefined && l.cpuPerRequestUs !== undefined) cpuRatios.push(b.cpuPerRequestUs / l.cpuPerRequestUs);
      }
      // Under 50 connections: throughput and latency percentiles of both, same run.
      bare50 = await servers.bare.measure(seconds, 50);
      lookup50 = await servers.lookup.measure(seconds, 50);
    } finally {
      servers.bare.stop();
      servers.lookup.stop();
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(`bare route      ${mean(bare).toFixed(0).padStart(7)} req/s  (rounds: ${bare.map((x) => x.toFixed(0)).join(', ')})`);
    console.log(`audit lookup    ${mean(lookup).toFixed(0).padStart(7)} req/s  (rounds: ${lookup.map((x) => x.toFixed(0)).join(', ')})`);
    // Each round's pair ran back to back, so its ratio cancels most of the machine's drift;
    // the median of those ratios is the figure least moved by one disturbed round.
    const ratios = bare.map((b, i) => lookup[i]! / b).sort((a, b) => a - b);
    console.log(
      `ratio lookup/bare: ${(mean(lookup) / mean(bare)).toFixed(2)} of the means, ${median(ratios).toFixed(2)} median of the rounds' ratios (${ratios.map((r) => r.toFixed(2)).join(', ')})  (target ≥ 0.70)`,
    );
    if (cpuRatios.length > 0) {
      // The bare route's CPU per request over the lookup's: the throughput ratio the two
      // would reach each on a core of its own, however busy the machine is.
      console.log(
        `CPU per request, bare/lookup: ${median(cpuRatios).toFixed(2)} median of the rounds (${[...cpuRatios]
          .sort((a, b) => a - b)
          .map((r) => r.toFixed(2))
          .join(', ')})  (target ≥ 0.70)`,
      );
    }
    console.log(
      `50 connections: bare ${bare50.rate.toFixed(0)} req/s p50 ${bare50.p50} ms p99 ${bare50.p99} ms; lookup ${lookup50.rate.toFixed(0)} req/s p50 ${lookup50.p50} ms p99 ${lookup50.p99} ms; ratio ${(lookup50.rate / bare50.rate).toFixed(2)}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
