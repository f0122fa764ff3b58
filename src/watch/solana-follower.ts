/**
 * The follower of one Solana network (issue 32, items 2 and 3, for Solana mints; decision
 * 0251). Each step costs one round trip when the network has not moved and two otherwise,
 * however many mints are watched; a third only when something changed:
 *
 *   1. `getSlot` at the follower's commitment;
 *   2. one batch: `getMultipleAccounts` of every watched mint, 100 addresses an item (a
 *      node's limit), each at that commitment and no older than the slot just read;
 *   3. on a change: `getSignaturesForAddress` of each changed mint (which transaction did
 *      it) and `getBlock` of the slot read (its hash), in one batch.
 *
 * A watch's values (src/watch/solana-mint-state.ts: the mint and freeze authorities, the
 * supply, every Token-2022 extension) are compared to its baseline; a change is an event
 * of the existing kinds, the mint is scanned again and the event says what that did to the
 * verdict, as the EVM follower does (./follower.ts).
 *
 * Reorgs: reads are at `finalized` commitment by default. A finalized slot is rooted by a
 * supermajority of the stake and never rolled back, so nothing seen needs retracting: no
 * block hashes are kept, unlike the EVM follower. The price is the finalization delay
 * (about 32 slots, some 13 s on mainnet). `confirmed` is faster, but a confirmed slot can in
 * principle still be dropped and nothing would retract what was said about it.
 */
import type { WatchEvent } from '../interface/schemas/watches.ts';
import type { WatchDeliveries } from './delivery/watch-deliveries.ts';
import { resultOf, type JsonRpcBatch } from './json-rpc-batch.ts';
import { describeVerdictChange, type VerdictSnapshot } from './describe-change.ts';
import { eventId, type Follower, type StepOutcome } from './follower.ts';
import { compareMintStates, mintWatchState, type MintWatchState } from './solana-mint-state.ts';
import type { Baseline, WatchRecord, WatchRepository } from './watch-repository.ts';

export type SolanaCommitment = 'finalized' | 'confirmed';

export interface SolanaFollowerOptions {
  readonly network: string;
  readonly rpc: JsonRpcBatch;
  readonly repository: WatchRepository;
  readonly deliveries: WatchDeliveries;
  /** Scans the mint again after a change; null when no verdict could be made. */
  readonly resimulate: (watch: WatchRecord) => Promise<VerdictSnapshot | null>;
  /** The commitment every read is made at (default `finalized`: see the reorg note above). */
  readonly commitment?: SolanaCommitment;
  readonly now?: () => Date;
  readonly onError?: (error: unknown) => void;
}

/** The commitment of a watch's baseline and of the follower's reads unless told otherwise. */
export const SOLANA_WATCH_COMMITMENT: SolanaCommitment = 'finalized';

/** A node answers at most 100 addresses in one getMultipleAccounts. */
export const ACCOUNTS_PER_CALL = 100;
/** Signatures asked per changed mint: the transaction of the change is among the newest. */
const SIGNATURES_PER_MINT = 20;

interface AccountsAnswer {
  readonly context: { readonly slot: number };
  readonly value: readonly ({ readonly owner: string; readonly data: readonly [string, string] } | null)[];
}

interface SignatureInfo {
  readonly signature: string;
  readonly slot: number;
  readonly err: unknown;
}

/** The state of a watched account as read: its values, gone (null), or unreadable as a mint (undefined: compared next time). */
function stateOf(token: string, account: AccountsAnswer['value'][number]): MintWatchState | null | undefined {
  if (account === null) return null;
  try {
    return mintWatchState(token, account.owner, Buffer.from(account.data[0], 'base64'));
  } catch {
    return undefined;
  }
}

export function createSolanaFollower(options: SolanaFollowerOptions): Follower {
  const { network, rpc, repository } = options;
  const commitment = options.commitment ?? SOLANA_WATCH_COMMITMENT;
  const now = options.now ?? (() => new Date());
  let cursor: number | undefined;
  let watches: WatchRecord[] | undefined;

  const load = async () => (watches ??= await repository.liveOn(network)).filter((w) => w.chain === 'solana');

  async function step(): Promise<StepOutcome> {
    try {
      return await advance();
    } catch (error) {
      options.onError?.(error);
      return { kind: 'failed', reason: error instanceof Error ? error.message : String(error), range: 1 };
    }
  }

  async function advance(): Promise<StepOutcome> {
    const live = await load();
    const [slotAnswer] = await rpc.send([{ method: 'getSlot', params: [{ commitment }] }]);
    const head = resultOf<number>(slotAnswer, 'getSlot');
    if (cursor === undefined) {
      // Start where the watches were last compared (a restart, or a lease taken over), else at the head.
      const checked = live.map((w) => w.lastCheckedBlock).filter((b): b is number => b !== null);
      cursor = checked.length > 0 ? Math.min(...checked) : head;
    }
    if (head < cursor) {
      // The slots went back: only a network rebuilt from its genesis does that (the embedded
      // one at each start). Its state is compared from its head on, against the baselines.
      cursor = head - 1;
      await repository.rewound(network, cursor);
      watches = undefined;
      return advance();
    }
    if (head <= cursor) return { kind: 'idle', head };
    const from = cursor + 1;

    const tokens = [...new Set(live.map((w) => w.token))];
    const chunks = Array.from({ length: Math.ceil(tokens.length / ACCOUNTS_PER_CALL) }, (_, k) =>
      tokens.slice(k * ACCOUNTS_PER_CALL, (k + 1) * ACCOUNTS_PER_CALL),
    );
    const answers = await rpc.send(
      chunks.map((chunk) => ({
        method: 'getMultipleAccounts',
        // minContextSlot: a node behind a load balancer that lags the slot just read answers an error, not old state.
        params: [chunk, { encoding: 'base64', commitment, minContextSlot: head }],
      })),
    );
    const read = new Map<string, { slot: number; state: MintWatchState | null | undefined }>();
    let to = head;
    chunks.forEach((chunk, k) => {
      const answer = resultOf<AccountsAnswer>(answers[k], 'getMultipleAccounts');
      to = Math.max(to, answer.context.slot);
      chunk.forEach((token, i) => read.set(token, { slot: answer.context.slot, state: stateOf(token, answer.value[i] ?? null) }));
    });

    const changed: { watch: WatchRecord; slot: number; state: MintWatchState | null }[] = [];
    for (const watch of live) {
      const seen = read.get(watch.token);
      if (!seen || seen.state === undefined) continue; // unreadable this time: compared at the next slot
      if (watch.lastCheckedBlock !== null && watch.lastCheckedBlock >= seen.slot) continue; // its baseline is newer
      if (compareMintStates(watch.baseline.values, seen.state).length > 0) changed.push({ watch, slot: seen.slot, state: seen.state });
    }

    const events: WatchEvent[] = [];
    if (changed.length > 0) {
      const slots = [...new Set(changed.map((c) => c.slot))];
      const mints = [...new Set(changed.map((c) => c.watch.token))];
      const extra = await rpc.send([
        ...mints.map((mint) => ({ method: 'getSignaturesForAddress', params: [mint, { limit: SIGNATURES_PER_MINT, commitment }] })),
        ...slots.map((slot) => ({
          method: 'getBlock',
          params: [slot, { commitment, transactionDetails: 'none', rewards: false, maxSupportedTransactionVersion: 0 }],
        })),
      ]);
      const signatures = new Map(mints.map((mint, i) => [mint, extra[i]?.ok ? (extra[i].result as SignatureInfo[]) : []]));
      // A slot whose block the node no longer keeps (a pruned ledger) has no hash to show: the event says ''.
      const hashes = new Map(
        slots.map((slot, j) => {
          const answer = extra[mints.length + j];
          return [slot, answer?.ok ? ((answer.result as { blockhash?: string } | null)?.blockhash ?? '') : ''];
        }),
      );
      for (const c of changed) {
        const since = c.watch.lastCheckedBlock ?? -1;
        // The newest successful transaction on the mint since the last comparison.
        const tx = signatures.get(c.watch.token)?.find((s) => s.err === null && s.slot > since && s.slot <= c.slot)?.signature ?? null;
        events.push(...(await report(c.watch, c.state, { slot: c.slot, hash: hashes.get(c.slot) ?? '' }, tx)));
      }
    }
    cursor = to;
    await repository.checked(network, to);
    if (watches)
      watches = watches.map((w) => (w.lastCheckedBlock === null || w.lastCheckedBlock < to ? { ...w, lastCheckedBlock: to } : w));
    return { kind: 'advanced', from, to, events };
  }

  async function report(
    watch: WatchRecord,
    state: MintWatchState | null,
    block: { slot: number; hash: string },
    transactionHash: string | null,
  ): Promise<WatchEvent[]> {
    const base = watch.baseline;
    const alerts = compareMintStates(base.values, state);
    const verdictAfter = await options.resimulate(watch).catch(() => null);
    const verdictWords = describeVerdictChange(base.verdict, verdictAfter);
    const detectedAt = now().toISOString();
    const events: WatchEvent[] = alerts.map((alert) => ({
      // From what it is about: the same slot read twice (a restart) makes the same event, stored once.
      id: eventId(watch.id, String(block.slot), alert.key, alert.after ?? 'none'),
      watchId: watch.id,
      kind: alert.kind,
      network,
      token: watch.token,
      blockNumber: block.slot,
      blockHash: block.hash,
      transactionHash,
      summary: [alert.words, verdictWords].filter(Boolean).join('; '),
      before: alert.before,
      after: alert.after,
      verdictBefore: base.verdict?.summary ?? null,
      verdictAfter: verdictAfter?.summary ?? null,
      retracts: null,
      detectedAt,
    }));
    // A closed mint keeps its last values, marked closed: it is reported once.
    const values = state ?? { ...base.values, closed: 'true' };
    const baseline: Baseline = { ...base, values, verdict: verdictAfter ?? base.verdict };
    const verdict = verdictAfter?.summary ?? watch.verdict;
    await repository.saveBaseline(watch.id, baseline, verdict);
    if (watches) watches = watches.map((w) => (w.id === watch.id ? { ...w, baseline, verdict } : w));
    for (const event of events) if (await repository.addEvent(event)) await options.deliveries.enqueue(event, watch);
    return events;
  }

  return {
    step,
    invalidate: () => {
      watches = undefined;
    },
    cursor: () => cursor,
  };
}
