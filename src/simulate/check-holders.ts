/**
 * Transfers from existing holders (Honeypot.is-style holder replay): a blacklist or a
 * freeze applied to people who already hold shows here, where a fresh buyer passes.
 * Holders come from the caller (the scan's top holders) or from recent Transfer logs.
 */
import { getAddress, parseAbiItem, encodeEventTopics, numberToHex, type Address, type Hex } from 'viem';
import type { EvmSession } from './evm-session.ts';
import { erc20Abi } from './simulation-abis.ts';
import type { HolderCheck, SimulationStep } from './simulation-types.ts';

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const SKIP = new Set(['0x0000000000000000000000000000000000000000', '0x000000000000000000000000000000000000dead']);

export interface CheckHoldersOptions {
  readonly holders?: readonly string[];
  /** Addresses that are not holders in the sense of people (pair, router, token, our own accounts). */
  readonly exclude: readonly Address[];
  readonly max: number;
  readonly lookbackBlocks: number;
}

export async function checkHolders(
  session: EvmSession,
  token: Address,
  options: CheckHoldersOptions,
  steps: SimulationStep[],
): Promise<HolderCheck[]> {
  const excluded = new Set([...SKIP, ...options.exclude.map((a) => a.toLowerCase()), token.toLowerCase()]);
  const candidates = options.holders
    ? options.holders.map((h) => getAddress(h))
    : await recentRecipients(session, token, options.lookbackBlocks);
  const checks: HolderCheck[] = [];
  for (const holder of candidates) {
    if (checks.length >= options.max) break;
    if (excluded.has(holder.toLowerCase())) continue;
    excluded.add(holder.toLowerCase());
    // Contracts (lockers, vaults) cannot send transactions of their own: people only.
    if ((await session.code(holder)) !== '0x') continue;
    const balance = await session.read<bigint>(token, erc20Abi, 'balanceOf', [holder], 'UNCAUGHT_ERROR');
    if (balance === 0n) continue;
    const amount = balance / 100n > 0n ? balance / 100n : balance;
    await session.impersonate(holder, 10n ** 22n);
    const to = await session.freshAccount(0n);
    const out = await session.sendCall(holder, token, erc20Abi, 'transfer', [to, amount]);
    steps.push({
      step: 'holder-transfer',
      ok: out.ok,
      description: `existing holder transfers 1% of its balance (${amount} raw units)`,
      from: holder,
      to: token,
      data: out.data,
      gasUsed: out.gasUsed,
      ...(out.ok ? {} : { reason: out.reason }),
    });
    checks.push({ holder, ok: out.ok, reason: out.reason });
  }
  return checks;
}

/** Recipients of the most recent transfers, newest first. */
async function recentRecipients(session: EvmSession, token: Address, lookbackBlocks: number): Promise<Address[]> {
  const latest = BigInt(await session.rpc<Hex>('eth_blockNumber'));
  const fromBlock = latest > BigInt(lookbackBlocks) ? latest - BigInt(lookbackBlocks) : 0n;
  const topics = encodeEventTopics({ abi: [transferEvent], eventName: 'Transfer' });
  const logs = await session.rpc<{ topics: Hex[] }[]>('eth_getLogs', [
    { address: token, topics, fromBlock: numberToHex(fromBlock), toBlock: numberToHex(latest) },
  ]);
  const seen = new Set<string>();
  const out: Address[] = [];
  for (const log of [...logs].reverse()) {
    const topic = log.topics[2];
    if (!topic) continue;
    const to = getAddress(`0x${topic.slice(26)}`);
    if (seen.has(to)) continue;
    seen.add(to);
    out.push(to);
  }
  return out;
}
