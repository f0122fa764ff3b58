/**
 * Signature database and bytecode benchmark.
 *
 * 1. Lookups per second against 1,000,000 signatures, by text (canonicalised first),
 *    by 4-byte selector and by 32-byte topic, on the in-memory store and on the
 *    embedded database (SQLite through Kysely). Baseline: a bare Map.get over the same
 *    keys in the same run.
 * 2. Selector extraction (evmole) on large runtime bytecodes: a compiled OpenZeppelin
 *    governance token + governor, and a synthetic 2,000-function dispatcher. Baseline:
 *    a naive linear scan collecting every PUSH4 (what a hand-written scanner starts
 *    from), with its false positives counted against the compiler's selector list.
 *
 *   node --import tsx bench/signatures.ts [--count 1000000] [--no-sqlite]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { extractSelectors } from '../src/analysis/bytecode/extract-selectors.ts';
import { compileSolidity } from '../src/analysis/bytecode/__fixtures__/compile-solidity.ts';
import { vyperStyleDispatcher } from '../src/analysis/bytecode/__fixtures__/assemble.ts';
import { KyselySignatureStore } from '../src/signatures/kysely-signature-store.ts';
import { SignatureDatabase } from '../src/signatures/signature-database.ts';
import { signatureHashes } from '../src/signatures/signature-hash.ts';
import { InMemorySignatureStore, type NewSignature, type SignatureStore } from '../src/signatures/signature-store.ts';
import { openStore } from '../src/store/open-store.ts';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '1000000' }, 'no-sqlite': { type: 'boolean', default: false } },
});
const COUNT = Number(values.count);
const LOOKUPS = 100_000;
const fmt = (x: number, digits = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const WORDS = [
  'set',
  'get',
  'update',
  'transfer',
  'swap',
  'claim',
  'mint',
  'burn',
  'fee',
  'max',
  'owner',
  'pool',
  'reward',
  'stake',
  'vault',
  'token',
  'price',
  'limit',
  'wallet',
  'bot',
];
const TYPES = [
  'address',
  'uint256',
  'bool',
  'bytes32',
  'uint8',
  'string',
  'bytes',
  'address[]',
  'uint256[]',
  '(address,uint256)',
  'int24',
  'uint128',
];
let seed = 7;
const random = (): number => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

function signatureText(i: number): string {
  const name = `${pick(WORDS)}${pick(WORDS).replace(/^./, (c) => c.toUpperCase())}${i.toString(36)}`;
  const params = Array.from({ length: Math.floor(random() * 4) }, () => pick(TYPES));
  return `${name}(${params.join(',')})`;
}

console.log(`# signature database: ${fmt(COUNT)} signatures`);
let start = performance.now();
const rows: NewSignature[] = [];
for (let i = 0; i < COUNT; i += 1) {
  const text = signatureText(i);
  rows.push({ text, kind: i % 10 === 0 ? 'event' : 'function', ...signatureHashes(text) });
}
console.log(`hashing (keccak256): ${fmt(COUNT / ((performance.now() - start) / 1000))} signatures/s`);

const sample = Array.from({ length: LOOKUPS }, () => pick(rows));

async function measure(name: string, store: SignatureStore): Promise<void> {
  const db = new SignatureDatabase(store);
  start = performance.now();
  for (let i = 0; i < rows.length; i += 10_000) await store.addSignatures(rows.slice(i, i + 10_000));
  console.log(`${name}: load ${fmt(COUNT / ((performance.now() - start) / 1000))} signatures/s`);
  const baselineMap = new Map(rows.map((r) => [r.text, r]));
  start = performance.now();
  let found = 0;
  for (const r of sample) if (baselineMap.get(r.text)) found += 1;
  const baselinePerSecond = LOOKUPS / ((performance.now() - start) / 1000);
  const queries: [string, (r: NewSignature) => string][] = [
    ['text', (r) => r.text],
    ['selector', (r) => r.selector],
    ['topic', (r) => r.topic],
  ];
  for (const [by, q] of queries) {
    const n = name === 'in-memory' ? LOOKUPS : LOOKUPS / 10;
    start = performance.now();
    let hits = 0;
    for (let i = 0; i < n; i += 1) {
      const r = sample[i] as NewSignature;
      const records = await db.lookup(q(r));
      if (records.some((x) => x.name === r.text)) hits += 1;
    }
    const perSecond = n / ((performance.now() - start) / 1000);
    if (hits !== n) throw new Error(`${name} ${by}: ${n - hits} lookups missed`);
    console.log(
      `${name}: lookup by ${by.padEnd(8)} ${fmt(perSecond).padStart(9)} /s  = ${fmt(perSecond / baselinePerSecond, 4)}x a bare Map.get (${fmt(baselinePerSecond)} /s, ${found} found)`,
    );
  }
}

await measure('in-memory', new InMemorySignatureStore());
if (!values['no-sqlite']) {
  const dir = mkdtempSync(join(tmpdir(), 'sw-sig-bench-'));
  const store = await openStore({ dataDir: dir });
  try {
    await measure('sqlite', new KyselySignatureStore(store.db, store.sqlite));
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// --- selector extraction ----------------------------------------------------------
function naivePush4Scan(hex: string): Set<string> {
  const bytes = Buffer.from(hex.replace(/^0x/, ''), 'hex');
  const out = new Set<string>();
  for (let i = 0; i < bytes.length; i += 1) {
    const op = bytes[i] ?? 0;
    if (op === 0x63 && i + 4 < bytes.length) out.add(`0x${bytes.subarray(i + 1, i + 5).toString('hex')}`);
    if (op >= 0x60 && op <= 0x7f) i += op - 0x5f;
  }
  return out;
}

console.log('\n# selector extraction');
const governance = compileSolidity({
  'Gov.sol': `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Votes} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Votes.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";
import {Governor} from "@openzeppelin/contracts/governance/Governor.sol";
import {GovernorSettings} from "@openzeppelin/contracts/governance/extensions/GovernorSettings.sol";
import {GovernorCountingSimple} from "@openzeppelin/contracts/governance/extensions/GovernorCountingSimple.sol";
import {GovernorVotes} from "@openzeppelin/contracts/governance/extensions/GovernorVotes.sol";
import {IVotes} from "@openzeppelin/contracts/governance/utils/IVotes.sol";
contract VoteToken is ERC20, ERC20Permit, ERC20Votes {
  constructor() ERC20("V", "V") ERC20Permit("V") {}
  function _update(address a, address b, uint256 v) internal override(ERC20, ERC20Votes) { super._update(a, b, v); }
  function nonces(address o) public view override(ERC20Permit, Nonces) returns (uint256) { return super.nonces(o); }
}
contract Gov is Governor, GovernorSettings, GovernorCountingSimple, GovernorVotes {
  constructor(IVotes t) Governor("G") GovernorSettings(1, 50, 0) GovernorVotes(t) {}
  function quorum(uint256) public pure override returns (uint256) { return 1; }
  function proposalThreshold() public view override(Governor, GovernorSettings) returns (uint256) { return super.proposalThreshold(); }
}`,
});
const synthetic = Array.from({ length: 2000 }, (_, i) => signatureHashes(`f${i}(uint256)`).selector);
const codes: [string, string, string[]][] = [
  ...governance
    .filter((c) => Object.keys(c.methodIdentifiers).length > 0 && c.runtime.length > 2)
    .map((c): [string, string, string[]] => [c.name, c.runtime, Object.values(c.methodIdentifiers).map((s) => `0x${s}`)]),
  ['synthetic 2,000-function XOR dispatcher', vyperStyleDispatcher(synthetic), synthetic],
];
for (const [name, code, expected] of codes) {
  const rounds = 20;
  let found: string[] = [];
  start = performance.now();
  for (let i = 0; i < rounds; i += 1) found = extractSelectors(code);
  const evmoleMs = (performance.now() - start) / rounds;
  let naive = new Set<string>();
  start = performance.now();
  for (let i = 0; i < rounds; i += 1) naive = naivePush4Scan(code);
  const naiveMs = (performance.now() - start) / rounds;
  const want = new Set(expected);
  const missed = [...want].filter((s) => !found.includes(s)).length;
  const extra = found.filter((s) => !want.has(s)).length;
  const naiveExtra = [...naive].filter((s) => !want.has(s)).length;
  const naiveMissed = [...want].filter((s) => !naive.has(s)).length;
  console.log(
    `${name}: ${fmt((code.length - 2) / 2)} bytes, ${want.size} functions: evmole ${fmt(evmoleMs, 2)} ms (missed ${missed}, extra ${extra}); ` +
      `naive PUSH4 scan ${fmt(naiveMs, 2)} ms (missed ${naiveMissed}, extra ${naiveExtra}); evmole = ${fmt(evmoleMs / naiveMs, 1)}x the scan's time`,
  );
}
