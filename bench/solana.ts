/**
 * A full Solana scan (reader, finding codes, scores, layout, snapshot) of each sample mint
 * on the embedded network served over HTTP JSON-RPC: milliseconds and RPC round trips
 * (HTTP requests), against a bare getAccountInfo round trip measured in the same run.
 * Target: at most 3 round trips per scan.
 *
 *   node --import tsx bench/solana.ts
 */
import { startSolanaDevnet } from '../src/solana/devnet/solana-devnet.ts';
import { serveDevnet } from '../src/devnet/serve-devnet.ts';
import { createSolanaRpcClient, type CountingRpc } from '../src/solana/solana-rpc.ts';
import { readSolanaToken } from '../src/solana/read-solana-token.ts';
import { createScanService } from '../src/scan/scan-service.ts';
import { createAuditLookup } from '../src/audits/audit-repository.ts';
import { openTestStore } from '../src/testing/test-stores.ts';
import { median } from './stats.ts';

const ROUNDS = 20;

const solana = await startSolanaDevnet();
const server = await serveDevnet(solana, { port: 0 });
const store = await openTestStore();
let last: CountingRpc | undefined;
const scans = createScanService({
  store,
  findAudit: createAuditLookup(store),
  chainClient: () => {
    throw new Error('no EVM chain in this benchmark');
  },
  sourceProviders: () => [],
  freshnessMs: 0,
  solana: {
    timeoutMs: 10_000,
    read(address, signal) {
      // A fresh client per scan, so its request count is this scan's round trips.
      last = createSolanaRpcClient({ url: server.url });
      return readSolanaToken(last.rpc, address, { signal });
    },
  },
});

async function bareGetAccountInfo(address: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: [address, { encoding: 'base64' }] }),
  });
  await res.json();
  return performance.now() - started;
}

// Warm up both paths once (module loading, JIT, first connection).
await bareGetAccountInfo(solana.mints[0]!.address);
await scans.execute({ network: 'SOL', address: solana.mints[0]!.address });

const baseline: number[] = [];
const rows: Array<{ behaviour: string; ms: number; readMs: number; requests: number; codes: string }> = [];
for (const mint of solana.mints) {
  const times: number[] = [];
  const reads: number[] = [];
  let requests = 0;
  let codes = '';
  for (let i = 0; i < ROUNDS; i++) {
    baseline.push(await bareGetAccountInfo(mint.address));
    const started = performance.now();
    const result = await scans.execute({ network: 'SOL', address: mint.address });
    times.push(performance.now() - started);
    requests = Math.max(requests, last?.requests() ?? 0);
    codes = result.auditLayout.tokenProgram?.findingCodes.join(',') ?? '';
    // The reader alone (the rest of a scan is scoring, percentiles and the snapshot write).
    const readStarted = performance.now();
    await readSolanaToken(createSolanaRpcClient({ url: server.url }).rpc, mint.address);
    reads.push(performance.now() - readStarted);
  }
  rows.push({ behaviour: mint.behaviour, ms: median(times), readMs: median(reads), requests, codes: codes || '-' });
}

const base = median(baseline);
console.log(`bare getAccountInfo round trip: median ${base.toFixed(2)} ms over ${baseline.length}`);
console.log(
  `${'mint'.padEnd(24)} ${'scan ms'.padStart(8)} ${'× RTT'.padStart(7)} ${'read ms'.padStart(8)} ${'× RTT'.padStart(7)} ${'round trips'.padStart(12)}  codes`,
);
for (const r of rows)
  console.log(
    `${r.behaviour.padEnd(24)} ${r.ms.toFixed(2).padStart(8)} ${(r.ms / base).toFixed(1).padStart(7)} ${r.readMs.toFixed(2).padStart(8)} ${(r.readMs / base).toFixed(1).padStart(7)} ${String(r.requests).padStart(12)}  ${r.codes}`,
  );
const all = rows.map((r) => r.ms);
const maxTrips = Math.max(...rows.map((r) => r.requests));
const readAll = rows.map((r) => r.readMs);
console.log(
  `median full scan ${median(all).toFixed(2)} ms = ${(median(all) / base).toFixed(1)} × a bare getAccountInfo (reader alone ${median(readAll).toFixed(2)} ms = ${(median(readAll) / base).toFixed(1)} ×); at most ${maxTrips} round trips per scan (target ≤ 3: ${maxTrips <= 3 ? 'met' : 'missed'})`,
);

await scans.close();
await server.close();
await solana.close();
await store.dispose();
