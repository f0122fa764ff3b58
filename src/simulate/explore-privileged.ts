/**
 * Owner powers found by what they do, not by how they are written (issue 27). After a
 * holder bought, every privileged address (the owner and deployer, every address the
 * contract holds in its state, the address literals of its source) calls every external,
 * state-changing function of the deployed token's ABI, whatever its name, with argument
 * sets derived from the parameter types and names; each call runs from a snapshot that is
 * reverted after, and what it did is observed: the holder's balance, the total supply and
 * the caller's balance, the holder's sells (1 %, 50 %, 100 %) and their tax, the owner,
 * the code. With no owner action at all: sells after 1 block, 1 hour, 1 day and 30 days,
 * and a buy from another fresh account. Every call is capped in gas (the session's cap)
 * and the whole exploration by a call budget and a wall budget; what was cut short is said.
 */
import {
  encodeFunctionData,
  getAddress,
  numberToHex,
  parseAbi,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Address,
  type Hex,
} from 'viem';
import type { StorageEntry } from '../compile/compile-solidity.ts';
import { encodeCall } from './bytecode-abi.ts';
import { RpcResponseError } from '../devnet/edr-provider.ts';
import type { EvmSession } from './evm-session.ts';
import type { FoundPool } from './find-pool.ts';
import { holderWithTokens } from './holder-with-tokens.ts';
import { taxPercent } from './measure-tax.ts';
import { erc20Abi, NO_DEADLINE, routerAbi } from './simulation-abis.ts';
import { EIP1967_IMPLEMENTATION_SLOT } from './chain-privileged.ts';

/** The address in a storage word, or `none` for an empty slot. */
function wordAddress(word: string): string {
  const hex = word.replace(/^0x/, '').padStart(64, '0').slice(-40);
  return /^0+$/.test(hex) ? 'none' : `0x${hex}`;
}

/** What one call (or the passing of time) was seen to do. */
export type EffectKind =
  | 'sell-blocked' // every sell of the holder fails after it
  | 'sell-limited' // a large sell fails, a small one passes (a per-transaction limit)
  | 'sell-tax-raised' // the holder's sell pays more tax than before
  | 'balance-lowered' // the holder's balance fell without the holder acting
  | 'minted' // the total supply or the caller's balance rose without payment
  | 'ownership-retrieved' // an owner appears again after renouncing
  | 'self-destructed' // the token's code is gone
  | 'code-replaced' // the proxy's implementation (EIP-1967) was swapped: every rule can change
  | 'delayed-sell-trap' // with no owner action, a sell fails after time passes
  | 'buy-restricted' // with no owner action, a second fresh account cannot buy
  | 'closed-until-opened'; // before the owner opened trading, a holder could not move its tokens (closed-until-opened.ts)

export interface ExplorationEffect {
  readonly kind: EffectKind;
  /** The function, e.g. `zq(address,uint8)`; '' for effects of time or of no action. */
  readonly signature: string;
  readonly function: string;
  /** The call as made, with readable arguments: `zq(holder, 1)`. */
  readonly call: string;
  /** Who called it (the owner, an address held in the contract's state, a literal). */
  readonly caller: Address | null;
  /** How that caller is privileged: `owner/deployer`, `state variable marketingWallet`, `literal in the source`. */
  readonly callerRole: string;
  /** A fresh account with no privilege could make the same call. */
  readonly anyone: boolean;
  /** The sentence stating what was seen. */
  readonly evidence: string;
  /** The new sell tax (percent) when it changed. */
  readonly sellTaxAfter: number | null;
  /** Whether the holder can no longer sell what it holds (or only a part of it). */
  readonly sellRestriction: boolean;
  readonly data: Hex | null;
  /** Where the function is written (its lines), null for effects of time or when not found in the sources. */
  readonly location: { readonly file: string; readonly range: readonly [number, number] } | null;
  /** The static analysis named this function as an owner power (set by the caller that ran the analysis). */
  readonly predicted?: boolean;
}

/** A static power the exploration could not show, with why. */
export interface UnprovenPower {
  readonly signature: string;
  readonly line: number | null;
  readonly why: string;
}

export interface ExplorationResult {
  readonly privileged: readonly { readonly address: Address; readonly role: string }[];
  /** Functions of the ABI that were explored (signatures). */
  readonly functions: readonly string[];
  readonly calls: number;
  /** Calls that executed and produced an observed effect. */
  readonly callsWithEffect: number;
  readonly effects: readonly ExplorationEffect[];
  /** Why the exploration stopped early ('' when it covered everything). */
  readonly cutShort: string;
  /** Functions left because a try ran to the gas cap (loops, gas bombs), with why. */
  readonly skipped?: readonly string[];
  readonly durationMs: number;
  /** Static powers no call showed an effect of (set by the caller that ran the analysis). */
  readonly unproven?: readonly UnprovenPower[];
  /** Contracts outside the source the token asks, stood in for to reach a trade (set by the caller that placed them). */
  readonly dependencies?: readonly { readonly address: string; readonly call: string; readonly evidence: string }[];
}

export interface ExploreContext {
  readonly session: EvmSession;
  readonly token: Address;
  readonly pool: FoundPool;
  /** The deployer (the owner at launch). */
  readonly owner: Address;
  readonly abi: Abi;
  /** The compiler's storage layout of the token (empty for compilers before 0.5.13). */
  readonly storage: readonly StorageEntry[];
  readonly sources: Readonly<Record<string, string>>;
  /** Sell tax at launch (percent), to tell a raised fee. */
  readonly baselineSellTax: number | null;
  /** At most this many executed calls (default 240). */
  readonly maxCalls?: number;
  /** At most this long in ms (default 6,000). */
  readonly wallMs?: number;
  /** Argument sets per function (default 8). */
  readonly choicesPerFunction?: number;
  /** How `owner` is privileged (default `owner/deployer`). */
  readonly ownerRole?: string;
  /** Privileged addresses read from chain state by the caller (fork mode: owner(), EIP-1967 admin, role holders). */
  readonly privileged?: readonly { readonly address: Address; readonly role: string }[];
}

/**
 * What a holder does with its own tokens, and the hand-over of ownership: not powers over
 * holders. Renouncing is exercised apart (it precedes the ownership-retrieval check).
 */
const HOLDER_FUNCTIONS = new Set([
  'transfer(address,uint256)',
  'approve(address,uint256)',
  'transferFrom(address,address,uint256)',
  'increaseAllowance(address,uint256)',
  'decreaseAllowance(address,uint256)',
  'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  'renounceOwnership()',
]);

const transferFromAbi = parseAbi(['function transferFrom(address, address, uint256) returns (bool)']);
const ownerAbi = parseAbi(['function owner() view returns (address)', 'function renounceOwnership()']);

/** An ABI function's signature: `name(type,…)` with tuples spelled out. */
export function signatureOf(f: AbiFunction): string {
  const typeOf = (p: AbiParameter): string =>
    p.type.startsWith('tuple')
      ? `(${((p as { components?: AbiParameter[] }).components ?? []).map(typeOf).join(',')})${p.type.slice(5)}`
      : p.type;
  return `${f.name}(${f.inputs.map(typeOf).join(',')})`;
}

/** The holder functions of the ABI but renouncing (explored apart, as the owner only). */
export function holderFunctions(abi: Abi): AbiFunction[] {
  return abi.filter(
    (item): item is AbiFunction =>
      item.type === 'function' && HOLDER_FUNCTIONS.has(signatureOf(item)) && item.name !== 'renounceOwnership' && item.name !== 'permit',
  );
}

/** The external, state-changing functions worth exploring, in ABI order. */
export function explorableFunctions(abi: Abi): AbiFunction[] {
  return abi.filter(
    (item): item is AbiFunction =>
      item.type === 'function' &&
      item.stateMutability !== 'view' &&
      item.stateMutability !== 'pure' &&
      !HOLDER_FUNCTIONS.has(signatureOf(item)),
  );
}

export interface Actors {
  readonly holder: Address;
  readonly pair: Address;
  readonly router: Address;
  readonly caller: Address;
  readonly supply: bigint;
}

interface Value {
  readonly value: unknown;
  readonly text: string;
}

const MAX_UINT256 = 2n ** 256n - 1n;

/**
 * Values for one parameter, most likely to change what a holder can do first. The name
 * only orders the values (a `fee` tries percentages first, a `router` the router); every
 * parameter still gets values of its type whatever it is called.
 */
export function parameterValues(p: AbiParameter, a: Actors): Value[] {
  const name = (p.name ?? '').toLowerCase();
  const t = p.type;
  if (t === 'address' || t === 'address payable') {
    const all: Value[] = [
      { value: a.holder, text: 'holder' },
      { value: a.pair, text: 'pair' },
      { value: a.router, text: 'router' },
      { value: a.caller, text: 'caller' },
      { value: '0x0000000000000000000000000000000000000000', text: 'zero' },
    ];
    const first = /router|spender/.test(name)
      ? 'router'
      : /pair|pool|lp|amm/.test(name)
        ? 'pair'
        : /^(to|_to|recipient|receiver)$|wallet|treasury|marketing|dev/.test(name)
          ? 'caller'
          : 'holder';
    return [...all.filter((v) => v.text === first), ...all.filter((v) => v.text !== first)];
  }
  if (t === 'address[]')
    return [
      { value: [a.holder], text: '[holder]' },
      { value: [a.pair], text: '[pair]' },
    ];
  if (t === 'bool')
    return [
      { value: true, text: 'true' },
      { value: false, text: 'false' },
    ];
  const int = /^(u?)int(\d*)$/.exec(t);
  if (int) {
    const bits = BigInt(int[2] || 256);
    const cap = int[1] === 'u' ? 2n ** bits - 1n : 2n ** (bits - 1n) - 1n;
    const percent = [99n, 100n, 25n, 10_000n, 9_900n, 0n];
    const limit = [0n, 1n, a.supply / 1000n, cap];
    const time = [10n ** 9n, 86_400n * 30n, 0n];
    const generic = [1n, 0n, 99n, 100n, 10_000n, a.supply, cap, 2n, 25n];
    const ordered = /fee|tax|rate|percent|bps|basis|share|burn|liquidity|marketing|dev|reward/.test(name)
      ? percent
      : /max|limit|cap|amount|value|threshold|min/.test(name)
        ? limit
        : /time|delay|cool|block|period|interval|second|duration|lock|deadline/.test(name)
          ? time
          : generic;
    const out: Value[] = [];
    for (const n of [...ordered, ...generic]) {
      if (n > cap || out.some((v) => v.value === n)) continue;
      out.push({ value: n, text: n === cap && cap === MAX_UINT256 ? 'max' : n === a.supply ? 'supply' : String(n) });
    }
    return out;
  }
  if (/^u?int\d*\[\]$/.test(t))
    return [
      { value: [99n], text: '[99]' },
      { value: [], text: '[]' },
    ];
  if (t === 'bool[]') return [{ value: [true], text: '[true]' }];
  if (t === 'string') return [{ value: '', text: '""' }];
  if (t === 'bytes') return [{ value: '0x', text: '0x' }];
  const fixed = /^bytes(\d+)$/.exec(t);
  if (fixed) return [{ value: `0x${'00'.repeat(Number(fixed[1]))}`, text: '0x0…' }];
  return [];
}

/** Argument sets for a function: the values of every parameter varied together first, then a bounded product. */
export function argumentSets(f: AbiFunction, a: Actors, max: number): { args: unknown[]; text: string }[] {
  const perParam = f.inputs.map((p) => parameterValues(p, a));
  if (perParam.some((v) => v.length === 0)) return [];
  const out: { args: unknown[]; text: string }[] = [];
  const seen = new Set<string>();
  const push = (picked: Value[]) => {
    const text = picked.map((v) => v.text).join(', ');
    if (seen.has(text) || out.length >= max) return;
    seen.add(text);
    out.push({ args: picked.map((v) => v.value), text });
  };
  const longest = Math.max(1, ...perParam.map((v) => v.length));
  for (let i = 0; i < longest && out.length < max; i++) push(perParam.map((v) => v[Math.min(i, v.length - 1)]!));
  // Then the first parameter fixed on its first value (the holder, usually) with the others varied.
  const product = (index: number, acc: Value[]): void => {
    if (out.length >= max) return;
    if (index === perParam.length) return push(acc);
    for (const v of perParam[index]!) product(index + 1, [...acc, v]);
  };
  product(0, []);
  return out;
}

/** Every address the contract holds in its state: by the storage layout, else by reading the first slots. */
export async function addressesInState(
  session: EvmSession,
  token: Address,
  storage: readonly StorageEntry[],
): Promise<{ address: Address; role: string }[]> {
  const out: { address: Address; role: string }[] = [];
  const word = async (slot: bigint) =>
    (await session.rpc<Hex>('eth_getStorageAt', [token, numberToHex(slot, { size: 32 }), 'latest'])).slice(2).padStart(64, '0');
  const addressTyped = storage.filter((e) => /^t_(address|address_payable|contract\()/.test(e.type));
  if (storage.length > 0) {
    for (const e of addressTyped.slice(0, 48)) {
      const w = await word(BigInt(e.slot));
      // Packed variables: `offset` bytes from the right end of the slot.
      const end = 64 - e.offset * 2;
      const hex = w.slice(end - 40, end);
      if (/^0{40}$/.test(hex)) continue;
      out.push({ address: getAddress(`0x${hex}`), role: `state variable ${e.label}` });
    }
    return out;
  }
  // No layout (compilers before 0.5.13): a word whose upper 12 bytes are zero and whose
  // lower 20 look like an address (not a small number) is taken as one.
  for (let slot = 0n; slot < 40n; slot++) {
    const w = await word(slot);
    if (!/^0{24}/.test(w)) continue;
    const value = BigInt(`0x${w}`);
    if (value < 2n ** 128n) continue;
    out.push({ address: getAddress(`0x${w.slice(24)}`), role: `storage slot ${slot}` });
  }
  return out;
}

/**
 * The lines of a function's definition in the sources: the last definition with a body whose
 * parameter count matches (in a flattened file the most derived contract comes last).
 */
export function locateFunction(
  sources: Readonly<Record<string, string>>,
  name: string,
  signature: string,
): { file: string; range: [number, number] } | null {
  const arity =
    signature.slice(signature.indexOf('(') + 1, -1) === '' ? 0 : splitTop(signature.slice(signature.indexOf('(') + 1, -1)).length;
  let best: { file: string; range: [number, number] } | null = null;
  const escaped = name.replace(/[$]/g, '\\$');
  for (const [file, content] of Object.entries(sources)) {
    for (const m of content.matchAll(new RegExp(`\\bfunction\\s+${escaped}\\s*\\(`, 'g'))) {
      const open = (m.index ?? 0) + m[0].length;
      let depth = 1;
      let i = open;
      while (i < content.length && depth > 0) {
        if (content[i] === '(') depth++;
        else if (content[i] === ')') depth--;
        i++;
      }
      const params = content.slice(open, i - 1).trim();
      if ((params === '' ? 0 : splitTop(params).length) !== arity) continue;
      const brace = content.indexOf('{', i);
      const semi = content.indexOf(';', i);
      if (brace < 0 || (semi >= 0 && semi < brace)) continue;
      let d = 0;
      let j = brace;
      for (; j < content.length; j++) {
        if (content[j] === '{') d++;
        else if (content[j] === '}' && --d === 0) break;
      }
      const line = (at: number) => content.slice(0, at).split('\n').length;
      best = { file, range: [line(m.index ?? 0), line(j)] };
    }
  }
  return best;
}

function splitTop(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

/**
 * Gas of a trial call. A call that needs more is not a power over holders but a loop or a
 * bomb: trying it at this cap (eth_estimateGas fails after one capped run) keeps such a
 * function cheap. eth_call cannot tell: EDR answers a revert and running out of gas with '0x'.
 */
export const TRIAL_GAS = 2_000_000n;

/** Wall time one function may take across its tries; a setter takes milliseconds, so only loops and bombs reach it. */
const FUNCTION_MS = 1_000;

/** Whether `from` calling `data` on `to` would pass now, within TRIAL_GAS. */
async function tryCall(session: EvmSession, from: Address, to: Address, data: Hex): Promise<{ ok: boolean; outOfGas: boolean }> {
  try {
    await session.rpc('eth_estimateGas', [{ from, to, data, value: '0x0', gas: numberToHex(TRIAL_GAS) }]);
    return { ok: true, outOfGas: false };
  } catch (error) {
    if (error instanceof RpcResponseError) return { ok: false, outOfGas: /out of gas/i.test(error.message) };
    throw error;
  }
}

const LITERAL = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g;

/** The address literals written in the sources (not zero, not a small constant). */
export function addressLiterals(sources: Readonly<Record<string, string>>): Address[] {
  const out = new Set<string>();
  for (const content of Object.values(sources))
    for (const m of content.matchAll(LITERAL)) if (!/^0x0{30}/.test(m[0])) out.add(m[0].toLowerCase());
  return [...out].slice(0, 16).map((a) => getAddress(a));
}

interface SellProbe {
  readonly ok: boolean;
  readonly reason: string;
  readonly tax: number | null;
}

/** Observes the state a call may have changed. */
interface Observation {
  readonly holderBalance: bigint;
  readonly callerBalance: bigint;
  readonly pairBalance: bigint;
  readonly selfBalance: bigint;
  readonly supply: bigint;
  readonly owner: Address | null;
  readonly code: boolean;
  /** The EIP-1967 implementation slot's word ('' when unreadable): an upgrade changes it. */
  readonly implementation: string;
}

export async function exploreOwnerPowers(ctx: ExploreContext): Promise<ExplorationResult> {
  const started = performance.now();
  const { session, token, pool } = ctx;
  const maxCalls = ctx.maxCalls ?? 240;
  const wallMs = ctx.wallMs ?? 6_000;
  const effects: Omit<ExplorationEffect, 'location'>[] = [];
  let calls = 0;
  let callsWithEffect = 0;
  let cutShort = '';
  const skipped: string[] = [];
  /** Functions whose tries ran to their end (not cut by a budget). */
  const covered = new Set<string>();
  const functions = explorableFunctions(ctx.abi);
  const result = (privileged: { address: Address; role: string }[]): ExplorationResult => ({
    privileged,
    functions: functions.map(signatureOf),
    calls,
    callsWithEffect,
    effects: effects.map((e) => ({ ...e, location: e.function ? locateFunction(ctx.sources, e.function, e.signature) : null })),
    cutShort,
    // What the budgets cut is said by name: the function being tried and those never reached.
    skipped: cutShort
      ? [
          ...skipped,
          ...functions
            .map(signatureOf)
            .filter((sig) => !covered.has(sig) && !skipped.some((x) => x.startsWith(`${sig}:`)))
            .map((sig) => `${sig}: not fully explored (${cutShort})`),
        ]
      : skipped,
    durationMs: Math.round(performance.now() - started),
  });
  const overBudget = () => {
    if (cutShort) return true;
    if (calls >= maxCalls) cutShort = `stopped at the budget of ${maxCalls} calls`;
    else if (performance.now() - started > wallMs) cutShort = `stopped at the wall budget of ${wallMs} ms`;
    return cutShort !== '';
  };

  // Who is privileged: the deployer first, then every address in the contract's state, then the literals.
  const privileged: { address: Address; role: string }[] = [{ address: getAddress(ctx.owner), role: ctx.ownerRole ?? 'owner/deployer' }];
  const add = (address: Address, role: string) => {
    if (/^0x0{40}$/i.test(address)) return;
    if ([token, pool.pair, pool.router, pool.factory, pool.quote].some((x) => x.toLowerCase() === address.toLowerCase())) return;
    if (privileged.some((p) => p.address.toLowerCase() === address.toLowerCase())) return;
    privileged.push({ address: getAddress(address), role });
  };
  for (const p of ctx.privileged ?? []) add(p.address, p.role);
  for (const s of await addressesInState(session, token, ctx.storage)) add(s.address, s.role);
  for (const l of addressLiterals(ctx.sources)) add(l, 'literal in the source');
  for (const p of privileged.slice(0, 12)) await session.impersonate(p.address, 10n ** 22n);
  const callers = privileged.slice(0, 12);

  const holder = await holderWithTokens(session, token, pool);
  if (!holder) {
    cutShort = 'no holder could buy the token to explore with';
    return result(privileged);
  }
  const balanceOf = (h: Address) => session.read<bigint>(token, erc20Abi, 'balanceOf', [h], 'UNCAUGHT_ERROR');
  const bought = await balanceOf(holder);
  const supply = await session.read<bigint>(token, erc20Abi, 'totalSupply', [], 'UNCAUGHT_ERROR');
  const hasOwner = ctx.abi.some((i) => i.type === 'function' && i.name === 'owner' && i.inputs.length === 0);
  const observe = async (caller: Address): Promise<Observation> => ({
    holderBalance: await balanceOf(holder).catch(() => -1n),
    callerBalance: await balanceOf(caller).catch(() => -1n),
    pairBalance: await balanceOf(pool.pair).catch(() => -1n),
    selfBalance: await balanceOf(token).catch(() => -1n),
    supply: await session.read<bigint>(token, erc20Abi, 'totalSupply', [], 'UNCAUGHT_ERROR').catch(() => -1n),
    owner: hasOwner ? await session.read<Address>(token, ownerAbi, 'owner', [], 'UNCAUGHT_ERROR').catch(() => null) : null,
    code: (await session.code(token)) !== '0x',
    implementation: await session.rpc<string>('eth_getStorageAt', [token, EIP1967_IMPLEMENTATION_SLOT, 'latest']).catch(() => ''),
  });

  /** The holder sells `share` of what it bought (capped at what it holds), from the current state. */
  const sell = async (share: bigint): Promise<SellProbe> => {
    const now = await balanceOf(holder).catch(() => 0n);
    const wanted = (bought * share) / 100n;
    const amount = wanted < now ? wanted : now;
    if (amount === 0n) return { ok: false, reason: 'the holder has no tokens left to sell', tax: null };
    const pairBefore = await balanceOf(pool.pair);
    const out = await session.sendCall(holder, pool.router, routerAbi, 'swapExactTokensForTokensSupportingFeeOnTransferTokens', [
      amount,
      0n,
      [token, pool.quote],
      holder,
      NO_DEADLINE,
    ]);
    if (!out.ok) {
      // The router hides the token's reason behind TRANSFER_FROM_FAILED: replay the token's transferFrom as the router.
      let reason = out.reason || 'reverted';
      if (reason.includes('TRANSFER_FROM_FAILED')) {
        const data = encodeFunctionData({ abi: transferFromAbi, functionName: 'transferFrom', args: [holder, pool.pair, amount] });
        const probe = await session.probe({ from: pool.router, to: token, data });
        if (!probe.ok && probe.reason) reason = `${probe.reason} (the token's transferFrom to the pair)`;
      }
      return { ok: false, reason, tax: null };
    }
    const reached = (await balanceOf(pool.pair)) - pairBefore;
    return { ok: true, reason: '', tax: reached <= amount ? taxPercent(amount, reached) : null };
  };
  /** Sells of 50 %, then 1 % or 100 %, each from the same state. */
  // A snapshot is used up by reverting to it (the node drops it): each try takes its own.
  const isolated = async <T>(run: () => Promise<T>): Promise<T> => {
    const at = await session.snapshot();
    try {
      return await run();
    } finally {
      await session.revert(at);
    }
  };
  const sells = async (): Promise<{ half: SellProbe; small: SellProbe | null; all: SellProbe | null }> => {
    const half = await isolated(() => sell(50n));
    const small = half.ok ? null : await isolated(() => sell(1n));
    const all = half.ok ? await isolated(() => sell(100n)) : null;
    return { half, small, all };
  };

  // With no owner action: the sells at launch, then after time passes, then a second buyer.
  const base = await sells();
  const launchSellOk = base.half.ok;
  const baselineTax = base.half.ok ? base.half.tax : ctx.baselineSellTax;
  if (launchSellOk) {
    for (const [label, seconds, blocks] of [
      ['1 block', 12, 1],
      ['1 hour', 3_600, 300],
      ['1 day', 86_400, 7_200],
      ['30 days', 30 * 86_400, 7_200],
    ] as const) {
      const at = await session.snapshot();
      await session.rpc('evm_increaseTime', [numberToHex(seconds)]);
      await session.rpc('hardhat_mine', [numberToHex(blocks)]);
      const later = await sell(50n);
      await session.revert(at);
      if (!later.ok && !/OVERFLOW/.test(later.reason)) {
        effects.push({
          kind: 'delayed-sell-trap',
          signature: '',
          function: '',
          call: `no owner action, ${label} passes`,
          caller: null,
          callerRole: '',
          anyone: false,
          evidence: `with no owner action, the holder's sell passed at once but reverted after ${label} (${JSON.stringify(later.reason)})`,
          sellTaxAfter: null,
          sellRestriction: true,
          data: null,
        });
        break;
      }
    }
    {
      const at = await session.snapshot();
      const second = await session.freshAccount();
      const path = pool.quote === pool.wrapped ? [pool.wrapped, token] : [pool.wrapped, pool.quote, token];
      const buy = await session.sendCall(
        second,
        pool.router,
        routerAbi,
        'swapExactETHForTokensSupportingFeeOnTransferTokens',
        [0n, path, second, NO_DEADLINE],
        10n ** 15n,
      );
      await session.revert(at);
      if (!buy.ok)
        effects.push({
          kind: 'buy-restricted',
          signature: '',
          function: '',
          call: 'a second fresh account buys',
          caller: null,
          callerRole: '',
          anyone: false,
          evidence: `a second fresh account's buy reverted (${JSON.stringify(buy.reason)}) after the first one's passed: buying is allowed to some accounts only`,
          sellTaxAfter: null,
          sellRestriction: false,
          data: null,
        });
    }
  }

  const actors = (caller: Address): Actors => ({ holder, pair: pool.pair, router: pool.router, caller, supply });
  const stranger = await session.freshAccount(10n ** 22n);
  /** Every function by the first privileged address that may call it, each argument set from a snapshot. */
  const pass = async (
    before: Observation,
    done: Set<string>,
    explored: readonly AbiFunction[],
    perFunction = ctx.choicesPerFunction ?? 8,
    callerCount = callers.length,
  ): Promise<void> => {
    for (const f of explored) {
      if (done.has(signatureOf(f))) continue;
      if (overBudget()) break;
      const signature = signatureOf(f);
      const found = new Set<EffectKind>();
      const functionStarted = performance.now();
      for (const choice of argumentSets(f, actors(ctx.owner), perFunction)) {
        if (overBudget()) break;
        // A function whose tries take this long runs loops or re-enters to its gas cap: leave it to the others.
        if (performance.now() - functionStarted > FUNCTION_MS) {
          skipped.push(`${signatureOf(f)}: its tries took over ${FUNCTION_MS} ms (loops or calls that run to the gas cap)`);
          break;
        }
        // Caller-relative arguments are re-made per caller only for `caller`; others are fixed.
        let chosen: { address: Address; role: string } | null = null;
        let heavy = false;
        let data: Hex | null = null;
        for (const c of callers.slice(0, callerCount)) {
          const args = choice.args.map((v) => (v === ctx.owner ? c.address : v));
          try {
            data = encodeCall(f, args);
          } catch {
            data = null;
            break;
          }
          const probe = await tryCall(session, c.address, token, data);
          if (probe.ok) {
            chosen = c;
            break;
          }
          // A try that ran out of gas ran a loop or a bomb to its cap: the function is left.
          if (probe.outOfGas) {
            heavy = true;
            break;
          }
        }
        if (heavy) {
          skipped.push(`${signatureOf(f)}: a try ran to the gas cap of ${TRIAL_GAS} (a loop or a gas bomb)`);
          break;
        }
        if (!chosen || !data) continue;
        const call = `${f.name}(${choice.text})`;
        const at = await session.snapshot();
        try {
          calls += 1;
          const callerBefore = chosen.address === ctx.owner ? before.callerBalance : await balanceOf(chosen.address).catch(() => -1n);
          const sent = await session.send({ from: chosen.address, to: token, data });
          if (!sent.ok) continue;
          const after = await observe(chosen.address);
          const seen: Omit<
            ExplorationEffect,
            'signature' | 'function' | 'call' | 'caller' | 'callerRole' | 'anyone' | 'data' | 'location'
          >[] = [];
          const by = `after \`${call}\` by ${chosen.address} (${chosen.role})`;
          if (!after.code)
            seen.push({ kind: 'self-destructed', evidence: `${by} the token's code is gone`, sellTaxAfter: null, sellRestriction: true });
          // An upgrade swaps every rule at once: what the new code then reads (here, garbage balances
          // from whatever contract the argument named) is not a mint or a burn of this token's rules.
          const replaced = after.implementation !== before.implementation;
          if (replaced) {
            seen.push({
              kind: 'code-replaced',
              evidence: `${by} the token's implementation (EIP-1967) changed from ${wordAddress(before.implementation)} to ${wordAddress(after.implementation)}: the owner can replace every rule of the token, balances and sells included`,
              sellTaxAfter: null,
              sellRestriction: false,
            });
          } else if (after.code && after.holderBalance >= 0n && after.holderBalance < before.holderBalance)
            seen.push({
              kind: 'balance-lowered',
              evidence: `${by} the holder's balance fell from ${before.holderBalance} to ${after.holderBalance} without the holder acting`,
              sellTaxAfter: null,
              sellRestriction: false,
            });
          // Minted: the supply rose, or the caller gained more than the holder, the pair and the contract itself lost.
          const moved = [
            before.holderBalance - after.holderBalance,
            before.pairBalance - after.pairBalance,
            before.selfBalance - after.selfBalance,
          ]
            .filter((d) => d > 0n)
            .reduce((x, y) => x + y, 0n);
          const gained = callerBefore >= 0n && after.callerBalance >= 0n ? after.callerBalance - callerBefore : 0n;
          if (after.code && !replaced && (after.supply > before.supply || gained > moved))
            seen.push({
              kind: 'minted',
              evidence:
                after.supply > before.supply
                  ? `${by} the total supply rose from ${before.supply} to ${after.supply}`
                  : `${by} the caller's balance rose from ${callerBefore} to ${after.callerBalance} without payment`,
              sellTaxAfter: null,
              sellRestriction: false,
            });
          if (after.code && !replaced) {
            const s = await sells();
            if (!s.half.ok && base.half.ok && !/OVERFLOW/.test(s.half.reason)) {
              if (s.small?.ok)
                seen.push({
                  kind: 'sell-limited',
                  evidence: `${by} the holder's sell of half its tokens reverted (${JSON.stringify(s.half.reason)}) while a sell of 1 % passed`,
                  sellTaxAfter: null,
                  sellRestriction: true,
                });
              else if (after.holderBalance > 0n)
                seen.push({
                  kind: 'sell-blocked',
                  evidence: `${by} the holder's sell reverted (${JSON.stringify(s.half.reason)}), 1 % as well as half`,
                  sellTaxAfter: null,
                  sellRestriction: true,
                });
            } else if (s.half.ok && base.all?.ok && s.all && !s.all.ok && !/OVERFLOW/.test(s.all.reason)) {
              seen.push({
                kind: 'sell-limited',
                evidence: `${by} the holder could sell half its tokens but its sell of all of them reverted (${JSON.stringify(s.all.reason)})`,
                sellTaxAfter: null,
                sellRestriction: true,
              });
            } else if (s.half.ok && s.half.tax !== null && s.half.tax > (baselineTax ?? 0) + 0.5) {
              seen.push({
                kind: 'sell-tax-raised',
                evidence: `${by} the holder's sell paid a ${s.half.tax} % tax (was ${baselineTax ?? 'n/a'} %): it returned ${Math.max(0, Math.round(100 - s.half.tax))} % of its value`,
                sellTaxAfter: s.half.tax,
                sellRestriction: s.half.tax >= 50,
              });
            }
          }
          if (hasOwner && before.owner && /^0x0{40}$/i.test(before.owner) && after.owner && !/^0x0{40}$/i.test(after.owner))
            seen.push({
              kind: 'ownership-retrieved',
              evidence: `the contract had no owner; ${by} the owner is ${after.owner}`,
              sellTaxAfter: null,
              sellRestriction: false,
            });
          if (seen.length > 0) callsWithEffect += 1;
          for (const e of seen) {
            if (found.has(e.kind)) continue;
            found.add(e.kind);
            // Whether the call needs its privilege at all: a fresh account tries the same call.
            const anyone = (await tryCall(session, stranger, token, data)).ok;
            effects.push({ ...e, signature, function: f.name, call, caller: chosen.address, callerRole: chosen.role, anyone, data });
          }
        } finally {
          await session.revert(at);
        }
        // One proof of a sell restriction is enough for this function.
        if ([...found].some((k) => k === 'sell-blocked' || k === 'sell-limited' || k === 'self-destructed')) break;
      }
      if (!cutShort) covered.add(signature);
    }
  };

  // The owner the contract names, when it is not the deployer (set in the constructor to another address).
  if (hasOwner) {
    const named = await session.read<Address>(token, ownerAbi, 'owner', [], 'UNCAUGHT_ERROR').catch(() => null);
    if (named && !/^0x0{40}$/i.test(named) && !callers.some((c) => c.address.toLowerCase() === named.toLowerCase())) {
      await session.impersonate(getAddress(named), 10n ** 22n);
      callers.unshift({ address: getAddress(named), role: 'owner()' });
      privileged.push(callers[0]!);
    }
  }
  await pass(await observe(ctx.owner), new Set(), functions);
  // What a holder does with its own tokens, done by the owner: a transfer rule that reads the
  // owner's allowance or balance (`allowance(owner, msg.sender) > 0`) is a lever the owner holds.
  if (!overBudget()) await pass(await observe(ctx.owner), new Set(), holderFunctions(ctx.abi), 4, 1);
  // A contract with no owner whose ownership someone could claim (`owned()` left callable): claim it
  // for real, then explore again as that owner what the claim gave access to.
  const claim = effects.find((e) => e.kind === 'ownership-retrieved' && e.caller && e.data);
  if (claim && !overBudget()) {
    const sent = await session.send({ from: claim.caller!, to: token, data: claim.data! });
    if (sent.ok) {
      const done = new Set(effects.filter((e) => e.sellRestriction).map((e) => e.signature));
      done.add(claim.signature);
      await pass(await observe(ctx.owner), done, functions);
    }
  }

  // Ownership retrieval: renounce, then every function again by every privileged address; an owner coming back is the effect.
  if (hasOwner && !overBudget()) {
    const at = await session.snapshot();
    try {
      const renounced = await session.sendCall(ctx.owner, token, ownerAbi, 'renounceOwnership', []);
      const ownerNow = renounced.ok ? await session.read<Address>(token, ownerAbi, 'owner', [], 'UNCAUGHT_ERROR').catch(() => null) : null;
      if (ownerNow && /^0x0{40}$/i.test(ownerNow)) {
        outer: for (const f of functions) {
          const args0 = argumentSets(f, actors(ctx.owner), 3);
          for (const choice of args0) {
            if (overBudget()) break outer;
            for (const c of callers) {
              let data: Hex;
              try {
                data = encodeCall(
                  f,
                  choice.args.map((v) => (v === ctx.owner ? c.address : v)),
                );
              } catch {
                break;
              }
              if (!(await tryCall(session, c.address, token, data)).ok) continue;
              const inner = await session.snapshot();
              calls += 1;
              const sent = await session.send({ from: c.address, to: token, data });
              const owner = sent.ok ? await session.read<Address>(token, ownerAbi, 'owner', [], 'UNCAUGHT_ERROR').catch(() => null) : null;
              await session.revert(inner);
              if (owner && !/^0x0{40}$/i.test(owner)) {
                callsWithEffect += 1;
                effects.push({
                  kind: 'ownership-retrieved',
                  signature: signatureOf(f),
                  function: f.name,
                  call: `${f.name}(${choice.text})`,
                  caller: c.address,
                  callerRole: c.role,
                  anyone: false,
                  evidence: `after renounceOwnership() by the owner, \`${f.name}(${choice.text})\` by ${c.address} (${c.role}) made ${owner} the owner again`,
                  sellTaxAfter: null,
                  sellRestriction: false,
                  data,
                });
                break outer;
              }
              break;
            }
          }
        }
      }
    } finally {
      await session.revert(at);
    }
  }
  return result(privileged);
}
