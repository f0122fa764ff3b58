/**
 * The offline half of `scopeward verify` (issue 33): is this receipt, byte for byte, what
 * a key of the issuer signed? Needs only the receipt and the issuer's keys document; no
 * network. The answers are the words: "signature invalid", "unknown key id",
 * "expired key", and a receipt signed after its key was retired is refused too.
 */
import { verify } from 'node:crypto';
import { CanonicalJsonError } from './canonical-json.ts';
import { bodyDigest, publicKeyFromRaw, type KeysDocument, type PublishedKey } from './receipt-keys.ts';
import { bodyOf, RECEIPT_FORMAT, type Receipt } from './receipt.ts';

export type SignatureProblem =
  'not a receipt' | 'signature invalid' | 'unknown key id' | 'expired key' | 'key retired before the receipt was issued';

export type SignatureCheck =
  | { readonly ok: true; readonly key: PublishedKey; readonly receipt: Receipt }
  | { readonly ok: false; readonly problem: SignatureProblem; readonly detail: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether `value` has a receipt's shape (what the replay reads); the signature decides the rest. */
export function receiptShapeProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'the receipt is not a JSON object';
  if (value.format !== RECEIPT_FORMAT) return `the receipt's format is not ${RECEIPT_FORMAT}`;
  const s = value.signature;
  if (!isRecord(s) || s.alg !== 'Ed25519' || typeof s.keyId !== 'string' || typeof s.value !== 'string')
    return 'the receipt has no Ed25519 signature (alg, keyId, value)';
  if (!Array.isArray(value.calls)) return 'the receipt has no calls';
  const bad = value.calls.findIndex(
    (c: unknown) =>
      !isRecord(c) ||
      typeof c.method !== 'string' ||
      typeof c.index !== 'number' ||
      !Array.isArray(c.params) ||
      typeof c.supports !== 'string',
  );
  if (bad >= 0) return `call ${bad} of the receipt is not a call (index, supports, method, params)`;
  const env = value.environment;
  if (!isRecord(env) || !['fork', 'snapshot', 'local'].includes(String(env.mode)) || !isRecord(env.block))
    return 'the receipt names no chain state (environment.mode, environment.block)';
  if (typeof value.issuedAt !== 'string' || Number.isNaN(Date.parse(value.issuedAt))) return 'the receipt has no issuedAt time';
  return null;
}

export function checkSignature(value: unknown, document: KeysDocument, now: Date): SignatureCheck {
  const shape = receiptShapeProblem(value);
  if (shape) return { ok: false, problem: 'not a receipt', detail: shape };
  const receipt = value as Receipt;
  const key = document.keys.find((k) => k.keyId === receipt.signature.keyId);
  if (!key)
    return {
      ok: false,
      problem: 'unknown key id',
      detail: `no key ${receipt.signature.keyId} among the issuer's ${document.keys.length} keys`,
    };
  if (key.expiresAt !== null && now.getTime() >= Date.parse(key.expiresAt))
    return { ok: false, problem: 'expired key', detail: `key ${key.keyId} expired at ${key.expiresAt}: it verifies nothing since` };
  let digest: Buffer;
  try {
    digest = bodyDigest(bodyOf(receipt));
  } catch (error) {
    if (error instanceof CanonicalJsonError) return { ok: false, problem: 'not a receipt', detail: error.message };
    throw error;
  }
  let valid: boolean;
  try {
    valid = verify(null, digest, publicKeyFromRaw(key.publicKey), Buffer.from(receipt.signature.value, 'base64url'));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, problem: 'signature invalid', detail: `the receipt is not what key ${key.keyId} signed` };
  if (key.retiredAt !== null && Date.parse(receipt.issuedAt) > Date.parse(key.retiredAt))
    return {
      ok: false,
      problem: 'key retired before the receipt was issued',
      detail: `key ${key.keyId} was retired at ${key.retiredAt}, the receipt says ${receipt.issuedAt}`,
    };
  return { ok: true, key, receipt };
}

/** Whether `value` is a keys document (the well-known file or a local copy). */
export function keysDocumentProblem(value: unknown): string | null {
  if (!isRecord(value) || !Array.isArray(value.keys)) return 'not a keys document (an object with a keys array)';
  for (const k of value.keys) {
    if (!isRecord(k) || typeof k.keyId !== 'string' || typeof k.publicKey !== 'string') return 'a key has no keyId or publicKey';
  }
  return null;
}
