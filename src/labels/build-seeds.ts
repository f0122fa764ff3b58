/**
 * Builds the shipped seed label files (src/labels/seed/*.json) from their sources. Every
 * input is a committed file or the networks table, and every date comes from those inputs,
 * so building twice gives byte-identical files (a test holds the committed seeds to that).
 * scripts/build-labels.ts writes what this returns.
 *
 * - ofac-sdn.json: the Ethereum-format addresses of the US Treasury's SDN list, from the
 *   official file when one is given (`sdnFile`), otherwise from the committed extraction
 *   lists/ofac-sdn-eth.txt.
 * - dex-and-lockers.json: the DEX routers and factories and the lockers of the networks
 *   table (src/chain/chain-details.ts), per network.
 * - mixers.json: the Tornado Cash pools of lists/tornado-cash-pools.tsv.
 * - exchanges.json, bridges.json, darklist.json: the transcribed public datasets of
 *   lists/exchanges-*.tsv, lists/bridges-*.tsv and lists/darklist-*.tsv, each with a
 *   header naming the repository, path and commit read (see seed-list-file.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { allChainDetails } from '../chain/chain-details.ts';
import { LOCAL_NETWORK } from '../chain/networks.ts';
import { validateLabels, type AddressLabel, type LabelCategory } from './label-record.ts';
import { checkedAddress, parseSeedList, provenanceOf, SeedListError, type SeedList } from './seed-list-file.ts';
import {
  BRIDGES_SOURCE,
  CHAIN_DETAILS_SOURCE,
  DARKLIST_SOURCE,
  EXCHANGES_SOURCE,
  MIXERS_SOURCE,
  OFAC_SOURCE,
  SEED_DIR,
  type SeedFile,
} from './seed-labels.ts';

export interface BuildOptions {
  /** The SDN list as downloaded from treasury.gov (CSV or XML); default: the committed extraction. */
  readonly sdnFile?: string | undefined;
  /** YYYY-MM-DD to stamp on lists whose inputs carry no date of their own (a fresh SDN download). */
  readonly retrieved?: string | undefined;
  /** Where the source files are; default src/labels/seed/lists. */
  readonly listsDir?: string;
}

/** When the committed SDN extraction and the networks table were read into the seeds. */
const OFAC_EXTRACTION_DATE = '2026-11-25';
const NETWORKS_TABLE_DATE = '2026-11-25';

// "Digital Currency Address - ETH 0x…" in the CSV's remarks, <idNumber>0x…</idNumber> after an ETH idType in the XML.
const SDN_ETH = /Digital Currency Address - ETH\s*(?:<\/idType>\s*<idNumber>)?\s*(0x[0-9a-fA-F]{40})/g;

/** Keeps the first label of each address and network, in input order. */
function dedupe(labels: readonly AddressLabel[]): AddressLabel[] {
  const seen = new Set<string>();
  return labels.filter((l) => {
    const key = `${l.address}|${l.network}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function seed(file: Omit<SeedFile, 'labels'> & { labels: readonly AddressLabel[] }): SeedFile {
  return { ...file, labels: validateLabels(file.labels) }; // a seed that would not import is not built
}

function ofacSeed(options: BuildOptions, listsDir: string): SeedFile {
  let addresses: string[];
  let provenance: string;
  let retrieved: string;
  if (options.sdnFile) {
    if (!options.retrieved) throw new SeedListError('an SDN file needs --retrieved YYYY-MM-DD: the day it was downloaded');
    addresses = [...readFileSync(options.sdnFile, 'utf8').matchAll(SDN_ETH)].map((m) => m[1]!);
    provenance = `extracted by scripts/build-labels.ts from the SDN file ${options.sdnFile} (US Treasury, OFAC)`;
    retrieved = options.retrieved;
  } else {
    addresses = readFileSync(join(listsDir, 'ofac-sdn-eth.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
    provenance =
      'Not downloaded from treasury.gov by this build: the 150 addresses are the list sanctioned_addresses_ETH.txt of ' +
      'github.com/0xB10C/ofac-sanctioned-digital-currency-addresses at commit 695b693b09caca890efd69a585b9a391e37bd965 ' +
      '(that project extracts every "Digital Currency Address - ETH" of the SDN list), copied verbatim into ' +
      'src/labels/seed/lists/ofac-sdn-eth.txt on 2026-11-25. Rebuild from the official file with --sdn.';
    retrieved = OFAC_EXTRACTION_DATE;
  }
  const unique = [...new Set(addresses.map((a, i) => checkedAddress(a, `SDN address ${i + 1}`)))].sort();
  return seed({
    source: OFAC_SOURCE,
    url: 'https://www.treasury.gov/ofac/downloads/sdn.csv',
    retrieved,
    provenance,
    labels: unique.map((address) => ({
      address,
      network: '*',
      label: 'OFAC SDN list',
      category: 'sanctioned',
      source: OFAC_SOURCE,
      listedOn: retrieved,
    })),
  });
}

function dexSeed(): SeedFile {
  const labels: AddressLabel[] = [];
  for (const details of allChainDetails()) {
    if (details.symbol === LOCAL_NETWORK.symbol || details.chainId === null) continue;
    const base = { network: details.symbol, source: CHAIN_DETAILS_SOURCE, listedOn: NETWORKS_TABLE_DATE } as const;
    for (const d of details.dexes) {
      if (d.router) labels.push({ ...base, address: d.router.toLowerCase(), label: `${d.name} router`, category: 'dex' });
      if (d.factory) labels.push({ ...base, address: d.factory.toLowerCase(), label: `${d.name} factory`, category: 'dex' });
    }
    for (const l of details.lockers)
      labels.push({ ...base, address: l.address.toLowerCase(), label: `${l.provider} locker`, category: 'locker' });
  }
  return seed({
    source: CHAIN_DETAILS_SOURCE,
    url: 'src/chain/chain-details.ts',
    retrieved: NETWORKS_TABLE_DATE,
    provenance:
      "The DEX routers and factories and the lockers that scopeward's networks table already names per network (curated there from each project's documentation).",
    labels: dedupe(labels),
  });
}

/** The Tornado Cash pools: a hand-written header (two upstream repositories, see the file) and network/address/pool rows. */
function mixersSeed(listsDir: string): SeedFile {
  const name = 'tornado-cash-pools.tsv';
  const lines = readFileSync(join(listsDir, name), 'utf8').split('\n');
  const retrieved = /^# retrieved: (\d{4}-\d{2}-\d{2})$/m.exec(lines.join('\n'))?.[1];
  if (!retrieved) throw new SeedListError(`${name}: the header does not say when it was retrieved`);
  const provenance = lines
    .filter((l) => l.startsWith('# ') && !l.includes('\t') && !/^# [a-z]+: /.test(l))
    .map((l) => l.slice(2))
    .join(' ');
  return seed({
    source: MIXERS_SOURCE,
    url: 'https://docs.tornado.cash/general/tornado-cash-smart-contracts',
    retrieved,
    provenance,
    labels: lines
      .map((l, i) => [l, i + 1] as const)
      .filter(([l]) => l.trim() !== '' && !l.startsWith('#'))
      .map(([l, line]) => {
        const [network, address, pool] = l.split('\t');
        return {
          network: network!,
          address: checkedAddress(address ?? '', `${name} line ${line}`),
          label: `Tornado Cash ${pool} pool`,
          category: 'mixer',
          source: MIXERS_SOURCE,
          listedOn: retrieved,
        };
      }),
  });
}

function sourcesNamed(listsDir: string, prefix: string): SeedList[] {
  return readdirSync(listsDir)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.tsv'))
    .sort()
    .map((f) => parseSeedList(f, readFileSync(join(listsDir, f), 'utf8')));
}

const latest = (sources: readonly SeedList[]) =>
  sources
    .map((s) => s.fields.retrieved)
    .sort()
    .at(-1)!;

/**
 * Exchange wallets: only rows the explorers name after the exchange itself ("Binance 14",
 * "Kraken: Hot Wallet", "Binance: Hot Wallet 7", "Bitmart: Wallet 2"). A row named
 * otherwise (a token, a deployer) is refused, so the selection the headers describe
 * cannot drift.
 */
const EXCHANGE_WALLET_NAME = /^[^:]+?(?: \d+)?$|^[^:]+: (?:Hot )?Wallet(?: \d+)?$/;

function exchangesSeed(listsDir: string): SeedFile {
  const sources = sourcesNamed(listsDir, 'exchanges-');
  const labels: AddressLabel[] = [];
  for (const s of sources)
    for (const row of s.rows) {
      const name = row.values.label ?? '';
      if (!EXCHANGE_WALLET_NAME.test(name))
        throw new SeedListError(`${s.name} line ${row.line}: "${name}" is not an exchange wallet's name tag`);
      labels.push({
        address: row.values.address!.toLowerCase(),
        network: s.fields.network,
        label: `${name} (exchange wallet)`,
        category: 'exchange',
        source: EXCHANGES_SOURCE,
        listedOn: s.fields.retrieved,
      });
    }
  return seed({
    source: EXCHANGES_SOURCE,
    url: 'https://github.com/brianleect/etherscan-labels',
    retrieved: latest(sources),
    provenance: sources.map(provenanceOf).join(' | '),
    labels: dedupe(labels),
  });
}

function bridgesSeed(listsDir: string): SeedFile {
  const sources = sourcesNamed(listsDir, 'bridges-');
  const labels = sources.flatMap((s) =>
    s.rows.map((row): AddressLabel => ({
      address: row.values.address!.toLowerCase(),
      network: s.fields.network,
      label: row.values.label ?? '',
      category: 'bridge',
      source: BRIDGES_SOURCE,
      listedOn: s.fields.retrieved,
    })),
  );
  return seed({
    source: BRIDGES_SOURCE,
    url: 'https://github.com/dawsbot/eth-labels',
    retrieved: latest(sources),
    provenance: sources.map(provenanceOf).join(' | '),
    labels: dedupe(labels),
  });
}

/** The darklist writes dates as YYYY-MM-DD, M/D/YY or not at all. */
function darklistDate(raw: string, retrieved: string, where: string): string {
  if (raw === '') return retrieved;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(raw);
  if (us) return `20${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  throw new SeedListError(`${where}: date "${raw}" is neither YYYY-MM-DD nor M/D/YY`);
}

function darklistSeed(listsDir: string): SeedFile {
  const sources = sourcesNamed(listsDir, 'darklist-');
  const labels = sources.flatMap((s) =>
    s.rows.map((row): AddressLabel => {
      const comment = row.values.comment ?? '';
      const category: LabelCategory = /exploit/i.test(comment) ? 'exploit' : 'phishing';
      return {
        address: row.values.address!.toLowerCase(),
        network: s.fields.network,
        label: comment,
        category,
        source: DARKLIST_SOURCE,
        listedOn: darklistDate(row.values.date ?? '', s.fields.retrieved, `${s.name} line ${row.line}`),
      };
    }),
  );
  return seed({
    source: DARKLIST_SOURCE,
    url: 'https://github.com/MyEtherWallet/ethereum-lists',
    retrieved: latest(sources),
    provenance: sources.map(provenanceOf).join(' | '),
    labels: dedupe(labels),
  });
}

/** Every seed file by name, in the order they are imported. */
export function buildSeeds(options: BuildOptions = {}): Map<string, SeedFile> {
  const dir = options.listsDir ?? join(SEED_DIR, 'lists');
  return new Map([
    ['ofac-sdn.json', ofacSeed(options, dir)],
    ['dex-and-lockers.json', dexSeed()],
    ['mixers.json', mixersSeed(dir)],
    ['exchanges.json', exchangesSeed(dir)],
    ['bridges.json', bridgesSeed(dir)],
    ['darklist.json', darklistSeed(dir)],
  ]);
}

/** The text a seed file is written as (and compared as). */
export function seedText(file: SeedFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
