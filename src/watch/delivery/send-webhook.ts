/**
 * One webhook attempt: the signed POST through the outbound guard, and what its answer
 * means. Headers (docs/watch-webhooks.md):
 *
 *   Content-Type: application/json
 *   Scopeward-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of `${t}.${body}`>
 *   Scopeward-Idempotency-Key: <the event's id> (the same on every retry and redelivery)
 *   Scopeward-Event: <the event's kind>
 *   Scopeward-Delivery: <the delivery's id>, Scopeward-Attempt: <1, 2, …>
 */
import { outboundFetch, OutboundError, type OutboundPolicy } from '../../codehosts/outbound.ts';
import { retryAfterMs, verdictForStatus, type AttemptVerdict } from './retry-policy.ts';
import { SIGNATURE_HEADER, signWebhook } from './webhook-signature.ts';

export interface WebhookRequest {
  readonly url: string;
  readonly secret: string;
  readonly body: string;
  readonly eventId: string;
  readonly eventKind: string;
  readonly deliveryId: string;
  readonly attempt: number;
  readonly now: Date;
}

export interface AttemptResult {
  readonly verdict: AttemptVerdict;
  readonly statusCode: number | null;
  readonly error: string | null;
  /** The receiver's Retry-After, when it gave one with a 429 or 503. */
  readonly retryAfterMs?: number;
}

/** What a receiver may answer with; more is cut off (and the attempt retried). */
const MAX_ANSWER_BYTES = 256 * 1024;

export function webhookHeaders(request: WebhookRequest): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'scopeward-webhooks/1',
    [SIGNATURE_HEADER.toLowerCase()]: signWebhook(request.secret, Math.floor(request.now.getTime() / 1000), request.body),
    'scopeward-idempotency-key': request.eventId,
    'scopeward-event': request.eventKind,
    'scopeward-delivery': request.deliveryId,
    'scopeward-attempt': String(request.attempt),
  };
}

export async function sendWebhook(request: WebhookRequest, policy: OutboundPolicy): Promise<AttemptResult> {
  try {
    const answer = await outboundFetch(
      request.url,
      { method: 'POST', headers: webhookHeaders(request), body: request.body },
      policy,
      MAX_ANSWER_BYTES,
    );
    const verdict = verdictForStatus(answer.status);
    const error = verdict === 'delivered' ? null : describeAnswer(answer.status, answer.body);
    const after = retryAfterMs(answer.headers.get('retry-after'), request.now);
    return { verdict, statusCode: answer.status, error, ...(verdict === 'retry' && after !== undefined ? { retryAfterMs: after } : {}) };
  } catch (error) {
    if (error instanceof OutboundError) {
      // A target the guard refuses stays refused on a retry; a receiver down or slow may come back.
      const permanent = error.reason === 'private-address' || error.reason === 'not-allowed';
      return { verdict: permanent ? 'failed' : 'retry', statusCode: null, error: error.message };
    }
    return { verdict: 'retry', statusCode: null, error: error instanceof Error ? error.message : String(error) };
  }
}

function describeAnswer(status: number, body: Buffer): string {
  const text = body.subarray(0, 200).toString('utf8').replace(/\s+/g, ' ').trim();
  return text ? `HTTP ${status}: ${text}` : `HTTP ${status}`;
}
