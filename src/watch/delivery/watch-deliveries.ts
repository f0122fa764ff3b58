/**
 * The seam between the follower (src/watch, watch-core) and the delivery side
 * (src/watch/delivery): once the follower has stored a confirmed event in `watch_events`,
 * it hands the event and its watch to a `WatchDeliveries`, which records one delivery per
 * channel of the watch (webhook, e-mail, dashboard) and starts sending.
 *
 * Kept in its own file, free of imports beyond the wire shapes, so the follower can depend
 * on it without pulling in HTTP, SMTP or BullMQ.
 */
import type { WatchEvent } from '../../interface/schemas/watches.js';

/** The parts of a watch the delivery side needs: where to send and how to sign. */
export interface WatchForDelivery {
  id: string;
  accountId: string;
  /** The webhook target; null when the watch has no webhook. Checked by the outbound guard at send time. */
  webhookUrl: string | null;
  /** The e-mail address alerts go to; null when the watch has no e-mail channel. */
  email: string | null;
  /** True when events are listed on the dashboard's Watchlist page. */
  dashboard: boolean;
  /** The HMAC-SHA256 key for webhook signatures; null when the watch has no webhook. */
  webhookSecret: string | null;
  token: string;
  network: string;
}

export interface WatchDeliveries {
  /**
   * Records one delivery per channel of the watch and starts sending; idempotent per
   * (event, channel): enqueueing the same event twice (a follower restarted after storing it)
   * creates no second delivery. Resolves once the deliveries are recorded, not when they are
   * sent; sending failures are retried and logged, never thrown here.
   */
  enqueue(event: WatchEvent, watch: WatchForDelivery): Promise<void>;
}
