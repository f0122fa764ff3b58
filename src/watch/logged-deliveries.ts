/**
 * The deliveries of a server without the delivery side (src/watch/delivery) wired in: each
 * event is already stored and listed by GET /api/watches/:id (the dashboard's channel);
 * this says in the log that it was seen. The delivery side's implementation replaces it.
 */
import type { WatchDeliveries } from './delivery/watch-deliveries.ts';

export interface EventLog {
  info(obj: object, msg?: string): void;
}

export function loggedDeliveries(log: EventLog): WatchDeliveries {
  return {
    async enqueue(event, watch) {
      log.info(
        { watchId: watch.id, eventId: event.id, kind: event.kind, token: event.token, block: event.blockNumber, summary: event.summary },
        'watch event',
      );
    },
  };
}
