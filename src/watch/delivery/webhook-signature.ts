/**
 * Webhook signatures (issue 32). Each request carries
 *
 *   Scopeward-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of `${t}.${body}` keyed with the watch's secret>
 *
 * The timestamp is inside the signed text, so a captured request cannot be replayed later
 * than the receiver's tolerance. `verifyWebhookSignature` imports nothing but node:crypto:
 * a receiver written in TypeScript or JavaScript can copy it as it is (docs/watch-webhooks.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Scopeward-Signature';

/** The header value for `body` sent at `timestampSeconds`. */
export function signWebhook(secret: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string };

export interface VerifyOptions {
  /** The raw request body, exactly as received (before any JSON parsing). */
  readonly body: string;
  /** The Scopeward-Signature header. */
  readonly header: string | null | undefined;
  readonly secret: string;
  /** How old (or how far ahead) a timestamp may be; default 300 s. */
  readonly toleranceSeconds?: number;
  /** Now, in unix seconds; default the system clock. */
  readonly nowSeconds?: number;
}

/**
 * Checks a webhook request's signature: the header parses, the timestamp is within the
 * tolerance, and one of its `v1` signatures is the HMAC of `${t}.${body}` (compared in
 * constant time).
 *
 * @example
 * const check = verifyWebhookSignature({ body: rawBody, header: req.headers['scopeward-signature'], secret });
 * if (!check.ok) return reply.code(400).send(check.reason);
 */
export function verifyWebhookSignature(options: VerifyOptions): SignatureCheck {
  if (!options.header) return { ok: false, reason: 'no signature header' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of options.header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value !== undefined && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed signature header' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return { ok: false, reason: 'timestamp outside the tolerance' };
  const expected = createHmac('sha256', options.secret).update(`${timestamp}.${options.body}`).digest();
  const matches = signatures.some((hex) => timingSafeEqual(Buffer.from(hex, 'hex'), expected));
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'signature does not match' };
}
