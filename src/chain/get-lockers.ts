/**
 * Locks of a token and of its LP tokens in the lock contracts of three providers
 * (PinkLock v2, UNCX/Unicrypt V2 liquidity locker, Team Finance), as records in the
 * spec's lockers shape. Two round trips: counts/ids, then the locks.
 */
import { decodeFunctionResult, encodeFunctionData, formatUnits, getAddress, parseAbi, type Address } from 'viem';
import type { LockerRef, LockProvider } from './chain-details.ts';
import type { ChainClient } from './create-chain-client.ts';
import { toChainError } from './chain-errors.ts';
import { decodeUint } from './decode.ts';
import { readMany, type RawCall, type RawResult } from './read-many.ts';

export interface LockRecord {
  readonly address: string;
  readonly beneficial: string;
  readonly createdAt: string | null;
  readonly unlockedAt: string;
  readonly totalAmountLocked: number;
  readonly currentAmountLocked: number;
  readonly withdrawableAmount: number;
  readonly vest: boolean;
  readonly vestMode: 'linear' | 'varying';
  readonly vestCliff: string;
  readonly vestCliffAmount: number;
  readonly vestAmount: number;
  /** Seconds between vesting releases (0 without vesting). */
  readonly vestPeriod: number;
  readonly provider: LockProvider;
  readonly type: 'token' | 'lpv2' | 'lpv3';
  /** The locked token (the token itself or one of its pairs). */
  readonly token: string;
}

export interface LockTarget {
  readonly address: string;
  readonly type: 'token' | 'lpv2' | 'lpv3';
  readonly decimals: number;
}

export interface GetLockersParameters {
  /** The token and its pools: every address whose locks count. */
  readonly targets: readonly LockTarget[];
  /** Chain time in seconds (latest block) for withdrawable amounts; read when omitted. */
  readonly now?: number;
}

export const pinkLockAbi = parseAbi([
  'struct Lock { uint256 id; address token; address owner; uint256 amount; uint256 lockDate; uint256 tgeDate; uint256 tgeBps; uint256 cycle; uint256 cycleBps; uint256 unlockedAmount; string description; }',
  'function totalLockCountForToken(address token) view returns (uint256)',
  'function getLocksForToken(address token, uint256 start, uint256 end) view returns (Lock[])',
]);
export const unicryptAbi = parseAbi([
  'function getNumLocksForToken(address lpToken) view returns (uint256)',
  'function tokenLocks(address lpToken, uint256 index) view returns (uint256 lockDate, uint256 amount, uint256 initialAmount, uint256 unlockDate, uint256 lockID, address owner)',
]);
export const teamFinanceAbi = parseAbi([
  'function getDepositsByTokenAddress(address token) view returns (uint256[])',
  'function lockedToken(uint256 id) view returns (address tokenAddress, address withdrawalAddress, uint256 tokenAmount, uint256 unlockTime, bool withdrawn)',
]);

/** At most this many locks per token and provider are read. */
const MAX_LOCKS = 50;

const iso = (seconds: bigint | number): string => new Date(Number(seconds) * 1000).toISOString();

function countCall(locker: LockerRef, target: LockTarget): RawCall | null {
  const token = target.address as Address;
  switch (locker.provider) {
    case 'pinklock':
      return {
        target: locker.address,
        callData: encodeFunctionData({ abi: pinkLockAbi, functionName: 'totalLockCountForToken', args: [token] }),
      };
    case 'unicrypt':
      // The UNCX V2 locker holds LP tokens only.
      return target.type === 'lpv2'
        ? { target: locker.address, callData: encodeFunctionData({ abi: unicryptAbi, functionName: 'getNumLocksForToken', args: [token] }) }
        : null;
    case 'teamfinance':
      return {
        target: locker.address,
        callData: encodeFunctionData({ abi: teamFinanceAbi, functionName: 'getDepositsByTokenAddress', args: [token] }),
      };
  }
}

interface Pending {
  readonly locker: LockerRef;
  readonly target: LockTarget;
  readonly calls: RawCall[];
}

function lockCalls(locker: LockerRef, target: LockTarget, first: RawResult | undefined): Pending | null {
  if (!first?.success) return null;
  const token = target.address as Address;
  const calls: RawCall[] = [];
  if (locker.provider === 'teamfinance') {
    let ids: readonly bigint[];
    try {
      ids = decodeFunctionResult({ abi: teamFinanceAbi, functionName: 'getDepositsByTokenAddress', data: first.returnData });
    } catch {
      return null;
    }
    for (const id of ids.slice(0, MAX_LOCKS))
      calls.push({
        target: locker.address,
        callData: encodeFunctionData({ abi: teamFinanceAbi, functionName: 'lockedToken', args: [id] }),
      });
  } else {
    const count = Number(decodeUint(first) ?? 0n);
    if (count === 0) return null;
    const n = Math.min(count, MAX_LOCKS);
    if (locker.provider === 'pinklock') {
      calls.push({
        target: locker.address,
        callData: encodeFunctionData({ abi: pinkLockAbi, functionName: 'getLocksForToken', args: [token, 0n, BigInt(n - 1)] }),
      });
    } else {
      for (let i = 0; i < n; i++)
        calls.push({
          target: locker.address,
          callData: encodeFunctionData({ abi: unicryptAbi, functionName: 'tokenLocks', args: [token, BigInt(i)] }),
        });
    }
  }
  return calls.length > 0 ? { locker, target, calls } : null;
}

function decodeLocks(p: Pending, results: readonly (RawResult | undefined)[], now: number): LockRecord[] {
  const units = (raw: bigint) => Number(formatUnits(raw, p.target.decimals));
  const base = {
    address: getAddress(p.locker.address),
    provider: p.locker.provider,
    type: p.target.type,
    token: getAddress(p.target.address),
  };
  const records: LockRecord[] = [];
  for (const r of results) {
    if (!r?.success) continue;
    try {
      if (p.locker.provider === 'pinklock') {
        const locks = decodeFunctionResult({ abi: pinkLockAbi, functionName: 'getLocksForToken', data: r.returnData });
        for (const l of locks) {
          const vest = l.cycle > 0n;
          const released =
            BigInt(now) < l.tgeDate
              ? 0n
              : !vest
                ? l.amount
                : (() => {
                    const cycles = (BigInt(now) - l.tgeDate) / l.cycle;
                    const vested = (l.amount * l.tgeBps) / 10_000n + (l.amount * l.cycleBps * cycles) / 10_000n;
                    return vested > l.amount ? l.amount : vested;
                  })();
          records.push({
            ...base,
            beneficial: getAddress(l.owner),
            createdAt: iso(l.lockDate),
            unlockedAt: iso(vest ? l.tgeDate + ((10_000n - l.tgeBps + l.cycleBps - 1n) / l.cycleBps) * l.cycle : l.tgeDate),
            totalAmountLocked: units(l.amount),
            currentAmountLocked: units(l.amount - l.unlockedAmount),
            withdrawableAmount: units(released > l.unlockedAmount ? released - l.unlockedAmount : 0n),
            vest,
            vestMode: 'linear',
            vestCliff: iso(l.tgeDate),
            vestCliffAmount: units(vest ? (l.amount * l.tgeBps) / 10_000n : l.amount),
            vestAmount: units(vest ? (l.amount * l.cycleBps) / 10_000n : 0n),
            vestPeriod: Number(l.cycle),
          });
        }
      } else if (p.locker.provider === 'unicrypt') {
        const [lockDate, amount, initialAmount, unlockDate, , owner] = decodeFunctionResult({
          abi: unicryptAbi,
          functionName: 'tokenLocks',
          data: r.returnData,
        });
        records.push({
          ...base,
          beneficial: getAddress(owner),
          createdAt: iso(lockDate),
          unlockedAt: iso(unlockDate),
          totalAmountLocked: units(initialAmount),
          currentAmountLocked: units(amount),
          withdrawableAmount: BigInt(now) >= unlockDate ? units(amount) : 0,
          vest: false,
          vestMode: 'linear',
          vestCliff: iso(unlockDate),
          vestCliffAmount: units(initialAmount),
          vestAmount: 0,
          vestPeriod: 0,
        });
      } else {
        const [, withdrawalAddress, tokenAmount, unlockTime, withdrawn] = decodeFunctionResult({
          abi: teamFinanceAbi,
          functionName: 'lockedToken',
          data: r.returnData,
        });
        records.push({
          ...base,
          beneficial: getAddress(withdrawalAddress),
          createdAt: null, // Team Finance keeps no lock date on chain
          unlockedAt: iso(unlockTime),
          totalAmountLocked: units(tokenAmount),
          currentAmountLocked: withdrawn ? 0 : units(tokenAmount),
          withdrawableAmount: !withdrawn && BigInt(now) >= unlockTime ? units(tokenAmount) : 0,
          vest: false,
          vestMode: 'linear',
          vestCliff: iso(unlockTime),
          vestCliffAmount: units(tokenAmount),
          vestAmount: 0,
          vestPeriod: 0,
        });
      }
    } catch {
      // A contract at a locker address that answers something else: skip that answer.
    }
  }
  return records;
}

/**
 * Reads the locks of the given token and LP tokens from the network's lockers.
 *
 * @example
 * const locks = await getLockers(client, { targets: [{ address: token, type: 'token', decimals: 18 }, { address: pair, type: 'lpv2', decimals: 18 }] });
 */
export async function getLockers(client: ChainClient, parameters: GetLockersParameters): Promise<LockRecord[]> {
  const lockers = client.details.lockers;
  if (lockers.length === 0 || parameters.targets.length === 0) return [];
  try {
    const probes = lockers.flatMap((locker) => parameters.targets.map((target) => ({ locker, target, call: countCall(locker, target) })));
    const withCalls = probes.filter((p): p is typeof p & { call: RawCall } => p.call !== null);
    const [firsts, now] = await Promise.all([
      readMany(
        client,
        withCalls.map((p) => p.call),
      ),
      parameters.now !== undefined ? Promise.resolve(parameters.now) : client.public.getBlock().then((b) => Number(b.timestamp)),
    ]);
    const pending = withCalls.flatMap((p, i) => lockCalls(p.locker, p.target, firsts[i]) ?? []);
    const results = await readMany(
      client,
      pending.flatMap((p) => p.calls),
    );
    let cursor = 0;
    return pending.flatMap((p) => {
      const slice = results.slice(cursor, cursor + p.calls.length);
      cursor += p.calls.length;
      return decodeLocks(p, slice, now);
    });
  } catch (error) {
    throw toChainError(error, { network: client.network, reader: 'getLockers' });
  }
}
