/**
 * The follower of a Solana network: at each step one batch reads the confirmed slot, its
 * blockhash and every watched mint (`getMultipleAccounts`, 100 a call), and compares the
 * mint and freeze authorities and the Token-2022 extensions with the watch's baseline.
 * Confirmed commitment stands in for block confirmations (a confirmed slot is voted on by
 * a supermajority and is not rolled back in practice).
 */
import { createHash } from 'node:crypto';
import type { WatchEvent } from '../interface/schemas/watches.ts';
import type { WatchDeliveries } from './delivery/watch-deliveries.ts';
import { RpcUnavailableError, type JsonRpcBatch } from './json-rpc-batch.ts';
import { describeVerdictChange, type VerdictSnapshot } from './describe-change.ts';
import { mintChanges, mintState } from './solana-mint-state.ts';
import type { WatchRecord, WatchRepository } from './watch-repository.ts';
import type { Follower, StepOutcome } from './follower.ts';

export interface SolanaFollowerOptions {
  readonly network: string;
  readonly rpc: JsonRpcBatch;
  readonly repository: WatchRepository;
  readonly deliveries: WatchDeliveries;
  readonly resimulate: (watch: WatchRecord) => Promise<VerdictSnapshot | null>;
  readonly now?: () => Date;
  readonly onError?: (error: unknown) => void;
}

const PER_CALL = 100;

export function createSolanaFollower(options: SolanaFollowerOptions): Follower {
  const { network, rpc, repository } = options;
  const now = options.now ?? (() => new Date());
  let cursor: number | undefined;
  let watches: WatchRecord[] | undefined;

  async function advance(): Promise<StepOutcome> {
    const live = (watches ??= (await repository.liveOn(network)).filter((w) => w.chain === 'solana' && w.baseline.solana));
    const chunks: WatchRecord[][] = [];
    for (let i = 0; i < live.length; i += PER_CALL) chunks.push(live.slice(i, i + PER_CALL));
    const answers = await rpc.send([
      { method: 'getSlot', params: [{ commitment: 'confirmed' }] },
      { method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] },
      ...chunks.map((chunk) => ({
        method: 'getMultipleAccounts',
        params: [chunk.map((w) => w.token), { encoding: 'base64', commitment: 'confirmed' }],
      })),
    ]);
    if (!answers[0]?.ok)
      throw new RpcUnavailableError(`getSlot: ${answers[0] && !answers[0].ok ? answers[0].message : 'no answer'}`, false);
    const slot = Number(answers[0].result);
    const blockhash = answers[1]?.ok
      ? ((answers[1].result as { value?: { blockhash?: string } }).value?.blockhash ?? `slot ${slot}`)
      : `slot ${slot}`;
    if (cursor !== undefined && slot <= cursor) return { kind: 'idle', head: slot };
    const from = (cursor ?? slot - 1) + 1;
    const events: WatchEvent[] = [];
    for (const [c, chunk] of chunks.entries()) {
      const answer = answers[2 + c];
      if (!answer?.ok) continue;
      const accounts = (answer.result as { value: ({ data: string[]; owner: string } | null)[] }).value;
      for (const [i, watch] of chunk.entries()) {
        if (watch.lastCheckedBlock !== null && watch.lastCheckedBlock >= slot) continue;
        const state = mintState(watch.token, accounts[i] ?? null);
        if (typeof state === 'string') continue; // closed or unreadable this time: compared again at the next slot
        const changes = mintChanges(watch.baseline.solana!, state);
        if (changes.length === 0) continue;
        const verdictAfter = await options.resimulate(watch).catch(() => null);
        const words = describeVerdictChange(watch.baseline.verdict, verdictAfter);
        const baseline = { ...watch.baseline, solana: state, verdict: verdictAfter ?? watch.baseline.verdict };
        await repository.saveBaseline(watch.id, baseline, verdictAfter?.summary ?? watch.verdict);
        watches = watches.map((w) => (w.id === watch.id ? { ...w, baseline, verdict: verdictAfter?.summary ?? w.verdict } : w));
        for (const change of changes) {
          const event: WatchEvent = {
            id: createHash('sha256')
              .update([watch.id, String(slot), change.key].join('\0'))
              .digest('hex')
              .slice(0, 32),
            watchId: watch.id,
            kind: change.kind,
            network,
            token: watch.token,
            blockNumber: slot,
            blockHash: blockhash,
            transactionHash: null,
            summary: [change.summary, words].filter(Boolean).join('; '),
            before: change.before,
            after: change.after,
            verdictBefore: watch.baseline.verdict?.summary ?? null,
            verdictAfter: verdictAfter?.summary ?? null,
            retracts: null,
            detectedAt: now().toISOString(),
          };
          if (await repository.addEvent(event)) await options.deliveries.enqueue(event, watch);
          events.push(event);
        }
      }
    }
    cursor = slot;
    await repository.checked(network, slot);
    watches = watches.map((w) => (w.lastCheckedBlock === null || w.lastCheckedBlock < slot ? { ...w, lastCheckedBlock: slot } : w));
    return { kind: 'advanced', from, to: slot, events };
  }

  return {
    async step() {
      try {
        return await advance();
      } catch (error) {
        options.onError?.(error);
        return { kind: 'failed', reason: error instanceof Error ? error.message : String(error), range: 1 };
      }
    },
    invalidate: () => {
      watches = undefined;
    },
    cursor: () => cursor,
  };
}
