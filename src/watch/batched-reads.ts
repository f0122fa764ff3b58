/**
 * Every watched value of a block in fewer JSON-RPC items: a node spends much of its time per
 * item (the devnet ~0.3-0.5 ms each, bench/watch-follower.ts), and most watched values are
 * storage slots. The slots go in Multicall3 `aggregate3` calls with a state override
 * (`eth_call`'s third parameter: geth, Erigon, Nethermind, Reth, EDR) that gives each
 * watched token, for this call only, a 27-byte reader as code: it returns the slots named
 * in its calldata from the token's own storage (0.04 ms a slot on the devnet). The views
 * (owner(), totalSupply(), the pair's totalSupply()) stay one item each: the override
 * replaces the token's code, and folded into aggregate3 a view cost the devnet more.
 *
 * Without a Multicall3 on the network, or once a node refuses the override, every value is
 * its own item again (`readCall`).
 */
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Hex } from 'viem';
import type { RpcAnswer, RpcCall } from './json-rpc-batch.ts';
import { readCall } from './read-values.ts';
import type { WatchedValue } from './watch-plan.ts';

/** PUSH1 0; loop: if i >= calldatasize goto end; mstore(i, sload(calldataload(i))); i += 32; end: return(0, calldatasize). */
export const SLOT_READER_CODE: Hex = '0x60005b8036111560155780355481526020016002565b366000f3';

const AGGREGATE3 = parseAbi([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
]);

/** Values an eth_call holds at most (gas: a cold slot read costs 2 100). */
const SLOTS_PER_CALL = 12_000;
const GAS: Hex = '0x2faf080'; // 50 000 000

export interface BatchedReads {
  /** The items to add to the batch. */
  readonly calls: RpcCall[];
  /** From the answers of those items (in order), one answer per value. */
  answers(items: readonly (RpcAnswer | undefined)[]): (RpcAnswer | undefined)[];
  /** True when the node refused a state override (read slot by slot from then on). */
  refused(items: readonly (RpcAnswer | undefined)[]): boolean;
}

interface Group {
  readonly call: RpcCall;
  /** Per sub-call: the value indexes it answers, in order (a slot sub-call answers several). */
  readonly parts: readonly (readonly number[])[];
  readonly overridden: boolean;
  /** A value's own item (its answer is the value's answer). */
  readonly single: boolean;
}

const word = (slot: Hex) => slot.slice(2).padStart(64, '0');

export function batchReads(values: readonly WatchedValue[], tag: Hex, multicall: string | null, overrides: boolean): BatchedReads {
  if (!multicall || !overrides) {
    const calls = values.map((v) => readCall(v, tag));
    return { calls, answers: (items) => [...items], refused: () => false };
  }
  const groups: Group[] = [];
  // Views: one item each. Folded into aggregate3 they cost the devnet twice as much a view
  // (3 000 views: 1.8 s against 0.9 s as items, bench/watch-follower.ts).
  values.forEach((v, i) => {
    if (v.read.type === 'call') groups.push({ call: readCall(v, tag), parts: [[i]], overridden: false, single: true });
  });
  // Slots: one sub-call per token, asking for all its slots.
  const byAddress = new Map<string, number[]>();
  values.forEach((v, i) => {
    if (v.read.type !== 'storage') return;
    const address = v.read.address.toLowerCase();
    byAddress.set(address, [...(byAddress.get(address) ?? []), i]);
  });
  let chunk: [string, number[]][] = [];
  let slots = 0;
  const flush = () => {
    if (chunk.length === 0) return;
    const subcalls = chunk.map(([address, indexes]) => ({
      target: address as Hex,
      allowFailure: true,
      callData: `0x${indexes.map((i) => word((values[i]!.read as { slot: Hex }).slot)).join('')}` as Hex,
    }));
    const override = Object.fromEntries(chunk.map(([address]) => [address, { code: SLOT_READER_CODE }]));
    groups.push({
      call: {
        method: 'eth_call',
        params: [
          { to: multicall, data: encodeFunctionData({ abi: AGGREGATE3, functionName: 'aggregate3', args: [subcalls] }), gas: GAS },
          tag,
          override,
        ],
      },
      parts: chunk.map(([, indexes]) => indexes),
      overridden: true,
      single: false,
    });
    chunk = [];
    slots = 0;
  };
  for (const entry of byAddress) {
    if (slots + entry[1].length > SLOTS_PER_CALL) flush();
    chunk.push(entry);
    slots += entry[1].length;
  }
  flush();

  return {
    calls: groups.map((g) => g.call),
    answers(items) {
      const out: (RpcAnswer | undefined)[] = new Array(values.length).fill(undefined);
      groups.forEach((group, g) => {
        const item = items[g];
        if (group.single) {
          out[group.parts[0]![0]!] = item;
          return;
        }
        if (!item?.ok || typeof item.result !== 'string') return;
        let results: readonly { success: boolean; returnData: Hex }[];
        try {
          results = decodeFunctionResult({ abi: AGGREGATE3, functionName: 'aggregate3', data: item.result as Hex });
        } catch {
          return;
        }
        group.parts.forEach((indexes, k) => {
          const result = results[k];
          if (!result) return;
          if (!result.success) {
            // A view that reverts (no owner()): the same as its own eth_call failing.
            for (const i of indexes) out[i] = { ok: false, code: 3, message: 'execution reverted' };
            return;
          }
          const data = result.returnData.slice(2);
          if (group.overridden) indexes.forEach((i, j) => (out[i] = { ok: true, result: `0x${data.slice(j * 64, j * 64 + 64)}` }));
          else out[indexes[0]!] = { ok: true, result: result.returnData };
        });
      });
      return out;
    },
    refused(items) {
      return groups.some((group, g) => group.overridden && items[g] !== undefined && !items[g]!.ok);
    },
  };
}
