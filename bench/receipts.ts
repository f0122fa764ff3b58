/**
 * Receipts (issue 33) over the devnet honeypot, against the simulation they come from,
 * measured in the same run:
 *   - signing: building the receipt body from the recorded calls, its RFC 8785 canonical
 *     JSON and the Ed25519 signature (target ≤ 5 ms added to a scan), as a share of the
 *     simulation's own time;
 *   - offline verification: the canonical JSON again and the signature check (≤ 50 ms);
 *   - replay: every recorded call sent again on the devnet and compared (≤ 2 s), and the
 *     same with the devnet started for it, as `scopeward verify` does without --rpc.
 *
 *   node --import tsx bench/receipts.ts [--rounds 5]
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sampleToken, startDevnet } from '../src/devnet/devnet.ts';
import { simulateToken } from '../src/simulate/simulate-token.ts';
import { buildReceiptBody } from '../src/receipts/receipt.ts';
import { keyIdOf, rawPublicKey, signBody } from '../src/receipts/receipt-keys.ts';
import { replayReceipt } from '../src/receipts/replay-receipt.ts';
import { openReplaySource } from '../src/receipts/replay-source.ts';
import { checkSignature } from '../src/receipts/verify-signature.ts';
import { canonicalJson } from '../src/receipts/canonical-json.ts';
import { median } from './stats.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Math.max(1, Number(values.rounds));
const dataDir = mkdtempSync(join(tmpdir(), 'bench-receipts-'));
const devnet = await startDevnet({ dataDir });
const token = sampleToken(devnet, 'honeypot').address;
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const raw = rawPublicKey(publicKey);
const keyId = keyIdOf(raw);
const keys = {
  issuer: 'bench',
  keys: [
    {
      keyId,
      alg: 'Ed25519' as const,
      publicKey: raw.toString('base64url'),
      createdAt: new Date().toISOString(),
      retiredAt: null,
      expiresAt: null,
    },
  ],
};

const simulateMs: number[] = [];
const signMs: number[] = [];
const buildMs: number[] = [];
const verifyMs: number[] = [];
const replayMs: number[] = [];
let calls = 0;
let bytes = 0;
for (let round = 0; round < rounds + 1; round += 1) {
  let t = performance.now();
  const result = await simulateToken({ network: 'LOCAL', token, rpc: { provider: devnet.provider } });
  const simulated = performance.now() - t;
  t = performance.now();
  const body = await buildReceiptBody({ result, network: 'LOCAL', chainId: 31337, token, issuer: 'bench', issuedAt: new Date() });
  if (!body) throw new Error(`no receipt: ${result.reason}`);
  const built = performance.now() - t;
  const { receipt } = signBody(body, keyId, privateKey);
  const signed = performance.now() - t;
  const text = JSON.stringify(receipt);
  t = performance.now();
  const check = checkSignature(JSON.parse(text), keys, new Date());
  const verified = performance.now() - t;
  if (!check.ok) throw new Error(check.detail);
  // The simulation handed the devnet back (its snapshot reverted): replay under a snapshot of our own.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const snapshot = await devnet.provider.request({ method: 'evm_snapshot' });
  t = performance.now();
  const replay = await replayReceipt(receipt, { provider: devnet.provider });
  const replayed = performance.now() - t;
  await devnet.provider.request({ method: 'evm_revert', params: [snapshot] });
  if (replay.status !== 'reproduced') throw new Error(JSON.stringify(replay));
  // The first round warms the JIT and EDR's caches.
  if (round === 0) continue;
  simulateMs.push(simulated);
  signMs.push(signed);
  buildMs.push(built);
  verifyMs.push(verified);
  replayMs.push(replayed);
  calls = body.calls.length;
  bytes = canonicalJson(receipt).length;
}
await devnet.close();

// As `scopeward verify` without --rpc: a devnet started for the replay.
const { receipt: cliReceipt } = await (async () => {
  const again = await startDevnet({ dataDir });
  const result = await simulateToken({ network: 'LOCAL', token, rpc: { provider: again.provider } });
  const body = await buildReceiptBody({ result, network: 'LOCAL', chainId: 31337, token, issuer: 'bench', issuedAt: new Date() });
  await again.close();
  return signBody(body!, keyId, privateKey);
})();
let t = performance.now();
const opened = await openReplaySource(cliReceipt, {});
if (typeof opened === 'string') throw new Error(opened);
const startMs = performance.now() - t;
t = performance.now();
const cold = await replayReceipt(cliReceipt, opened.source);
const coldReplayMs = performance.now() - t;
await opened.close?.();
rmSync(dataDir, { recursive: true, force: true });

const sim = median(simulateMs);
const row = (name: string, ms: number, target: string) =>
  console.log(`${name.padEnd(44)} ${ms.toFixed(2).padStart(9)} ms  ${(ms / sim).toFixed(4).padStart(8)} × the simulation  (${target})`);
console.log(`receipts over the devnet honeypot: ${calls} calls, ${(bytes / 1024).toFixed(0)} KB canonical, median of ${rounds} rounds`);
console.log(`${'baseline: the simulation itself'.padEnd(44)} ${sim.toFixed(2).padStart(9)} ms  ${'1.0000'.padStart(8)} × the simulation`);
row('signing (body, canonical JSON, Ed25519)', median(signMs), 'target ≤ 5 ms');
row('  of which building the body', median(buildMs), 'the recorded calls grouped by conclusion');
row('offline verification', median(verifyMs), 'target ≤ 50 ms');
row('replay on the devnet', median(replayMs), 'target ≤ 2,000 ms');
row('devnet start for a replay (verify, no --rpc)', startMs, 'once per verify');
row(`replay on that devnet (${cold.status})`, coldReplayMs, 'target ≤ 2,000 ms');
