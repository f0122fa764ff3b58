/**
 * Every watched value of a block in few JSON-RPC items: a node spends much of its time per
 * item (the devnet ~0.07 ms an `eth_getStorageAt`, ~0.25 ms an `eth_call`), and inside one
 * call per account touched (~0.07 ms an account, ~0.005 ms a slot once it is loaded).
 *
 * - The same read asked by several watches (a pair's supply, `owner()` and the `_owner`
 *   variable it returns, read at the same slot) is asked once and answers each of them.
 * - Storage slots go in Multicall3 `aggregate3` calls with a state override (`eth_call`'s
 *   third parameter: geth, Erigon, Nethermind, Reth, EDR) that gives each read account, for
 *   this call only, a 27-byte reader as code: it returns the slots named in its calldata from
 *   the account's own storage. One sub-call an account, whatever its number of slots.
 * - Views still called (`owner()` of a token whose source is not verified, `totalSupply()` of a
 *   pool that is not the known Uniswap V2 pair) go in `aggregate3` calls without override (the
 *   override replaces the code the view needs). A view whose folded call failed is read as its
 *   own item at the next block (`failedViews`), and folded again once it answers alone
 *   (`answeredAlone`): a view that burns the call's gas makes its neighbours miss one block,
 *   not every block, and a view that always reverts (no `owner()`) stays an item of its own.
 *
 * Calls hold at most `SUBCALLS_PER_CALL` sub-calls: one aggregate3 of 10 000 views took the
 * devnet 2.0-4.5 s where ten of 1 000 took 0.6-0.7 s (and 10 000 as items 2.5 s), likely as
 * Multicall3 copies its growing result array through memory priced by the square of its size;
 * and a call's calldata past ~2 MB meets EIP-7623's floor price above the gas given.
 *
 * Without a Multicall3 on the network every value is its own item; once a node refuses the
 * override, slots are items again and views stay folded.
 */
import { encodeFunctionData, parseAbi, type Hex } from 'viem';
import type { RpcAnswer, RpcCall } from './json-rpc-batch.ts';
import { readCall } from './read-values.ts';
import type { ValueRead, WatchedValue } from './watch-plan.ts';

/** PUSH1 0; loop: if i >= calldatasize goto end; mstore(i, sload(calldataload(i))); i += 32; end: return(0, calldatasize). */
export const SLOT_READER_CODE: Hex = '0x60005b8036111560155780355481526020016002565b366000f3';

const AGGREGATE3 = parseAbi([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
]);

/** Slots an eth_call holds at most (gas: a cold slot read costs 2 100, a cold account 2 600). */
export const SLOTS_PER_CALL = 12_000;
/** Sub-calls an eth_call holds at most (see above: past a few thousand the devnet slows down). */
export const SUBCALLS_PER_CALL = 1_000;
const GAS: Hex = '0x2faf080'; // 50 000 000

/** How a folded view is named in `failedViews` and `alone`. */
export const viewKey = (read: { address: string; data: Hex }) => `${read.address.toLowerCase()}:${read.data.toLowerCase()}`;

export interface BatchReadOptions {
  /** The network's Multicall3; null: every value its own item. */
  readonly multicall: string | null;
  /** False once the node refused a state override: slots are read as items. */
  readonly overrides: boolean;
  /** Views (by `viewKey`) read as their own item, not folded. */
  readonly alone?: ReadonlySet<string>;
}

export interface BatchedReads {
  /** The items to add to the batch. */
  readonly calls: RpcCall[];
  /** From the answers of those items (in order), one answer per value. */
  answers(items: readonly (RpcAnswer | undefined)[]): (RpcAnswer | undefined)[];
  /** True when the node refused a state override (read slot by slot from then on). */
  refused(items: readonly (RpcAnswer | undefined)[]): boolean;
  /** Folded views (by `viewKey`) that got no answer: to be read alone from then on. */
  failedViews(items: readonly (RpcAnswer | undefined)[]): string[];
  /** Views read alone (by `viewKey`) that answered a word: folded again (they failed beside another that failed). */
  answeredAlone(items: readonly (RpcAnswer | undefined)[]): string[];
}

/** One distinct read and the values it answers. */
interface Read {
  readonly read: ValueRead;
  readonly values: number[];
}

/** An item without its block: what stays the same from one block to the next. */
type Group =
  /** One read as its own item. */
  | { readonly kind: 'single'; readonly read: number }
  /** aggregate3 of views: a read a sub-call. */
  | { readonly kind: 'views'; readonly data: Hex; readonly reads: readonly number[] }
  /** aggregate3 of slot readers: per sub-call (an account), its reads in calldata order. */
  | { readonly kind: 'slots'; readonly data: Hex; readonly override: object; readonly reads: readonly (readonly number[])[] };

const word = (slot: Hex) => slot.slice(2).padStart(64, '0');

const aggregate = (subcalls: { target: Hex; allowFailure: boolean; callData: Hex }[]): Hex =>
  encodeFunctionData({ abi: AGGREGATE3, functionName: 'aggregate3', args: [subcalls] });

const hexWord = /^0x(?:[0-9a-fA-F]{2})*$/;

/**
 * aggregate3's answer, `(bool success, bytes returnData)[]`, read straight from the hex:
 * viem's decoder turns the whole answer into bytes and back, about a tenth of the
 * follower's own time a block at 10 000 tokens. Undefined when it is not such an answer
 * (every offset and length is checked against the text). Held against viem's encoder by
 * batched-reads.test.ts.
 */
export function decodeAggregate3(hex: string): { success: boolean; returnData: Hex }[] | undefined {
  if (!hexWord.test(hex)) return undefined;
  const size = (hex.length - 2) / 2;
  /** The word at a byte offset as a small number; undefined past the end or when it does not fit. */
  const num = (at: number): number | undefined => {
    if (at < 0 || at + 32 > size) return undefined;
    const p = 2 + at * 2;
    for (let i = p; i < p + 48; i++) if (hex.charCodeAt(i) !== 48) return undefined; // '0'
    return parseInt(hex.slice(p + 48, p + 64), 16);
  };
  const array = num(0);
  const n = array === undefined ? undefined : num(array);
  if (array === undefined || n === undefined || n > size / 32) return undefined;
  const head = array + 32;
  const out: { success: boolean; returnData: Hex }[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const offset = num(head + k * 32);
    if (offset === undefined) return undefined;
    const element = head + offset;
    const success = num(element);
    const dataOffset = num(element + 32);
    if ((success !== 0 && success !== 1) || dataOffset === undefined) return undefined;
    const length = num(element + dataOffset);
    const start = element + dataOffset + 32;
    if (length === undefined || start + length > size) return undefined;
    out[k] = { success: success === 1, returnData: `0x${hex.slice(2 + start * 2, 2 + (start + length) * 2)}` };
  }
  return out;
}

/** The distinct reads of the values, each with the values it answers. */
function distinct(values: readonly WatchedValue[]): Read[] {
  const reads: Read[] = [];
  const byKey = new Map<string, Read>();
  values.forEach((v, i) => {
    const r = v.read;
    const key = r.type === 'call' ? `c:${viewKey(r)}` : `s:${r.address.toLowerCase()}:${BigInt(r.slot).toString(16)}`;
    const known = byKey.get(key);
    if (known) known.values.push(i);
    else {
      const read = { read: r, values: [i] };
      byKey.set(key, read);
      reads.push(read);
    }
  });
  return reads;
}

/** The values' reads at one block. */
export function batchReads(values: readonly WatchedValue[], tag: Hex, options: BatchReadOptions): BatchedReads {
  return planReads(values, options).at(tag);
}

export interface ReadPlan {
  /** The same reads at this block. */
  at(tag: Hex): BatchedReads;
}

/**
 * How the values are read, made once for as long as they, the override and the views read
 * alone stay the same (the follower keeps it from block to block): made every block, it was
 * about a quarter of the follower's own time at 10 000 tokens. Only the block tag changes.
 */
export function planReads(values: readonly WatchedValue[], options: BatchReadOptions): ReadPlan {
  const { multicall, overrides } = options;
  const reads = distinct(values);
  const groups: Group[] = [];
  const single = (r: number) => groups.push({ kind: 'single', read: r });

  // Views: folded unless read alone; rounds keep two views of one account in different calls,
  // so one view that writes its own storage (possible: aggregate3 calls, not staticcalls)
  // cannot change what another of that account answers.
  const rounds: number[][] = [];
  const seen = new Map<string, number>();
  reads.forEach(({ read }, r) => {
    if (read.type !== 'call') return;
    if (!multicall || options.alone?.has(viewKey(read))) return void single(r);
    const address = read.address.toLowerCase();
    const round = seen.get(address) ?? 0;
    seen.set(address, round + 1);
    (rounds[round] ??= []).push(r);
  });
  for (const round of rounds)
    for (let k = 0; k < round.length; k += SUBCALLS_PER_CALL) {
      const part = round.slice(k, k + SUBCALLS_PER_CALL);
      const subcalls = part.map((r) => {
        const read = reads[r]!.read as { address: string; data: Hex };
        return { target: read.address as Hex, allowFailure: true, callData: read.data };
      });
      groups.push({ kind: 'views', data: aggregate(subcalls), reads: part });
    }

  // Slots: one reader sub-call per account, asking for all its slots.
  const byAddress = new Map<string, number[]>();
  reads.forEach(({ read }, r) => {
    if (read.type !== 'storage') return;
    if (!multicall || !overrides) return void single(r);
    const address = read.address.toLowerCase();
    const list = byAddress.get(address);
    if (list) list.push(r);
    else byAddress.set(address, [r]);
  });
  let chunk: [string, number[]][] = [];
  let slots = 0;
  const flush = () => {
    if (chunk.length === 0) return;
    const subcalls = chunk.map(([address, rs]) => ({
      target: address as Hex,
      allowFailure: true,
      callData: `0x${rs.map((r) => word((reads[r]!.read as { slot: Hex }).slot)).join('')}` as Hex,
    }));
    const override = Object.fromEntries(chunk.map(([address]) => [address, { code: SLOT_READER_CODE }]));
    groups.push({ kind: 'slots', data: aggregate(subcalls), override, reads: chunk.map(([, rs]) => rs) });
    chunk = [];
    slots = 0;
  };
  for (const entry of byAddress) {
    if (chunk.length >= SUBCALLS_PER_CALL || slots + entry[1].length > SLOTS_PER_CALL) flush();
    chunk.push(entry);
    slots += entry[1].length;
  }
  flush();

  /** The aggregate3 results of an item, or undefined when it holds none. */
  const results = (item: RpcAnswer | undefined) =>
    item?.ok && typeof item.result === 'string' ? decodeAggregate3(item.result) : undefined;

  return {
    at: (tag) => ({
      calls: groups.map((g): RpcCall => {
        if (g.kind === 'single') return readCall({ read: reads[g.read]!.read } as WatchedValue, tag);
        const call = { to: multicall, data: g.data, gas: GAS };
        return { method: 'eth_call', params: g.kind === 'slots' ? [call, tag, g.override] : [call, tag] };
      }),
      answers(items) {
        const out: (RpcAnswer | undefined)[] = new Array(values.length).fill(undefined);
        const answer = (r: number, a: RpcAnswer | undefined) => {
          for (const i of reads[r]!.values) out[i] = a;
        };
        groups.forEach((group, g) => {
          const item = items[g];
          if (group.kind === 'single') return answer(group.read, item);
          const decoded = results(item);
          if (!decoded) return;
          group.reads.forEach((rs, k) => {
            const result = decoded[k];
            if (!result) return;
            if (group.kind === 'views') {
              const r = rs as number;
              // A view that reverts (no owner()): the same as its own eth_call failing.
              answer(r, result.success ? { ok: true, result: result.returnData } : { ok: false, code: 3, message: 'execution reverted' });
              return;
            }
            const data = result.returnData.slice(2);
            (rs as readonly number[]).forEach((r, j) =>
              answer(r, result.success ? { ok: true, result: `0x${data.slice(j * 64, j * 64 + 64)}` } : undefined),
            );
          });
        });
        return out;
      },
      refused(items) {
        return groups.some((group, g) => group.kind === 'slots' && items[g] !== undefined && !items[g]!.ok);
      },
      answeredAlone(items) {
        return groups.flatMap((group, g) => {
          const read = group.kind === 'single' ? reads[group.read]!.read : undefined;
          // A word, not just no error: a node may answer a revert with an empty result (EDR does).
          const item = items[g];
          const answered = item?.ok && typeof item.result === 'string' && item.result.length >= 66;
          return read?.type === 'call' && multicall && answered ? [viewKey(read)] : [];
        });
      },
      failedViews(items) {
        const failed: string[] = [];
        groups.forEach((group, g) => {
          if (group.kind !== 'views') return;
          const decoded = results(items[g]);
          group.reads.forEach((r, k) => {
            if (!decoded?.[k]?.success) failed.push(viewKey(reads[r]!.read as { address: string; data: Hex }));
          });
        });
        return failed;
      },
    }),
  };
}
