/**
 * Honeypot/tax simulations over the devnet sample tokens.
 *   - snapshot mode (the devnet's own in-process chain, reverted after each run): ms per
 *     token and simulations per second, for the trades alone and with every extra check;
 *   - fork mode (EDR forking the devnet served on loopback): JSON-RPC round trips (HTTP
 *     requests reaching the node) and ms per simulation;
 *   - fork mode behind a remote that adds 50 ms to every request, each simulation from a
 *     cold cache: round trips and seconds per simulation with the batched prefetch
 *     (fork-simulation.ts), against EDR's own lazy reads measured in the same run.
 * Baselines measured in the same run: a bare eth_call and a plain token transfer
 * (send + receipt) on the in-process devnet. Target: ≤ 300 ms per token on the devnet.
 *
 *   node --import tsx bench/simulate.ts
 */
import { encodeFunctionData, parseAbi } from 'viem';
import { startDevnet, sampleToken } from '../src/devnet/devnet.ts';
import { serveDevnet } from '../src/devnet/serve-devnet.ts';
import { forgetForkState } from '../src/simulate/fork-state-cache.ts';
import { simulateToken } from '../src/simulate/simulate-token.ts';

const devnet = await startDevnet({ dataDir: process.env.DATA_DIR ?? './data' });
let httpRequests = 0;
let rpcCalls = 0;
const server = await serveDevnet(
  {
    request: (payload) => {
      httpRequests += 1;
      rpcCalls += Array.isArray(payload) ? payload.length : 1;
      return devnet.request(payload);
    },
  },
  { port: 0 },
);
const provider = devnet.provider;
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)', 'function transfer(address, uint256) returns (bool)']);
const plain = sampleToken(devnet, 'plain').address;
const alice = devnet.accounts.alice.address;

async function timeIt(n: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(3, n); i += 1) await fn();
  const t0 = performance.now();
  for (let i = 0; i < n; i += 1) await fn();
  return (performance.now() - t0) / n;
}

const callMs = await timeIt(200, () =>
  provider.request({
    method: 'eth_call',
    params: [{ to: plain, data: encodeFunctionData({ abi: erc20, functionName: 'balanceOf', args: [alice] }) }, 'latest'],
  }),
);
const snap = await provider.request({ method: 'evm_snapshot' });
const transferMs = await timeIt(50, async () => {
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [
      {
        from: alice,
        to: plain,
        data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [devnet.accounts.bob.address, 1n] }),
      },
    ],
  });
  await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] });
});
await provider.request({ method: 'evm_revert', params: [snap] });

const tokens = devnet.tokens;
const rounds = 3;
const rows: string[] = [];
for (const [label, extra] of [
  ['trades only', { confirm: [], maxBuy: false }],
  ['all checks', {}],
] as const) {
  const t0 = performance.now();
  let runs = 0;
  let worst = 0;
  let requests = 0;
  for (let r = 0; r < rounds; r += 1) {
    for (const t of tokens) {
      const s = performance.now();
      await simulateToken({ network: 'LOCAL', token: t.address, rpc: { provider }, ...extra, onRequests: (n) => (requests += n) });
      worst = Math.max(worst, performance.now() - s);
      runs += 1;
    }
  }
  const per = (performance.now() - t0) / runs;
  rows.push(
    `snapshot, ${label.padEnd(11)}: ${per.toFixed(1)} ms/token (worst ${worst.toFixed(0)} ms), ${(1000 / per).toFixed(1)} simulations/s, ` +
      `${(requests / runs).toFixed(0)} in-process requests/simulation, = ${(per / transferMs).toFixed(0)}× a plain transfer, ${(per / callMs).toFixed(0)}× an eth_call`,
  );
}

for (const [label, extra] of [
  ['trades only', { confirm: [], maxBuy: false }],
  ['all checks', {}],
] as const) {
  let ms = 0;
  const before = { http: httpRequests, calls: rpcCalls };
  for (const t of tokens) {
    const s = performance.now();
    await simulateToken({ network: 'LOCAL', token: t.address, rpc: { url: server.url }, timeoutMs: 30_000, ...extra });
    ms += performance.now() - s;
  }
  const n = tokens.length;
  rows.push(
    `fork over loopback, ${label.padEnd(11)}: ${((httpRequests - before.http) / n).toFixed(1)} HTTP round trips/simulation ` +
      `(${((rpcCalls - before.calls) / n).toFixed(1)} JSON-RPC calls), ${(ms / n).toFixed(0)} ms/simulation = ${(ms / n / transferMs).toFixed(0)}× a plain transfer`,
  );
}

// A slow remote: every request to the node waits 50 ms (a proxy in front of the loopback devnet).
// Baseline in the same run: EDR's own lazy reads (one request per account or slot), on the
// first BENCH_LAZY_TOKENS tokens (each takes seconds); then the batched prefetch on every token.
const slowRun = async (lazy: boolean, list: typeof tokens) => {
  const out: { rt: number; ms: number; error: string }[] = [];
  for (const t of list) {
    // Cold: a live chain moves to a new block between two scans, so nothing is reused.
    forgetForkState(server.url);
    const s = performance.now();
    const r = await simulateToken({
      network: 'LOCAL',
      token: t.address,
      rpc: { url: server.url },
      remoteDelayMs: 50,
      timeoutMs: 120_000,
      confirm: [],
      maxBuy: false,
      ...(lazy ? { lazyFork: true } : {}),
    });
    out.push({ rt: r.roundTrips, ms: performance.now() - s, error: r.taxes.error });
  }
  return out;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const lazyRuns = await slowRun(true, tokens.slice(0, Number(process.env.BENCH_LAZY_TOKENS ?? 2)));
const slow = await slowRun(false, tokens);
const lazyRt = mean(lazyRuns.map((x) => x.rt));
const lazyMs = mean(lazyRuns.map((x) => x.ms));
rows.push(
  `fork, remote +50 ms/request, trades only, baseline (EDR's lazy reads, ${lazyRuns.length} tokens): ${lazyRt.toFixed(1)} round trips/simulation, ${(lazyMs / 1000).toFixed(2)} s/simulation`,
  `fork, remote +50 ms/request, trades only, batched prefetch (${slow.length} tokens): ${mean(slow.map((x) => x.rt)).toFixed(1)} round trips/simulation (max ${Math.max(...slow.map((x) => x.rt))}), ` +
    `${(mean(slow.map((x) => x.ms)) / 1000).toFixed(2)} s/simulation (max ${(Math.max(...slow.map((x) => x.ms)) / 1000).toFixed(2)} s) = ` +
    `${(mean(slow.map((x) => x.rt)) / lazyRt).toFixed(3)}× the baseline's round trips, ${(mean(slow.map((x) => x.ms)) / lazyMs).toFixed(2)}× its time; target ≤ 20 round trips and ≤ 3 s`,
);

// Source mode on the rug-pull tokens (when ../shared/eval-dev is there): seconds per token, compilers loaded once.
const { existsSync, readdirSync, readFileSync } = await import('node:fs');
const evalDir = new URL('../../shared/eval-dev/crpwarner/large_sample/', import.meta.url);
if (existsSync(evalDir)) {
  const { simulateSource } = await import('../src/simulate/simulate-source.ts');
  const files = readdirSync(evalDir)
    .filter((f) => f.endsWith('.sol'))
    .slice(0, Number(process.env.BENCH_SOURCE_TOKENS ?? 20));
  const seconds: number[] = [];
  for (const f of files) {
    const s = performance.now();
    await simulateSource({ [f]: readFileSync(new URL(f, evalDir), 'utf8') }, { timeoutMs: 20_000, maxBuy: false });
    seconds.push((performance.now() - s) / 1000);
  }
  seconds.sort((a, b) => a - b);
  rows.push(
    `source mode, ${files.length} rug-pull tokens (cold compiles): median ${seconds[Math.floor(seconds.length / 2)]!.toFixed(2)} s/token, worst ${seconds.at(-1)!.toFixed(2)} s; target median ≤ 5 s = ${(seconds[Math.floor(seconds.length / 2)]! / 5).toFixed(2)}× the target`,
  );
}

process.stdout.write(
  `baseline: eth_call ${(callMs * 1000).toFixed(0)} µs, plain transfer (send + receipt) ${transferMs.toFixed(2)} ms (in process)\n`,
);
for (const row of rows) process.stdout.write(`${row}\n`);
const target = 300;
process.stdout.write(`target ≤ ${target} ms per token on the devnet\n`);
await server.close();
await devnet.close();
