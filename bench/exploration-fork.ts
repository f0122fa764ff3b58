/**
 * Fork-mode exploration benchmark (issue 27): address scans of the devnet's sample tokens
 * through a remote that adds 50 ms to every request (a proxy in front of the loopback
 * devnet), each from a cold fork cache. Per token: HTTP round trips reaching the remote and
 * seconds, for the trades with the selector-table exploration (privileged addresses read
 * from chain state, every state-changing selector called), against the same simulation
 * without the exploration, measured in the same run (the baseline). Also the exploration's
 * calls per token and the share with an observed effect. Target: ≤ 30 round trips per
 * token including the exploration.
 *
 *   node --import tsx bench/exploration-fork.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet } from '../src/devnet/devnet.ts';
import { serveDevnet } from '../src/devnet/serve-devnet.ts';
import { forgetForkState } from '../src/simulate/fork-state-cache.ts';
import { simulateToken } from '../src/simulate/simulate-token.ts';

const devnet = await startDevnet({ dataDir: mkdtempSync(join(tmpdir(), 'bench-explore-fork-')) });
const server = await serveDevnet({ request: (payload) => devnet.request(payload) }, { port: 0 });

interface Row {
  readonly token: string;
  readonly roundTrips: number;
  readonly ms: number;
  readonly error: string;
  readonly calls: number;
  readonly withEffect: number;
  readonly effects: string[];
  readonly cutShort: string;
}

const run = async (explore: boolean): Promise<Row[]> => {
  const out: Row[] = [];
  for (const t of devnet.tokens) {
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
      exploreBytecode: explore,
    });
    out.push({
      token: t.behaviour,
      roundTrips: r.roundTrips,
      ms: performance.now() - s,
      error: r.taxes.error,
      calls: r.exploration?.calls ?? 0,
      withEffect: r.exploration?.callsWithEffect ?? 0,
      effects: (r.exploration?.effects ?? []).map((e) => `${e.kind}${e.function ? ` by ${e.function}` : ''}`),
      cutShort: r.exploration?.cutShort ?? '',
    });
  }
  return out;
};

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const baseline = await run(false);
const explored = await run(true);
for (const r of explored)
  process.stdout.write(
    `${r.token.padEnd(10)} ${String(r.roundTrips).padStart(3)} round trips, ${(r.ms / 1000).toFixed(2)} s, ${r.calls} calls (${r.withEffect} with effect)` +
      `${r.error ? ` [${r.error}]` : ''}${r.cutShort ? ` cut short: ${r.cutShort}` : ''}: ${r.effects.join('; ') || 'no effect'}\n`,
  );
const rtBase = mean(baseline.map((r) => r.roundTrips));
const rt = mean(explored.map((r) => r.roundTrips));
const calls = explored.reduce((n, r) => n + r.calls, 0);
const effects = explored.reduce((n, r) => n + r.withEffect, 0);
process.stdout.write(
  `baseline (trades, no exploration), ${baseline.length} tokens: ${rtBase.toFixed(1)} round trips/token, ${(mean(baseline.map((r) => r.ms)) / 1000).toFixed(2)} s/token\n` +
    `with the exploration: ${rt.toFixed(1)} round trips/token (max ${Math.max(...explored.map((r) => r.roundTrips))}) = ${(rt / rtBase).toFixed(2)}× the baseline, ` +
    `${(mean(explored.map((r) => r.ms)) / 1000).toFixed(2)} s/token = ${(mean(explored.map((r) => r.ms)) / mean(baseline.map((r) => r.ms))).toFixed(2)}× the baseline; ` +
    `${(calls / explored.length).toFixed(1)} exploration calls/token, ${calls ? ((100 * effects) / calls).toFixed(1) : 0} % with an effect; target ≤ 30 round trips/token\n`,
);
await server.close();
await devnet.close();
