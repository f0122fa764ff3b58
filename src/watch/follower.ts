/**
 * The follower of one EVM network (issue 32, item 3). Each step costs two JSON-RPC round
 * trips, three at most, however many tokens are watched:
 *
 *   1. `eth_blockNumber` and the block at the cursor (its hash shows a reorg), and the code of
 *      pools not seen yet (a known Uniswap V2 pair's supply is a slot);
 *   2. one batch: `eth_getLogs` over every watched address for the blocks since the cursor
 *      (which transaction changed what), the last block of the range (hash, time), and every
 *      watched slot and view read at that block (src/watch/batched-reads.ts);
 *   3. only when a known pair logged in the range: its supply at the same block.
 *
 * Blocks are taken once they have `confirmations` blocks on top. A watched value that moved
 * is an event; the token is re-simulated and the event says what the change did to the
 * verdict. A reorg that undoes a block with events retracts them (a `retracted` event each)
 * and the values are read again at the fork. A failing or rate-limiting node shrinks the
 * range of blocks asked at once and the follower resumes where it stopped.
 */
import { createHash } from 'node:crypto';
import type { Hex } from 'viem';
import type { WatchEvent, WatchEventKind } from '../interface/schemas/watches.ts';
import type { WatchDeliveries } from './delivery/watch-deliveries.ts';
import { resultOf, RpcUnavailableError, type JsonRpcBatch, type RpcAnswer, type RpcCall } from './json-rpc-batch.ts';
import { decodeValue, readCall } from './read-values.ts';
import { planReads, type ReadPlan } from './batched-reads.ts';
import { isUniswapV2Pair, withKnownSlots } from './known-pairs.ts';
import { SELECTORS, type WatchedValue } from './watch-plan.ts';
import { describeValueChange, describeVerdictChange, isAlert, type VerdictSnapshot } from './describe-change.ts';
import type { Baseline, WatchRecord, WatchRepository } from './watch-repository.ts';

const DAY_MS = 86_400_000;
/** Block hashes kept to find the fork point of a reorg. */
const HASH_WINDOW = 256;

export interface FollowerOptions {
  readonly network: string;
  readonly rpc: JsonRpcBatch;
  readonly repository: WatchRepository;
  readonly deliveries: WatchDeliveries;
  /** Re-runs the token's simulation after a change; null when no verdict could be made. */
  readonly resimulate: (watch: WatchRecord) => Promise<VerdictSnapshot | null>;
  /** Blocks on top of a block before it is taken (default 1). */
  readonly confirmations?: number;
  /** Most blocks asked in one step (default 100); halves on node errors, grows back after. */
  readonly maxRange?: number;
  /** The network's Multicall3: with it the values of a block are read in a few calls (src/watch/batched-reads.ts). */
  readonly multicall?: string | null;
  readonly now?: () => Date;
  readonly onError?: (error: unknown) => void;
}

export type StepOutcome =
  | { readonly kind: 'idle'; readonly head: number }
  | { readonly kind: 'advanced'; readonly from: number; readonly to: number; readonly events: readonly WatchEvent[] }
  | { readonly kind: 'reorg'; readonly fork: number; readonly events: readonly WatchEvent[] }
  | { readonly kind: 'failed'; readonly reason: string; readonly range: number };

interface Log {
  readonly address: string;
  readonly transactionHash: string | null;
  readonly blockNumber: string;
}

interface Block {
  readonly number: string;
  readonly hash: string;
  readonly timestamp: string;
}

interface FullBlock extends Block {
  readonly transactions: readonly Transaction[];
}

interface Transaction {
  readonly hash: string;
  readonly from: string;
  readonly to: string | null;
  readonly input: string;
}

interface Layout {
  readonly key: string;
  /** Per value (in read order): the id of its watch, the value as planned, and as read (a known pair's supply at its slot). */
  readonly owners: readonly string[];
  readonly values: readonly WatchedValue[];
  readonly reads: readonly WatchedValue[];
  /** Indexes of the values the plan reads every block, in its order. */
  readonly loud: readonly number[];
  /** Known pairs' supplies by pair: read only when the pair logged (or when the layout is new). */
  readonly quiet: ReadonlyMap<string, readonly number[]>;
  /** True until a step read every value with this layout. */
  fresh: boolean;
  readonly plan: ReadPlan;
  /** Every watched address (eth_getLogs), as a list and a set. */
  readonly addresses: readonly string[];
  readonly watched: ReadonlySet<string>;
  /** Tokens whose owner's calls are watched (bytecode only). */
  readonly callWatched: ReadonlySet<string>;
}

interface Alert {
  readonly key: string;
  readonly kind: WatchEventKind;
  /** The change in words, before the verdict's. */
  readonly words: string;
  readonly before: string | null;
  readonly after: string | null;
  readonly transactionHash: string | null;
}

/** transfer, transferFrom, approve, increaseAllowance, decreaseAllowance, burn: what holders call, not owner powers. */
const ERC20_SELECTORS = new Set(['0xa9059cbb', '0x23b872dd', '0x095ea7b3', '0x39509351', '0xa457c2d7', '0x42966c68']);

const hex = (n: number): Hex => `0x${n.toString(16)}`;

/** Ids derived from what they are about: a block read twice makes the same event, stored once. */
export function eventId(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);
}

export interface Follower {
  /** One step; never throws (a failure is an outcome). */
  step(): Promise<StepOutcome>;
  /** Forgets the cached watches (a watch was added or removed). */
  invalidate(): void;
  /** The block the follower has confirmed up to, once known. */
  cursor(): number | undefined;
}

export function createFollower(options: FollowerOptions): Follower {
  const { network, rpc, repository } = options;
  const confirmations = options.confirmations ?? 1;
  const maxRange = Math.max(1, options.maxRange ?? 100);
  const now = options.now ?? (() => new Date());
  let range = maxRange;
  let overrides = true;
  /** Views whose folded call failed: read as their own item until they answer a word alone. */
  const alone = new Set<string>();
  /** Pools by address, once their code was read: true for the known Uniswap V2 pair (its supply is a slot). */
  const pairs = new Map<string, boolean>();
  let cursor: number | undefined;
  const hashes = new Map<number, string>();
  let watches: WatchRecord[] | undefined;

  /** Bumped each time the watches are loaded from the store: the layout below is made again. */
  let generation = 0;
  /** The generation whose pools' code was read. */
  let poolsSeen = -1;
  const load = async () => {
    if (!watches) {
      watches = await repository.liveOn(network);
      generation++;
    }
    return watches.filter((w) => w.chain === 'evm');
  };
  /**
   * What is read for the watches and how, kept from block to block while the watches, the
   * override, the views read alone and the known pairs stay the same: made anew every block it
   * was about a quarter of the follower's own time at 10 000 tokens. A watch's plan changes only when
   * the watches are loaded again (a saved baseline keeps its plan), so watch ids, not records
   * (replaced as baselines are saved), tie the values to their watch.
   */
  let layout: Layout | undefined;
  function layoutOf(live: readonly WatchRecord[]): Layout {
    const key = `${generation}:${overrides}:${[...alone].sort().join()}:${[...pairs].filter(([, v2]) => v2).length}`;
    if (layout?.key === key) return layout;
    const v2 = new Set([...pairs].filter(([, known]) => known).map(([address]) => address));
    const owners: string[] = [];
    const values: WatchedValue[] = [];
    const reads: WatchedValue[] = [];
    for (const watch of live)
      for (const value of watch.baseline.plan.values) {
        owners.push(watch.id);
        values.push(value);
        reads.push(withKnownSlots(value, v2));
      }
    const addresses = [...new Set(values.map((v) => v.read.address.toLowerCase()))];
    // A known pair's supply changes only in _mint and _burn, which log a Transfer: a pair that
    // logged nothing in the range has the supply it had, and is not read (half the accounts
    // a block touches at 10 000 tokens with a pool each).
    const loud: number[] = [];
    const quiet = new Map<string, number[]>();
    reads.forEach((read, j) => {
      const pair = read.read.address.toLowerCase();
      if (read === values[j] || !v2.has(pair)) return void loud.push(j);
      const list = quiet.get(pair);
      if (list) list.push(j);
      else quiet.set(pair, [j]);
    });
    layout = {
      key,
      owners,
      values,
      reads,
      loud,
      quiet,
      fresh: true,
      plan: planReads(
        loud.map((j) => reads[j]!),
        { multicall: options.multicall ?? null, overrides, alone },
      ),
      addresses,
      watched: new Set(addresses),
      callWatched: new Set(live.filter((w) => w.baseline.plan.ownerCalls).map((w) => w.token.toLowerCase())),
    };
    return layout;
  }

  async function send(calls: RpcCall[]): Promise<RpcAnswer[]> {
    return rpc.send(calls);
  }

  async function emit(watch: WatchRecord, event: WatchEvent) {
    if (await repository.addEvent(event)) await options.deliveries.enqueue(event, watch);
  }

  async function step(): Promise<StepOutcome> {
    try {
      return await advance();
    } catch (error) {
      options.onError?.(error);
      const rateLimited = error instanceof RpcUnavailableError && error.rateLimited;
      if (rateLimited || range > 1) range = Math.max(1, Math.floor(range / 2));
      return { kind: 'failed', reason: error instanceof Error ? error.message : String(error), range };
    }
  }

  async function advance(): Promise<StepOutcome> {
    const live = await load();
    // Pools not seen yet: their code, in this same round trip (a pool's code does not change).
    const unseen = poolsSeen === generation ? [] : [...new Set(live.flatMap((w) => pools(w)))].filter((p) => !pairs.has(p));
    const asked = cursor === undefined ? [] : [{ method: 'eth_getBlockByNumber', params: [hex(cursor), false] }];
    const [headAnswer, ...rest] = await send([
      { method: 'eth_blockNumber', params: [] },
      ...asked,
      ...unseen.map((p) => ({ method: 'eth_getCode', params: [p, 'latest'] })),
    ]);
    const cursorAnswer = asked.length > 0 ? rest[0] : undefined;
    const codes = rest.slice(asked.length);
    unseen.forEach((p, k) => {
      if (codes[k]?.ok) pairs.set(p, isUniswapV2Pair(codes[k].result));
    });
    // Looked at again only after the watches are loaded again, or while a code went unanswered.
    if (unseen.every((p) => pairs.has(p))) poolsSeen = generation;
    const head = Number(BigInt(resultOf<string>(headAnswer, 'eth_blockNumber')));
    if (cursor === undefined) {
      // Start where the watches were last confirmed (a restart), else at the confirmed head,
      // with the hashes the last follower confirmed: a reorg while none followed is still seen.
      const checked = live.map((w) => w.lastCheckedBlock).filter((b): b is number => b !== null);
      cursor = checked.length > 0 ? Math.min(...checked) : head - confirmations;
      cursor = Math.min(cursor, head - confirmations);
      for (const [n, hash] of await repository.blockHashes(network)) if (n <= cursor && !hashes.has(n)) hashes.set(n, hash);
      return { kind: 'idle', head };
    }
    const known = hashes.get(cursor);
    const block = cursorAnswer?.ok ? (cursorAnswer.result as Block | null) : undefined;
    if (known !== undefined && block !== undefined && (block === null || block.hash !== known)) return reorg(live);

    const confirmed = head - confirmations;
    if (confirmed <= cursor) return { kind: 'idle', head };
    const from = cursor + 1;
    const to = Math.min(confirmed, cursor + range);
    const tag = hex(to);
    const layout = layoutOf(live);
    const { addresses, watched: watchedAddresses, callWatched, owners, values: planned, reads, plan } = layout;
    // The range's blocks with their transactions: which transaction called a watched address
    // (and, for bytecode-only tokens, the owner's calls to them). The last one is the block read at.
    const blocks = Array.from({ length: to - from + 1 }, (_, k) => from + k);
    const batched = plan.at(tag);
    const answers = await send([
      ...(addresses.length > 0 ? [{ method: 'eth_getLogs', params: [{ fromBlock: hex(from), toBlock: tag, address: addresses }] }] : []),
      ...batched.calls,
      ...blocks.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), true] })),
    ]);
    const offset = addresses.length > 0 ? 1 : 0;
    if (addresses.length > 0 && !answers[0]!.ok) {
      // Too many logs or blocks for the node: ask for fewer blocks next time.
      range = Math.max(1, Math.floor(range / 2));
      return { kind: 'failed', reason: `eth_getLogs: ${answers[0]!.ok ? '' : answers[0]!.message}`, range };
    }
    const logs = addresses.length > 0 ? (answers[0]!.ok ? (answers[0]!.result as Log[]) : []) : [];
    const readItems = answers.slice(offset, offset + batched.calls.length);
    // A node that refuses state overrides is read value by value from the next step on.
    if (batched.refused(readItems)) overrides = false;
    for (const view of batched.failedViews(readItems)) alone.add(view);
    for (const view of batched.answeredAlone(readItems)) alone.delete(view);
    const readAnswers: (RpcAnswer | undefined)[] = new Array(reads.length);
    batched.answers(readItems).forEach((answer, k) => (readAnswers[layout.loud[k]!] = answer));
    // Known pairs' supplies: read (a third round trip, at the same block) only where the pair
    // logged in the range, or all of them the first time this layout is read.
    const logged = new Set(logs.map((log) => log.address.toLowerCase()));
    const quiet = [...layout.quiet].filter(([pair]) => layout.fresh || logged.has(pair)).flatMap(([, js]) => js);
    if (quiet.length > 0) {
      const extra = planReads(
        quiet.map((j) => reads[j]!),
        { multicall: options.multicall ?? null, overrides },
      ).at(tag);
      const items = await send(extra.calls);
      if (extra.refused(items)) overrides = false;
      extra.answers(items).forEach((answer, k) => (readAnswers[quiet[k]!] = answer));
    }
    const bodies = answers.slice(offset + batched.calls.length).map((answer, k) => resultOf<FullBlock | null>(answer, `block ${from + k}`));
    const target = bodies.at(-1);
    if (!target || bodies.some((b) => b === null)) throw new RpcUnavailableError(`block ${to} is not there yet`, false);

    // Which transaction changed an address: the last one sent to it, else the last that made it log.
    const lastTx = new Map<string, string>();
    for (const log of logs) if (log.transactionHash) lastTx.set(log.address.toLowerCase(), log.transactionHash);
    const calls = new Map<string, Transaction[]>();
    for (const body of bodies as FullBlock[]) {
      for (const tx of body.transactions) {
        const to = tx.to?.toLowerCase();
        if (!to) continue;
        if (watchedAddresses.has(to)) lastTx.set(to, tx.hash);
        if (callWatched.has(to)) calls.set(to, [...(calls.get(to) ?? []), tx]);
      }
    }
    const time = Number(BigInt(target.timestamp)) * 1000;
    const events: WatchEvent[] = [];
    const byWatch = new Map<string, Map<string, string | null>>();
    for (let j = 0; j < reads.length; j++) {
      const answer = readAnswers[j];
      if (!answer?.ok) continue; // not read this time: compared at the next block
      let values = byWatch.get(owners[j]!);
      if (!values) byWatch.set(owners[j]!, (values = new Map()));
      values.set(planned[j]!.key, decodeValue(reads[j]!, answer));
    }
    for (const watch of live) {
      if (watch.lastCheckedBlock !== null && watch.lastCheckedBlock >= to) continue; // its baseline is newer than this block
      const read = byWatch.get(watch.id) ?? new Map<string, string | null>();
      if (unchanged(watch, read)) continue;
      const made = await compare(watch, read, { number: to, hash: target.hash, time }, lastTx, calls.get(watch.token.toLowerCase()) ?? []);
      events.push(...made);
    }
    layout.fresh = false;
    hashes.set(to, target.hash);
    for (const n of hashes.keys()) if (n <= to - HASH_WINDOW) hashes.delete(n);
    cursor = to;
    await repository.rememberBlock(network, to, target.hash, HASH_WINDOW);
    await repository.checked(network, to);
    if (watches)
      watches = watches.map((w) => (w.lastCheckedBlock === null || w.lastCheckedBlock < to ? { ...w, lastCheckedBlock: to } : w));
    // Grows back towards the configured range after a success.
    range = Math.min(maxRange, range * 2);
    return { kind: 'advanced', from, to, events };
  }

  /** A totalSupply() the plan calls on an address that is not the token: its pool. */
  function pools(watch: WatchRecord): string[] {
    const token = watch.token.toLowerCase();
    return watch.baseline.plan.values.flatMap((v) =>
      v.read.type === 'call' && v.read.data === SELECTORS.totalSupply && v.read.address.toLowerCase() !== token
        ? [v.read.address.toLowerCase()]
        : [],
    );
  }

  /**
   * Nothing compare() could report or save: every value read as it was, no lock to time, no
   * owner call to look for. Most watches, most blocks; decided without compare()'s await,
   * which at 10 000 watches was the follower's largest own cost a block.
   */
  function unchanged(watch: WatchRecord, read: ReadonlyMap<string, string | null>): boolean {
    const base = watch.baseline;
    if (base.plan.locks.length > 0 || base.plan.ownerCalls) return false;
    for (const [key, after] of read) if (after !== (base.values[key] ?? null)) return false;
    return true;
  }

  async function compare(
    watch: WatchRecord,
    read: ReadonlyMap<string, string | null>,
    block: { number: number; hash: string; time: number },
    lastTx: ReadonlyMap<string, string>,
    calls: readonly Transaction[],
  ): Promise<WatchEvent[]> {
    const base = watch.baseline;
    // Copied only when a value moved: most watches see none, and at 10 000 tokens a copy each
    // was a block's worth of garbage.
    let values: Record<string, string | null> = base.values;
    const alerts: Alert[] = [];
    for (const value of base.plan.values) {
      if (!read.has(value.key)) continue;
      const after = read.get(value.key)!;
      const before = base.values[value.key] ?? null;
      if (after === before) continue;
      if (values === base.values) values = { ...base.values };
      values[value.key] = after;
      // Not read when the watch was made (a node error then): this first read is its baseline.
      if (!(value.key in base.values)) continue;
      // owner() and the owner variable it returns move together: one event says it.
      const said = value.kind === 'owner-changed' && alerts.some((a) => a.kind === 'owner-changed' && a.after === after);
      if (isAlert(value, before, after) && !said)
        alerts.push({
          key: value.key,
          kind: value.kind,
          words: describeValueChange(value, before, after, base.decimals),
          before,
          after,
          transactionHash: lastTx.get(value.read.address.toLowerCase()) ?? null,
        });
    }
    // Bytecode only: an owner call the values above did not explain is reported with what the simulation now says.
    const owner = (values['owner()'] ?? base.values['owner()'])?.toLowerCase();
    const ownerCall = calls.find((tx) => tx.from.toLowerCase() === owner && !ERC20_SELECTORS.has(tx.input.slice(0, 10).toLowerCase()));
    if (base.plan.ownerCalls && ownerCall && alerts.length === 0)
      alerts.push({
        key: `call:${ownerCall.hash}`,
        kind: 'power-variable-changed',
        words: `the owner called ${ownerCall.input.slice(0, 10)} on the token (its code is not verified: what the call changed is read from the simulation)`,
        before: null,
        after: null,
        transactionHash: ownerCall.hash,
      });
    const locks: Record<string, 'expiring' | 'expired'> = { ...base.locks };
    const lockEvents: { kind: WatchEventKind; summary: string; key: string }[] = [];
    for (const lock of base.plan.locks) {
      const opens = Date.parse(lock.unlockAt);
      const state = block.time >= opens ? 'expired' : opens - block.time <= 7 * DAY_MS ? 'expiring' : undefined;
      if (!state || locks[lock.key] === state || (locks[lock.key] === 'expired' && state === 'expiring')) continue;
      locks[lock.key] = state;
      lockEvents.push({
        kind: state === 'expired' ? 'lock-expired' : 'lock-expiring',
        key: lock.key,
        summary:
          state === 'expired'
            ? `${lock.label} expired on ${lock.unlockAt}: the locked tokens can be withdrawn`
            : `${lock.label} expires on ${lock.unlockAt}, within 7 days`,
      });
    }
    const changedValues = values !== base.values;
    if (alerts.length === 0 && lockEvents.length === 0) {
      if (changedValues) await save(watch, { ...base, values, locks }, watch.verdict);
      return [];
    }
    const verdictAfter = alerts.length > 0 ? await options.resimulate(watch).catch(() => null) : base.verdict;
    const verdictWords = alerts.length > 0 ? describeVerdictChange(base.verdict, verdictAfter) : null;
    const detectedAt = now().toISOString();
    const common = {
      watchId: watch.id,
      network,
      token: watch.token,
      blockNumber: block.number,
      blockHash: block.hash,
      verdictBefore: base.verdict?.summary ?? null,
      verdictAfter: verdictAfter?.summary ?? null,
      retracts: null,
      detectedAt,
    };
    const events: WatchEvent[] = [
      ...alerts.map((alert) => ({
        ...common,
        id: eventId(watch.id, block.hash, alert.key),
        kind: alert.kind,
        transactionHash: alert.transactionHash,
        summary: [alert.words, verdictWords ?? (alert.key.startsWith('call:') ? 'the verdict reads the same' : null)]
          .filter(Boolean)
          .join('; '),
        before: alert.before,
        after: alert.after,
      })),
      ...lockEvents.map((lock) => ({
        ...common,
        id: eventId(watch.id, block.hash, lock.key, lock.kind),
        kind: lock.kind,
        transactionHash: null,
        summary: lock.summary,
        before: null,
        after: null,
      })),
    ];
    await save(watch, { ...base, values, locks, verdict: verdictAfter ?? base.verdict }, verdictAfter?.summary ?? watch.verdict);
    for (const event of events) await emit(watch, event);
    return events;
  }

  async function save(watch: WatchRecord, baseline: Baseline, verdict: string | null) {
    await repository.saveBaseline(watch.id, baseline, verdict);
    if (watches) watches = watches.map((w) => (w.id === watch.id ? { ...w, baseline, verdict } : w));
  }

  /** The chain under the cursor changed: retract what the undone blocks said, read the values again at the fork. */
  async function reorg(live: WatchRecord[]): Promise<StepOutcome> {
    const numbers = [...hashes.keys()].sort((a, b) => b - a);
    const answers = await send(numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), false] })));
    let fork: number | undefined;
    for (const [i, n] of numbers.entries()) {
      const block = answers[i]?.ok ? (answers[i].result as Block | null) : null;
      if (block && block.hash === hashes.get(n)) {
        fork = n;
        break;
      }
    }
    // Deeper than the window: start again from its oldest block.
    fork ??= Math.max(0, (numbers.at(-1) ?? cursor ?? 0) - 1);
    for (const n of [...hashes.keys()]) if (n > fork) hashes.delete(n);
    const undone = await repository.eventsAfter(network, fork);
    const byId = new Map(live.map((w) => [w.id, w]));
    const events: WatchEvent[] = [];
    const detectedAt = now().toISOString();
    for (const event of undone) {
      const watch = byId.get(event.watchId);
      if (!watch) continue;
      const retraction: WatchEvent = {
        ...event,
        id: eventId(event.id, 'retracted'),
        kind: 'retracted',
        blockNumber: fork,
        blockHash: hashes.get(fork) ?? event.blockHash,
        summary: `Retracted: a reorganisation of the chain undid block ${event.blockNumber}, where this was seen: ${event.summary}`,
        before: event.after,
        after: event.before,
        verdictBefore: event.verdictAfter,
        verdictAfter: event.verdictBefore,
        retracts: event.id,
        detectedAt,
      };
      await emit(watch, retraction);
      events.push(retraction);
    }
    // The values as they stand at the fork become the baselines again.
    const tag = hex(fork);
    const reads = live.flatMap((w) => w.baseline.plan.values.map((value) => ({ watch: w, value })));
    const values = await send(reads.map((r) => readCall(r.value, tag)));
    const retractedWatches = new Set(events.map((e) => e.watchId));
    for (const watch of live) {
      const next: Record<string, string | null> = { ...watch.baseline.values };
      reads.forEach((r, i) => {
        if (r.watch.id === watch.id && values[i]?.ok) next[r.value.key] = decodeValue(r.value, values[i]);
      });
      const verdict = retractedWatches.has(watch.id) ? await options.resimulate(watch).catch(() => null) : watch.baseline.verdict;
      await save(watch, { ...watch.baseline, values: next, verdict: verdict ?? watch.baseline.verdict }, verdict?.summary ?? watch.verdict);
    }
    cursor = fork;
    watches = undefined;
    await repository.forgetBlocksAfter(network, fork);
    await repository.rewound(network, fork);
    return { kind: 'reorg', fork, events };
  }

  return {
    step,
    invalidate: () => {
      watches = undefined;
    },
    cursor: () => cursor,
  };
}
