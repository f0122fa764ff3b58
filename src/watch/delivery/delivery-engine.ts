/**
 * The delivery engine (issue 32): records an event's deliveries and makes one attempt at
 * a delivery. It schedules nothing itself; the runners (in-process or BullMQ) decide when
 * `attempt` runs, and the database decides whether it may: an attempt first claims the
 * delivery with a lease, so two runners never send it at once, and a replica killed
 * mid-attempt leaves a lease that expires and a delivery that is due again (at least once).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Mailer } from '../../accounts/mailer.ts';
import type { OutboundPolicy } from '../../codehosts/outbound.ts';
import type { DeliveryStatus, WatchEvent } from '../../interface/schemas/watches.ts';
import type { Database } from '../../store/schema.ts';
import { createDeliveryRepository, type Claim, type DeliveryRepository, type NewDelivery } from './delivery-repository.ts';
import { RETRY_WINDOW_MS, retryDelayMs } from './retry-policy.ts';
import { sendEmail, type WebhookPayload } from './send-email.ts';
import { sendWebhook, type AttemptResult } from './send-webhook.ts';
import type { WatchForDelivery } from './watch-deliveries.ts';

export interface DeliveryEngineOptions {
  readonly db: Kysely<Database>;
  /** The configured mailer; null: e-mail deliveries fail with a clear error. */
  readonly mailer: Mailer | null;
  /** Private targets allowed (WEBHOOK_ALLOW_PRIVATE), the time limit per attempt, and (tests) the resolver. */
  readonly webhook: { readonly allowPrivateAddresses: boolean; readonly timeoutMs: number; readonly resolve?: OutboundPolicy['resolve'] };
  /** Who this process is, in the attempt log ("host/pid"). */
  readonly replica: string;
  readonly now?: () => Date;
  /** For the retry jitter; default Math.random. */
  readonly random?: () => number;
  /** The dashboard's address for links in e-mails (BASE_URL). */
  readonly dashboardUrl?: string | undefined;
}

export type AttemptOutcome =
  | { readonly outcome: 'delivered' | 'failed'; readonly attempt: number }
  | { readonly outcome: 'retry'; readonly attempt: number; readonly nextAttemptAt: string; readonly claims: number }
  /** Not due, already done, or another runner holds it. */
  | { readonly outcome: 'skipped' };

export interface DeliveryEngine {
  readonly repository: DeliveryRepository;
  /** Records the event's deliveries (one per channel of the watch); returns those newly recorded that are to be sent. */
  record(event: WatchEvent, watch: WatchForDelivery): Promise<NewDelivery[]>;
  /** One attempt at a delivery, if it is due and no one else holds it. */
  attempt(deliveryId: string): Promise<AttemptOutcome>;
  /** How long a claim lasts: the attempt's time limit and a margin for writing its result. */
  readonly leaseMs: number;
  now(): Date;
}

export function createDeliveryEngine(options: DeliveryEngineOptions): DeliveryEngine {
  const repository = createDeliveryRepository(options.db);
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const leaseMs = options.webhook.timeoutMs + 15_000;
  const policy: OutboundPolicy = {
    allowedOrigins: 'any',
    allowPrivateAddresses: options.webhook.allowPrivateAddresses,
    timeoutMs: options.webhook.timeoutMs,
    ...(options.webhook.resolve ? { resolve: options.webhook.resolve } : {}),
  };

  async function record(event: WatchEvent, watch: WatchForDelivery): Promise<NewDelivery[]> {
    const at = now().toISOString();
    const payload: WebhookPayload = { ...event, watch: { id: watch.id, token: watch.token, network: watch.network } };
    const base = {
      watchId: watch.id,
      accountId: watch.accountId,
      eventId: event.id,
      eventKind: event.kind,
      payload: JSON.stringify(payload),
      createdAt: at,
    };
    const toSend = {
      status: 'pending' as DeliveryStatus,
      nextAttemptAt: at,
      retryUntil: new Date(now().getTime() + RETRY_WINDOW_MS).toISOString(),
      deliveredAt: null,
    };
    const rows: NewDelivery[] = [];
    if (watch.webhookUrl !== null && watch.webhookSecret !== null)
      rows.push({ id: randomUUID(), ...base, channel: 'webhook', target: watch.webhookUrl, secret: watch.webhookSecret, ...toSend });
    if (watch.email !== null) rows.push({ id: randomUUID(), ...base, channel: 'email', target: watch.email, secret: null, ...toSend });
    // The dashboard lists events from the database: recording the event there is its delivery.
    if (watch.dashboard)
      rows.push({
        id: randomUUID(),
        ...base,
        channel: 'dashboard',
        target: null,
        secret: null,
        status: 'delivered',
        nextAttemptAt: null,
        retryUntil: null,
        deliveredAt: at,
      });
    const inserted = await repository.insert(rows);
    return inserted.filter((d) => d.channel !== 'dashboard');
  }

  async function send(claim: Claim, attemptNumber: number, started: Date): Promise<AttemptResult> {
    const row = claim.row;
    const payload = JSON.parse(row.payload) as WebhookPayload;
    // A watch deleted since the event: its owner asked for no more alerts.
    if (await repository.watchDeleted(row.watch_id)) return { verdict: 'failed', statusCode: null, error: 'the watch was deleted' };
    if (row.channel === 'webhook') {
      if (row.target === null || row.secret === null)
        return { verdict: 'failed', statusCode: null, error: 'the watch has no webhook URL or secret' };
      const request = {
        url: row.target,
        secret: row.secret,
        body: row.payload,
        eventId: row.event_id,
        eventKind: row.event_kind,
        deliveryId: row.id,
        attempt: attemptNumber,
        now: started,
      };
      return sendWebhook(request, policy);
    }
    if (row.channel === 'email') {
      if (options.mailer === null) return { verdict: 'failed', statusCode: null, error: 'no mailer is configured' };
      if (row.target === null) return { verdict: 'failed', statusCode: null, error: 'the watch has no e-mail address' };
      return sendEmail(options.mailer, row.target, payload, options.dashboardUrl);
    }
    return { verdict: 'delivered', statusCode: null, error: null };
  }

  async function attempt(deliveryId: string): Promise<AttemptOutcome> {
    const started = now();
    const claim = await repository.claim(
      deliveryId,
      `${options.replica}/${randomUUID()}`,
      started.toISOString(),
      new Date(started.getTime() + leaseMs).toISOString(),
    );
    if (!claim) return { outcome: 'skipped' };
    const attemptNumber = Number(claim.row.attempts) + 1;
    // Durations from the monotonic clock: the injected one may stand still in tests.
    const startedTick = performance.now();
    const result = await send(claim, attemptNumber, started);
    const durationMs = Math.round(performance.now() - startedTick);
    const finished = now();
    let status: DeliveryStatus = result.verdict === 'delivered' ? 'delivered' : result.verdict === 'failed' ? 'failed' : 'retrying';
    let nextAttemptAt: string | null = null;
    if (status === 'retrying') {
      const delay = Math.max(retryDelayMs(attemptNumber, random()), Math.min(result.retryAfterMs ?? 0, RETRY_WINDOW_MS));
      const next = new Date(finished.getTime() + delay);
      const until = claim.row.retry_until === null ? Infinity : Date.parse(claim.row.retry_until);
      if (next.getTime() <= until) nextAttemptAt = next.toISOString();
      else status = 'failed';
    }
    const error =
      status === 'failed' && result.verdict === 'retry' ? `${result.error ?? 'not delivered'} (gave up after 24 hours)` : result.error;
    await repository.finish(
      claim,
      {
        attempt: attemptNumber,
        startedAt: started.toISOString(),
        durationMs,
        outcome: status === 'delivered' ? 'delivered' : status === 'failed' ? 'failed' : 'retry',
        statusCode: result.statusCode,
        error,
        replica: options.replica,
      },
      { status, nextAttemptAt, deliveredAt: status === 'delivered' ? finished.toISOString() : null },
    );
    if (status === 'retrying' && nextAttemptAt !== null)
      return { outcome: 'retry', attempt: attemptNumber, nextAttemptAt, claims: claim.claim };
    return { outcome: status === 'delivered' ? 'delivered' : 'failed', attempt: attemptNumber };
  }

  return { repository, record, attempt, leaseMs, now };
}
