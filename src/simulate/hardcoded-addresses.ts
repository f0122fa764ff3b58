/**
 * Tokens often hard-code the DEX router, factory, wrapped native token or a stablecoin of
 * the chain they were written for; on a fresh chain those addresses hold no code and the
 * constructor's call to them reverts. Each address literal of the source that is a known
 * DEX or token on any network (chain details), or that the code around it names as one, is
 * given the simulation chain's contract code: the router's code (its factory and WETH are
 * immutables, so the copy trades on our pools), the factory's, or WETH9 (a working ERC-20)
 * for wrapped natives and stablecoins.
 */
import { getAddress, type Address, type Hex } from 'viem';
import { allChainDetails } from '../chain/chain-details.ts';
import type { DexChain } from './deploy-dex.ts';

export type HardcodedRole = 'router' | 'factory' | 'wrapped' | 'stablecoin';

export interface HardcodedPlacement {
  readonly address: Address;
  readonly role: HardcodedRole;
  /** How the role was known: `known address` or the words around the literal. */
  readonly via: string;
}

let known: Map<string, HardcodedRole> | undefined;

function knownAddresses(): Map<string, HardcodedRole> {
  if (known) return known;
  known = new Map();
  for (const d of allChainDetails()) {
    if (d.symbol === 'LOCAL') continue;
    for (const dex of d.dexes) {
      if (dex.version !== 'v2') continue;
      known.set(dex.router.toLowerCase(), 'router');
      known.set(dex.factory.toLowerCase(), 'factory');
    }
    if (d.wrappedNative) known.set(d.wrappedNative.address.toLowerCase(), 'wrapped');
    for (const s of d.stablecoins) known.set(s.address.toLowerCase(), 'stablecoin');
  }
  return known;
}

const LITERAL = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g;

function roleFromContext(context: string): HardcodedRole | null {
  if (/router/i.test(context)) return 'router';
  if (/factory/i.test(context)) return 'factory';
  if (/\b(i?weth|i?wbnb|wrapped|wavax|wftm|wmatic|weth9)\b|weth|wbnb/i.test(context)) return 'wrapped';
  if (/usdt|usdc|busd|\bdai\b|stable/i.test(context)) return 'stablecoin';
  return null;
}

/** The address literals of the sources that look like a DEX or a token, with their role. */
export function hardcodedAddresses(sources: Readonly<Record<string, string>>): HardcodedPlacement[] {
  const out = new Map<string, HardcodedPlacement>();
  for (const content of Object.values(sources)) {
    for (const match of content.matchAll(LITERAL)) {
      const lower = match[0].toLowerCase();
      if (out.has(lower) || /^0x0{40}$/.test(lower) || /^0x0{30}/.test(lower)) continue;
      const byAddress = knownAddresses().get(lower);
      const start = match.index ?? 0;
      // The line up to the literal: `IUniswapV2Router02 router = IUniswapV2Router02(0x…)`.
      const lineStart = content.lastIndexOf('\n', start) + 1;
      const context = content.slice(Math.max(lineStart, start - 120), start);
      const role = byAddress ?? roleFromContext(context);
      if (!role) continue;
      out.set(lower, { address: getAddress(lower), role, via: byAddress ? 'known address' : `named in "${context.trim().slice(-60)}"` });
    }
  }
  return [...out.values()];
}

/** Gives each placement the code of the simulation chain's contract of its role (skipping addresses that hold code). */
export async function placeHardcodedContracts(chain: DexChain, placements: readonly HardcodedPlacement[]): Promise<HardcodedPlacement[]> {
  const request = (method: string, params: unknown[]) => chain.provider.request({ method, params });
  const codeOf: Record<HardcodedRole, Address> = {
    router: chain.router,
    factory: chain.factory,
    wrapped: chain.weth,
    stablecoin: chain.weth,
  };
  const placed: HardcodedPlacement[] = [];
  for (const p of placements) {
    if (((await request('eth_getCode', [p.address, 'latest'])) as Hex) !== '0x') continue;
    const code = (await request('eth_getCode', [codeOf[p.role], 'latest'])) as Hex;
    await request('hardhat_setCode', [p.address, code]);
    placed.push(p);
  }
  return placed;
}
