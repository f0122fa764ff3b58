/**
 * Safescan's two costs, each against a bare read of the same data in the same run:
 *
 * 1. Label lookups per second with 1,000,000 labels stored (embedded SQLite): the
 *    service's lookup (one address on a network, its own and the all-network labels)
 *    against a bare prepared `select … where address = ?` on the same table.
 * 2. Screening an address with 10,000 transactions served by a local server replaying
 *    the explorer API (normal, internal, token): the whole screen (three reads, label
 *    lookups of every counterparty, verdict, series) against three bare fetch + JSON.parse
 *    of the same responses.
 *
 *   node --import tsx bench/safescan.ts [--labels 1000000] [--txs 10000] [--lookups 20000] [--rounds 3]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../src/store/open-store.ts';
import { createLabelLookup } from '../src/labels/label-repository.ts';
import { LABEL_CATEGORIES } from '../src/labels/label-record.ts';
import { createSafescan } from '../src/safescan/safescan-service.ts';
import { explorerHistoryReader } from '../src/safescan/explorer-history.ts';
import { startExplorerReplay, replayRows } from '../src/testing/explorer-replay.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    labels: { type: 'string', default: '1000000' },
    txs: { type: 'string', default: '10000' },
    lookups: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
  },
});
const LABELS = Number(values.labels);
const TXS = Number(values.txs);
const LOOKUPS = Number(values.lookups);
const ROUNDS = Number(values.rounds);

const address = (i: number) => `0x${(BigInt(i) * 2654435761n + 0x1234567n).toString(16).padStart(40, '0').slice(-40)}`;
const NETWORKS = ['ETH', 'BSC', 'MATIC', '*'];

const dir = await mkdtemp(join(tmpdir(), 'sw-bench-safescan-'));
const store = await openStore({ dataDir: dir });
try {
  // Filled through the embedded database's own statement: a million rows through the
  // import path would measure the import, not the lookups.
  const sqlite = store.sqlite!;
  const t0 = performance.now();
  const insert = sqlite.prepare(
    'insert into address_labels (address, network, label, category, source, listed_on, imported_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    for (let i = 0; i < LABELS; i++)
      insert.run(
        address(i),
        NETWORKS[i % NETWORKS.length],
        `label ${i}`,
        LABEL_CATEGORIES[i % LABEL_CATEGORIES.length],
        'bench',
        '2025-01-01',
        '2025-01-01T00:00:00Z',
      );
  })();
  process.stdout.write(`filled ${LABELS.toLocaleString('en')} labels in ${Math.round(performance.now() - t0)} ms\n`);

  // 1. Lookups: half hit (stored addresses), half miss.
  const queries = Array.from({ length: LOOKUPS }, (_, i) => (i % 2 === 0 ? address((i * 7919) % LABELS) : address(LABELS + i)));
  const lookup = createLabelLookup(store);
  const bare = sqlite.prepare('select * from address_labels where address = ?');
  const ours: number[] = [];
  const base: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    for (const q of queries) bare.all(q);
    base.push(LOOKUPS / ((performance.now() - start) / 1000));
    start = performance.now();
    for (const q of queries) await lookup('ETH', [q]);
    ours.push(LOOKUPS / ((performance.now() - start) / 1000));
  }
  const oursPerSecond = median(ours);
  const barePerSecond = median(base);
  process.stdout.write(
    `label lookup at ${LABELS.toLocaleString('en')} labels: ${Math.round(oursPerSecond).toLocaleString('en')}/s ` +
      `(bare prepared select: ${Math.round(barePerSecond).toLocaleString('en')}/s; ratio ${(barePerSecond / oursPerSecond).toFixed(2)}× slower)\n`,
  );

  // 2. Screening 10,000 transactions from the replay server; one counterparty in 50 is labelled.
  const me = address(LABELS + 10_000_000);
  const counterparties = Array.from({ length: 500 }, (_, i) => (i % 50 === 0 ? address(i * 4) : address(LABELS + 20_000_000 + i)));
  const replay = await startExplorerReplay({
    txlist: { [me]: replayRows(me, counterparties, TXS) },
    txlistinternal: { [me]: replayRows(me, counterparties, Math.floor(TXS / 10)).map((r) => ({ ...r, hash: `0xee${r.hash.slice(4)}` })) },
    tokentx: { [me]: replayRows(me, counterparties, Math.floor(TXS / 5)) },
  });
  try {
    const reader = explorerHistoryReader({ apiKey: 'bench', apiUrl: replay.url, network: 'ETH', chainId: 1 });
    const safescan = createSafescan({ networks: [{ symbol: 'ETH', history: reader }], labels: lookup, timeoutMs: 60_000 });
    const urls = ['txlist', 'txlistinternal', 'tokentx'].map(
      (action) =>
        `${replay.url}/v2/api?chainid=1&module=account&action=${action}&address=${me}&startblock=0&endblock=99999999&page=1&offset=10000&sort=asc&apikey=bench`,
    );
    const screenMs: number[] = [];
    const bareMs: number[] = [];
    let result;
    for (let round = 0; round < ROUNDS; round++) {
      let start = performance.now();
      for (const url of urls) JSON.parse(await (await fetch(url)).text());
      bareMs.push(performance.now() - start);
      start = performance.now();
      result = await safescan.screen(me);
      screenMs.push(performance.now() - start);
    }
    const eth = result!.addressAudit.networks[0]!;
    process.stdout.write(
      `screening ${eth.totalTx.toLocaleString('en')} transactions (+${eth.totalInternalTx} internal, token transfers), ${eth.labeledTx.length} labelled: ` +
        `${Math.round(median(screenMs))} ms (bare fetch + parse of the same responses: ${Math.round(median(bareMs))} ms; ratio ${(median(screenMs) / median(bareMs)).toFixed(2)}×)\n`,
    );
  } finally {
    await replay.close();
  }
} finally {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
