/**
 * A watch's delivery log as the API answers it (GET /api/watches/:id/deliveries) and
 * "Redeliver": the delivery made due at once with a fresh 24-hour window, its idempotency
 * key unchanged (a receiver that took it already drops the copy).
 */
import type { WatchDelivery } from '../../interface/schemas/watches.ts';
import { WatchDeliveryError } from './delivery-errors.ts';
import type { DeliveryRepository, DeliveryRow } from './delivery-repository.ts';
import { RETRY_WINDOW_MS } from './retry-policy.ts';

export async function deliveryLog(
  repository: DeliveryRepository,
  watchId: string,
  accountId: string,
  limit: number,
): Promise<WatchDelivery[]> {
  const rows = await repository.listForWatch(watchId, accountId, limit);
  const attempts = await repository.attempts(rows.map((r) => r.id));
  return rows.map((row) =>
    toWire(
      row,
      attempts.filter((a) => a.deliveryId === row.id),
    ),
  );
}

export function toWire(row: DeliveryRow, log: ReadonlyArray<NonNullable<WatchDelivery['log']>[number]> = []): WatchDelivery {
  const open = row.status === 'pending' || row.status === 'retrying';
  return {
    id: row.id,
    eventId: row.event_id,
    channel: row.channel as WatchDelivery['channel'],
    status: row.status as WatchDelivery['status'],
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    nextAttemptAt: open ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
    log: log.map((a) => ({
      attempt: a.attempt,
      startedAt: a.startedAt,
      durationMs: a.durationMs,
      outcome: a.outcome,
      statusCode: a.statusCode,
      error: a.error,
    })),
  };
}

/** Makes the delivery due now; 404 when it is not this watch's and account's, 409 for the dashboard's. */
export async function redeliver(
  repository: DeliveryRepository,
  input: { watchId: string; accountId: string; deliveryId: string; now: Date },
): Promise<DeliveryRow> {
  const row = await repository.find(input.deliveryId);
  if (!row || row.watch_id !== input.watchId || row.account_id !== input.accountId) throw new WatchDeliveryError(404, 'Delivery not found');
  if (row.channel === 'dashboard')
    throw new WatchDeliveryError(409, 'A dashboard delivery is the event listed on the Watchlist page: there is nothing to send again');
  const at = input.now.toISOString();
  await repository.redeliver(row.id, row.watch_id, row.account_id, at, new Date(input.now.getTime() + RETRY_WINDOW_MS).toISOString());
  return (await repository.find(row.id))!;
}
