/** A watch's delivery log: each event's delivery per channel, its attempts, and "Redeliver". */
import { useDeliveries, useRedeliver, type WatchDelivery, type WatchEvent } from '../../api/watches.ts';
import { EmptyState, Skeleton } from '../../ui/Card.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/Alert.tsx';
import { Time } from '../../ui/Time.tsx';

const STATUS_CLASS: Record<WatchDelivery['status'], string> = {
  delivered: 'status status-done',
  failed: 'status status-failed',
  pending: 'status status-pending',
  retrying: 'status status-pending',
};

function lastAnswer(delivery: WatchDelivery): string {
  if (delivery.channel === 'dashboard') return 'listed on this page';
  if (delivery.lastError) return delivery.lastError;
  if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`;
  return delivery.status === 'delivered' ? 'sent' : '—';
}

function DeliveryRow({ watchId, delivery, summary }: { watchId: string; delivery: WatchDelivery; summary: string }) {
  const redeliver = useRedeliver(watchId);
  const last = delivery.log?.at(-1);
  return (
    <tr>
      <th scope="row" className="truncate" title={summary}>
        {summary}
      </th>
      <td data-label="Channel">{delivery.channel}</td>
      <td data-label="Status">
        <span className={STATUS_CLASS[delivery.status]}>{delivery.status}</span>
        {delivery.nextAttemptAt ? (
          <span className="muted">
            {' '}
            · next <Time iso={delivery.nextAttemptAt} />
          </span>
        ) : delivery.deliveredAt ? (
          <span className="muted">
            {' '}
            · <Time iso={delivery.deliveredAt} />
          </span>
        ) : null}
      </td>
      <td className="num" data-label="Attempts">
        {delivery.attempts}
      </td>
      <td data-label="Last answer" className="break">
        {lastAnswer(delivery)}
        {last ? <span className="muted"> · {last.durationMs} ms</span> : null}
      </td>
      <td className="actions">
        {delivery.channel === 'dashboard' ? null : (
          <Button
            variant="secondary"
            busy={redeliver.isPending}
            onClick={() => redeliver.mutate(delivery.id)}
            aria-label={`Redeliver ${delivery.channel}: ${summary}`}
          >
            Redeliver
          </Button>
        )}
        <ErrorAlert error={redeliver.error} />
      </td>
    </tr>
  );
}

export function DeliveryLog({ watchId, events }: { watchId: string; events: readonly WatchEvent[] }) {
  const deliveries = useDeliveries(watchId);
  const summaries = new Map(events.map((e) => [e.id, e.summary]));
  if (deliveries.error) return <ErrorAlert error={deliveries.error} />;
  if (deliveries.isPending) return <Skeleton lines={3} />;
  if (deliveries.data.length === 0)
    return (
      <EmptyState title="Nothing delivered yet">
        <p>Each event is sent to the watch’s webhook and e-mail; every attempt shows here with its answer.</p>
      </EmptyState>
    );
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Channel</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Attempts
            </th>
            <th scope="col">Last answer</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              watchId={watchId}
              delivery={delivery}
              summary={summaries.get(delivery.eventId) ?? delivery.eventId}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
