/**
 * The label lists shipped with the service (src/labels/seed/, rebuilt by
 * scripts/build-labels.ts) and the devnet's own labels. A seed is imported once: when no
 * label of its source is stored yet, so an operator's removals stay removed.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { LOCAL_NETWORK } from '../chain/networks.ts';
import { validateLabels, type AddressLabel } from './label-record.ts';
import { hasSource, upsertLabels } from './label-repository.ts';

export const SEED_DIR = join(dirname(fileURLToPath(import.meta.url)), 'seed');
export const OFAC_SOURCE = 'US Treasury OFAC SDN list';
export const CHAIN_DETAILS_SOURCE = 'scopeward networks table';
export const MIXERS_SOURCE = 'Tornado Cash documentation (classic pools)';
export const EXCHANGES_SOURCE = 'Block explorer exchange wallet name tags (public eth-labels exports)';
export const BRIDGES_SOURCE = 'Bridge contracts (explorer labels via eth-labels; Arbitrum and Optimism repositories)';
export const DARKLIST_SOURCE = 'MyEtherWallet darklist (ethereum-lists)';
export const DEVNET_SOURCE = 'scopeward devnet deployments';

export interface SeedFile {
  readonly source: string;
  readonly url: string;
  /** YYYY-MM-DD. */
  readonly retrieved: string;
  /** Where the entries came from, honestly (transcribed, extracted, copied). */
  readonly provenance: string;
  readonly labels: readonly AddressLabel[];
}

export const SEED_FILES = [
  'ofac-sdn.json',
  'dex-and-lockers.json',
  'mixers.json',
  'exchanges.json',
  'bridges.json',
  'darklist.json',
] as const;

export async function readSeed(name: string): Promise<SeedFile> {
  return JSON.parse(await readFile(join(SEED_DIR, name), 'utf8')) as SeedFile;
}

/** Imports every shipped seed whose source has no label stored yet; returns what was imported. */
export async function importSeeds(db: Kysely<Database>): Promise<Record<string, number>> {
  const imported: Record<string, number> = {};
  for (const name of SEED_FILES) {
    const seed = await readSeed(name);
    if (await hasSource(db, seed.source)) continue;
    imported[name] = (await upsertLabels(db, validateLabels(seed.labels))).imported;
  }
  return imported;
}

/** What the devnet deployed and what it is: the mixer, its DEX and its lockers (network LOCAL). */
export function devnetLabels(contracts: {
  readonly mixer: string;
  readonly router: string;
  readonly factory: string;
  readonly locker: string;
  readonly lpLocker: string;
  readonly vaultLocker: string;
}): AddressLabel[] {
  const base = { network: LOCAL_NETWORK.symbol, source: DEVNET_SOURCE, listedOn: '2025-01-01' } as const;
  return [
    { ...base, address: contracts.mixer.toLowerCase(), label: 'MixerPool (devnet mixer)', category: 'mixer' },
    { ...base, address: contracts.router.toLowerCase(), label: 'Uniswap V2 router (devnet)', category: 'dex' },
    { ...base, address: contracts.factory.toLowerCase(), label: 'Uniswap V2 factory (devnet)', category: 'dex' },
    { ...base, address: contracts.locker.toLowerCase(), label: 'Token locker (devnet)', category: 'locker' },
    { ...base, address: contracts.lpLocker.toLowerCase(), label: 'LP locker (devnet)', category: 'locker' },
    { ...base, address: contracts.vaultLocker.toLowerCase(), label: 'Token vault (devnet)', category: 'locker' },
  ];
}
