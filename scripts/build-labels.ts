/**
 * Rebuilds the shipped seed label files under src/labels/seed/ from their sources:
 *
 * - ofac-sdn.json: the Ethereum-format addresses of the US Treasury's SDN list. Input is
 *   either the list itself (`--sdn sdn.csv` or `--sdn sdn.xml`, downloaded from
 *   https://www.treasury.gov/ofac/downloads/) or, by default, the committed extraction in
 *   src/labels/seed/sources/ofac-sdn-eth.txt (see its provenance in ofac-sdn.json).
 * - dex-and-lockers.json: the DEX routers and factories and the token lockers of the
 *   networks table (src/spec/chain-details.ts), labelled per network.
 * - mixers.json: mixer contracts from src/labels/seed/sources/*.tsv (network, address, what;
 *   each file's header says where its rows come from).
 *
 * Usage: node --import tsx scripts/build-labels.ts [--sdn FILE] [--retrieved YYYY-MM-DD]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { allChainDetails } from '../src/spec/chain-details.ts';
import { LOCAL_NETWORK } from '../src/spec/networks.ts';
import { validateLabels, type AddressLabel } from '../src/labels/label-record.ts';
import { SEED_DIR, OFAC_SOURCE, CHAIN_DETAILS_SOURCE, MIXERS_SOURCE, type SeedFile } from '../src/labels/seed-labels.ts';

const { values } = parseArgs({ options: { sdn: { type: 'string' }, retrieved: { type: 'string' } } });
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// "Digital Currency Address - ETH 0x…" in the CSV's remarks, <idNumber>0x…</idNumber> after an ETH idType in the XML.
const SDN_ETH = /Digital Currency Address - ETH\s*(?:<\/idType>\s*<idNumber>)?\s*(0x[0-9a-fA-F]{40})/g;

function ofacAddresses(): { addresses: string[]; provenance: string } {
  if (values.sdn) {
    const text = readFileSync(values.sdn, 'utf8');
    const addresses = [...text.matchAll(SDN_ETH)].map((m) => m[1]!);
    return { addresses, provenance: `extracted by scripts/build-labels.ts from the SDN file ${values.sdn} (US Treasury, OFAC)` };
  }
  const file = join(SEED_DIR, 'sources', 'ofac-sdn-eth.txt');
  const addresses = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return {
    addresses,
    provenance:
      'Not downloaded from treasury.gov by this build: the 150 addresses are the list sanctioned_addresses_ETH.txt of ' +
      'github.com/0xB10C/ofac-sanctioned-digital-currency-addresses at commit 695b693b09caca890efd69a585b9a391e37bd965 ' +
      '(that project extracts every "Digital Currency Address - ETH" of the SDN list), copied verbatim into ' +
      'src/labels/seed/sources/ofac-sdn-eth.txt on 2026-11-25. Rebuild from the official file with --sdn.',
  };
}

function write(name: string, seed: SeedFile): void {
  validateLabels(seed.labels); // a seed that would not import is not written
  writeFileSync(join(SEED_DIR, name), `${JSON.stringify(seed, null, 1)}\n`);
  process.stdout.write(`wrote src/labels/seed/${name}: ${seed.labels.length} labels\n`);
}

const retrieved = values.retrieved ?? new Date().toISOString().slice(0, 10);
const ofac = ofacAddresses();
const unique = [...new Map(ofac.addresses.map((a) => [a.toLowerCase(), a])).keys()].sort();
write('ofac-sdn.json', {
  source: OFAC_SOURCE,
  url: 'https://www.treasury.gov/ofac/downloads/sdn.csv',
  retrieved,
  provenance: ofac.provenance,
  labels: unique.map((address) => ({
    address,
    network: '*',
    label: 'OFAC SDN list',
    category: 'sanctioned',
    source: OFAC_SOURCE,
    listedOn: retrieved,
  })),
});

const dex: AddressLabel[] = [];
const seen = new Set<string>();
const add = (label: AddressLabel) => {
  const key = `${label.address}|${label.network}`;
  if (seen.has(key)) return;
  seen.add(key);
  dex.push(label);
};
for (const details of allChainDetails()) {
  if (details.symbol === LOCAL_NETWORK.symbol || details.chainId === null) continue;
  const base = { network: details.symbol, source: CHAIN_DETAILS_SOURCE, listedOn: retrieved } as const;
  for (const d of details.dexes) {
    if (d.router) add({ ...base, address: d.router.toLowerCase(), label: `${d.name} router`, category: 'dex' });
    if (d.factory) add({ ...base, address: d.factory.toLowerCase(), label: `${d.name} factory`, category: 'dex' });
  }
  for (const l of details.lockers) add({ ...base, address: l.address.toLowerCase(), label: `${l.provider} locker`, category: 'locker' });
}
write('dex-and-lockers.json', {
  source: CHAIN_DETAILS_SOURCE,
  url: 'src/spec/chain-details.ts',
  retrieved,
  provenance:
    "The DEX routers and factories and the lockers that scopeward's networks table already names per network (curated there from each project's documentation).",
  labels: dex,
});

// Mixers: one source file per project, its provenance in its header comment.
const tornadoFile = join(SEED_DIR, 'sources', 'tornado-cash-pools.tsv');
const tornadoLines = readFileSync(tornadoFile, 'utf8').split('\n');
const tornadoProvenance = tornadoLines
  .filter((l) => l.startsWith('# ') && !l.startsWith('# network'))
  .map((l) => l.slice(2))
  .join(' ');
write('mixers.json', {
  source: MIXERS_SOURCE,
  url: 'https://docs.tornado.cash/general/tornado-cash-smart-contracts',
  retrieved,
  provenance: tornadoProvenance,
  labels: tornadoLines
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => {
      const [network, address, pool] = l.split('\t');
      return {
        network: network!,
        address: address!.toLowerCase(),
        label: `Tornado Cash ${pool} pool`,
        category: 'mixer',
        source: MIXERS_SOURCE,
        listedOn: retrieved,
      };
    }),
});
void root;
