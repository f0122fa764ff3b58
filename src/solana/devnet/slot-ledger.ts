/**
 * The embedded Solana network's slots. LiteSVM executes transactions but has no blocks: on
 * its own every answer would carry one fixed slot, and a follower of slots (src/watch)
 * would never see the network move. The ledger gives it a slot that advances: each state
 * change opens a new slot (`LiteSVM.warpToSlot`, a fresh blockhash) and lands in it, and
 * remembers the block of each slot and which transaction touched which account, so
 * getSlot, every `context.slot`, getBlock and getSignaturesForAddress answer as a node
 * would. Every slot is final at once: there is one validator and no fork.
 */
import type { LiteSVM } from 'litesvm';

export interface LedgerBlock {
  readonly slot: number;
  readonly blockhash: string;
  readonly previousBlockhash: string;
  readonly parentSlot: number;
  /** Unix seconds when the slot was opened. */
  readonly blockTime: number;
}

export interface LedgerSignature {
  readonly signature: string;
  readonly slot: number;
  readonly blockTime: number;
}

export interface SlotLedger {
  /** The current slot: the newest, and (one validator) also the finalized one. */
  slot(): number;
  /** Opens the next slot; returns it. */
  advance(): number;
  block(slot: number): LedgerBlock | undefined;
  /** Records a transaction of the current slot and the accounts it wrote. */
  record(signature: string, accounts: readonly string[]): void;
  /** Signatures that touched the account, newest first. */
  signaturesFor(account: string, limit: number): LedgerSignature[];
}

/** Blocks and signatures kept: a long devnet session keeps its memory bounded. */
const KEEP = 10_000;

export function createSlotLedger(svm: LiteSVM, options: { now?: () => number; firstSlot?: number } = {}): SlotLedger {
  const now = options.now ?? Date.now;
  const blocks = new Map<number, LedgerBlock>();
  const byAccount = new Map<string, LedgerSignature[]>();
  let current = options.firstSlot ?? 1;
  let previous = svm.latestBlockhash() as string;

  function open(slot: number, parentSlot: number) {
    svm.warpToSlot(BigInt(slot));
    // A new slot has a new blockhash (and a transaction repeated in it is not a duplicate).
    svm.expireBlockhash();
    const blockhash = svm.latestBlockhash() as string;
    blocks.set(slot, { slot, blockhash, previousBlockhash: previous, parentSlot, blockTime: Math.floor(now() / 1000) });
    blocks.delete(slot - KEEP);
    previous = blockhash;
  }
  open(current, current - 1);

  return {
    slot: () => current,
    advance() {
      current += 1;
      open(current, current - 1);
      return current;
    },
    block: (slot) => blocks.get(slot),
    record(signature, accounts) {
      const entry = { signature, slot: current, blockTime: blocks.get(current)!.blockTime };
      for (const account of accounts) {
        const list = byAccount.get(account) ?? [];
        list.unshift(entry);
        byAccount.set(account, list.slice(0, KEEP));
      }
    },
    signaturesFor: (account, limit) => (byAccount.get(account) ?? []).slice(0, limit),
  };
}
