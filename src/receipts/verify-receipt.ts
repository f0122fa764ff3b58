/**
 * One check for `scopeward verify` and `POST /api/receipts/verify` (issue 33): the
 * signature against the issuer's keys (offline), then the replay. One outcome, one
 * sentence: "reproduced", "signature invalid", "unknown key id", "expired key",
 * "differs at step N (…): how", "cannot replay: …".
 */
import type { KeysDocument } from './receipt-keys.ts';
import type { Receipt } from './receipt.ts';
import { replayReceipt, type ReplayOptions, type ReplayOutcome, type ReplaySource } from './replay-receipt.ts';
import { checkSignature, type SignatureProblem } from './verify-signature.ts';

export type VerifyVerdict = 'reproduced' | 'signature valid' | 'differs' | 'cannot replay' | SignatureProblem;

export interface VerifyOutcome {
  readonly verdict: VerifyVerdict;
  /** The line to print: the verdict and what it rests on. */
  readonly message: string;
  readonly signature: { readonly ok: boolean; readonly keyId: string | null; readonly detail: string };
  /** Absent when the signature failed or the replay was not asked for. */
  readonly replay?: ReplayOutcome;
}

export interface VerifyInput {
  readonly receipt: unknown;
  readonly keys: KeysDocument;
  readonly now: Date;
  /** Where to replay; absent: the signature only. The source is opened for the receipt (a fresh devnet, a fork…). */
  readonly replay?: (receipt: Receipt) => Promise<OpenedSource | string>;
  readonly replayOptions?: ReplayOptions;
}

/** A replay source and how to close what was opened for it (a devnet started for the replay). */
export interface OpenedSource {
  readonly source: ReplaySource;
  readonly close?: () => Promise<void>;
}

export function replayMessage(replay: ReplayOutcome): string {
  switch (replay.status) {
    case 'reproduced':
      return `reproduced: ${replay.calls} calls gave the recorded outcomes (${replay.durationMs} ms)`;
    case 'differs':
      return `differs at step ${replay.step} (${replay.method}, supporting "${replay.supports}"): ${replay.how}`;
    default:
      return replay.reason.startsWith('cannot replay') ? replay.reason : `cannot replay: ${replay.reason}`;
  }
}

export async function verifyReceipt(input: VerifyInput): Promise<VerifyOutcome> {
  const check = checkSignature(input.receipt, input.keys, input.now);
  if (!check.ok) {
    return {
      verdict: check.problem,
      message: `${check.problem}: ${check.detail}`,
      signature: { ok: false, keyId: null, detail: check.detail },
    };
  }
  const signature = { ok: true, keyId: check.key.keyId, detail: `signed by key ${check.key.keyId} at ${check.receipt.issuedAt}` };
  if (!input.replay) return { verdict: 'signature valid', message: `signature valid: ${signature.detail}`, signature };
  const opened = await input.replay(check.receipt);
  let replay: ReplayOutcome;
  if (typeof opened === 'string') replay = { status: 'cannot replay', reason: opened, durationMs: 0 };
  else {
    try {
      replay = await replayReceipt(check.receipt, opened.source, input.replayOptions);
    } finally {
      await opened.close?.();
    }
  }
  const verdict: VerifyVerdict = replay.status;
  return { verdict, message: replayMessage(replay), signature, replay };
}
