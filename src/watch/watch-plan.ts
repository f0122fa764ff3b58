/**
 * What the follower reads for one watched EVM token, built from the scan's own model of it:
 * the owner (owner() and the owner-like variables of the storage layout), the EIP-1967
 * implementation and admin slots, every state variable the analysis ties to a power (its
 * storage slot from the compiler's layout; a mapping's entries for the pair, the router and
 * a recorded holder), the total supply, the pool's LP supply, and the lockers' unlock times.
 * Pure: the inputs are read elsewhere (src/watch/watch-service.ts).
 */
import { encodeAbiParameters, keccak256, type Hex } from 'viem';
import type { WatchEventKind } from '../interface/schemas/watches.ts';
import type { StorageEntry } from '../compile/compile-solidity.ts';
import type { TokenPowerKind, TokenPowersOfContract } from '../analysis/token-powers.ts';

export type ValueRead =
  | { readonly type: 'storage'; readonly address: string; readonly slot: Hex; readonly offset: number; readonly bytes: number }
  | { readonly type: 'call'; readonly address: string; readonly data: Hex };

/** How a read value is written down (values are kept as strings: addresses, decimal integers, booleans). */
export type ValueFormat = 'address' | 'uint' | 'int' | 'bool';

export interface WatchedValue {
  /** Unique within the watch, e.g. `owner()`, `slot:feeBps`, `map:isBlacklisted[pair]`. */
  readonly key: string;
  readonly kind: Exclude<WatchEventKind, 'lock-expiring' | 'lock-expired' | 'verdict-changed' | 'retracted' | `solana-${string}`>;
  /** The words an alert uses for it: "fee (feeBps)", "blacklist entry of the pair". */
  readonly label: string;
  readonly read: ValueRead;
  readonly format: ValueFormat;
}

export interface WatchedLock {
  readonly key: string;
  readonly label: string;
  /** ISO time the lock opens. */
  readonly unlockAt: string;
}

export interface WatchPlan {
  readonly values: readonly WatchedValue[];
  /**
   * True when the token's storage layout is unknown (bytecode only): the owner's own calls
   * to the token are watched instead (any call but the ERC-20 ones), and each re-runs the
   * simulation, so a power the code hides (a blacklist setter) still shows in the verdict.
   */
  readonly ownerCalls?: boolean;
  readonly locks: readonly WatchedLock[];
  /** Why part of the token is not watched (unverified code, no pool…); null when all of it is. */
  readonly note: string | null;
}

/** Selectors of the views read by call. */
export const SELECTORS = {
  owner: '0x8da5cb5b',
  totalSupply: '0x18160ddd',
} as const satisfies Record<string, Hex>;

/** EIP-1967: bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1), and the admin's. */
export const EIP1967_IMPLEMENTATION_SLOT: Hex = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
export const EIP1967_ADMIN_SLOT: Hex = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';

export interface PlanInput {
  readonly token: string;
  /** Whether the scan read the contract as a proxy. */
  readonly proxy: boolean;
  /** The compiler's storage layout of the token's contract (the implementation's, for a proxy); empty when unverified. */
  readonly storage: readonly StorageEntry[];
  /** The analysis's powers of the token's contract; null when the code was not analysed from source. */
  readonly powers: TokenPowersOfContract | null;
  /** The pair the scan found (its LP supply is watched). */
  readonly pair: string | null;
  /** Keys of the address mappings: the pair, the router and a recorded holder. */
  readonly accounts: readonly { readonly name: string; readonly address: string }[];
  readonly locks: readonly { readonly address: string; readonly type: string; readonly unlockAt: string }[];
  /** Why the source could not be used, when it could not. */
  readonly sourceNote: string | null;
}

const POWER_WORDS: Readonly<Record<TokenPowerKind, string>> = {
  authority: 'authority',
  pause: 'pause switch',
  'trading-switch': 'trading switch',
  blacklist: 'blacklist',
  whitelist: 'exemption list',
  'set-fees': 'fee',
  'max-tx': 'limit',
  cooldown: 'cooldown',
  mint: 'supply',
  'balance-change': 'balances',
  'transfer-rule': 'transfer rule',
};

/** Bytes a value type takes in its slot, and how it is written down; undefined for types not read (strings, arrays, structs). */
export function valueType(type: string): { bytes: number; format: ValueFormat } | undefined {
  if (type === 't_bool') return { bytes: 1, format: 'bool' };
  if (type === 't_address' || type === 't_address_payable' || type.startsWith('t_contract(')) return { bytes: 20, format: 'address' };
  const uint = /^t_uint(\d+)$/.exec(type);
  if (uint) return { bytes: Number(uint[1]) / 8, format: 'uint' };
  const int = /^t_int(\d+)$/.exec(type);
  if (int) return { bytes: Number(int[1]) / 8, format: 'int' };
  if (type.startsWith('t_enum(')) return { bytes: 1, format: 'uint' };
  return undefined;
}

/** The slot of `mapping[key]` for an address key: keccak256(key . slot). */
export function mappingSlot(key: string, slot: string): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key as Hex, BigInt(slot)]));
}

function slotHex(slot: string): Hex {
  return `0x${BigInt(slot).toString(16).padStart(64, '0')}`;
}

/**
 * The storage read of a view that only returns a state variable (the analysis names it,
 * `powers.views`), where the layout has that variable with the type the view answers: the
 * same value as the call, decoded the same way (an address from the low 20 bytes, a uint
 * from the whole word), but a slot the follower folds into its batched reads instead of one
 * JSON-RPC item a token (src/watch/batched-reads.ts). Undefined: the view is called.
 */
function viewRead(input: PlanInput, token: string, view: 'owner' | 'totalSupply', format: ValueFormat): ValueRead | undefined {
  const variable = input.powers?.views?.[view];
  if (!variable) return undefined;
  const entry =
    input.storage.find((e) => e.label === variable.name && e.contract === variable.contract) ??
    input.storage.find((e) => e.label === variable.name);
  const type = entry ? valueType(entry.type) : undefined;
  // A uint view over a narrower variable (uint128) still reads as the same integer; an address only from an address.
  if (!entry || !type || type.format !== format) return undefined;
  return { type: 'storage', address: token, slot: slotHex(entry.slot), offset: entry.offset, bytes: type.bytes };
}

export function buildWatchPlan(input: PlanInput): WatchPlan {
  const values: WatchedValue[] = [];
  const seen = new Set<string>();
  const add = (value: WatchedValue) => {
    if (seen.has(value.key)) return;
    seen.add(value.key);
    values.push(value);
  };
  const token = input.token;
  add({
    key: 'owner()',
    kind: 'owner-changed',
    label: 'owner',
    read: viewRead(input, token, 'owner', 'address') ?? { type: 'call', address: token, data: SELECTORS.owner },
    format: 'address',
  });
  add({
    key: 'totalSupply()',
    kind: 'supply-changed',
    label: 'total supply',
    read: viewRead(input, token, 'totalSupply', 'uint') ?? { type: 'call', address: token, data: SELECTORS.totalSupply },
    format: 'uint',
  });
  add({
    key: 'eip1967:implementation',
    kind: 'implementation-changed',
    label: 'proxy implementation',
    read: { type: 'storage', address: token, slot: EIP1967_IMPLEMENTATION_SLOT, offset: 0, bytes: 20 },
    format: 'address',
  });
  add({
    key: 'eip1967:admin',
    kind: 'proxy-admin-changed',
    label: 'proxy admin',
    read: { type: 'storage', address: token, slot: EIP1967_ADMIN_SLOT, offset: 0, bytes: 20 },
    format: 'address',
  });
  if (input.pair)
    add({
      key: 'pair:totalSupply()',
      kind: 'liquidity-removed',
      label: 'LP tokens of the pool',
      read: { type: 'call', address: input.pair, data: SELECTORS.totalSupply },
      format: 'uint',
    });

  // Owner-like variables of the layout: who can act, read where the code keeps it.
  const byLabel = new Map(input.storage.map((entry) => [entry.label, entry]));
  for (const entry of input.storage) {
    const type = valueType(entry.type);
    if (type?.format !== 'address' || !/owner|admin/i.test(entry.label)) continue;
    add({
      key: `slot:${entry.label}`,
      kind: 'owner-changed',
      label: `owner variable ${entry.label}`,
      read: { type: 'storage', address: token, slot: slotHex(entry.slot), offset: entry.offset, bytes: type.bytes },
      format: type.format,
    });
  }

  // The variables the analysis ties to a power: what an owner call writes and a transfer reads.
  const ledger = input.powers?.ledger?.name;
  for (const power of input.powers?.powers ?? []) {
    if (power.kind === 'mint' || power.kind === 'balance-change') continue; // the supply and the ledger: watched as the total supply
    for (const name of power.writes) {
      const entry = byLabel.get(name);
      if (!entry || name === ledger) continue;
      const words = POWER_WORDS[power.kind];
      const scalar = valueType(entry.type);
      if (scalar) {
        add({
          key: `slot:${name}`,
          kind: power.kind === 'authority' ? 'owner-changed' : 'power-variable-changed',
          label: `${words} (${name})`,
          read: { type: 'storage', address: token, slot: slotHex(entry.slot), offset: entry.offset, bytes: scalar.bytes },
          format: scalar.format,
        });
        continue;
      }
      const mapping = /^t_mapping\(t_address,(.+)\)$/.exec(entry.type);
      const value = mapping ? valueType(mapping[1]!) : undefined;
      if (!value) continue;
      for (const account of input.accounts) {
        add({
          key: `map:${name}[${account.name}]`,
          kind: 'power-variable-changed',
          label: `${words} entry of the ${account.name} (${name}[${account.address}])`,
          read: { type: 'storage', address: token, slot: mappingSlot(account.address, entry.slot), offset: 0, bytes: value.bytes },
          format: value.format,
        });
      }
    }
  }

  const locks: WatchedLock[] = input.locks
    .filter((lock) => Number.isFinite(Date.parse(lock.unlockAt)))
    .map((lock, i) => ({
      key: `lock:${i}:${lock.address.toLowerCase()}:${lock.type}`,
      label: `${lock.type === 'token' ? 'token' : 'LP'} lock in ${lock.address}`,
      unlockAt: new Date(Date.parse(lock.unlockAt)).toISOString(),
    }));
  const notes = [input.sourceNote, input.pair ? null : 'no pool was found: liquidity is not watched'].filter(
    (n): n is string => n !== null,
  );
  return { values, locks, note: notes.length > 0 ? notes.join('; ') : null, ...(input.storage.length === 0 ? { ownerCalls: true } : {}) };
}
