/**
 * Our own price history (table `price_history`, migration 0012): every scan records the
 * token's USD price at the chain head's time, and price30/price60 fall back to it when
 * the node keeps neither archive state nor old logs.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

export interface PricePoint {
  /** ISO 8601 UTC, the chain head's time. */
  readonly at: string;
  readonly priceUsd: number;
}

export interface PriceHistory {
  record(network: string, address: string, point: PricePoint): Promise<void>;
  /** The latest price at or before `at`, no older than `maxAgeMs` before it; undefined when none. */
  priceAt(network: string, address: string, at: Date, maxAgeMs: number): Promise<PricePoint | undefined>;
}

export function createPriceHistory(db: Kysely<Database>): PriceHistory {
  return {
    async record(network, address, point) {
      if (!Number.isFinite(point.priceUsd) || point.priceUsd <= 0) return;
      const row = { network, address: address.toLowerCase(), at: new Date(point.at).toISOString(), price_usd: point.priceUsd };
      await db
        .insertInto('price_history')
        .values(row)
        .onConflict((oc) => oc.columns(['network', 'address', 'at']).doUpdateSet({ price_usd: row.price_usd }))
        .execute();
    },
    async priceAt(network, address, at, maxAgeMs) {
      // toISOString() has one fixed width, so the text order is the time order.
      const row = await db
        .selectFrom('price_history')
        .select(['at', 'price_usd'])
        .where('network', '=', network)
        .where('address', '=', address.toLowerCase())
        .where('at', '<=', at.toISOString())
        .where('at', '>=', new Date(at.getTime() - maxAgeMs).toISOString())
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { at: row.at, priceUsd: Number(row.price_usd) } : undefined;
    },
  };
}
