/**
 * Counts calls per API key and month, and remembers what an account's keys scanned.
 * Calls are counted in memory and written in batches (every few seconds and at close),
 * so the hot path of a keyed call gains no database write.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AccountActivityTable, Database } from '../store/schema.ts';
import type { Clock } from './clock.ts';

/** `YYYY-MM` in UTC, as `toISOString()` writes it. */
export function monthOf(date: Date): string {
  const year = date.getUTCFullYear();
  // Every keyed call asks: building the whole ISO string to keep seven characters showed
  // in the audit lookup's profile. Years outside 0–9999 take ISO's signed six-digit form.
  if (year < 0 || year > 9999) return date.toISOString().slice(0, 7);
  const month = date.getUTCMonth() + 1;
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}`;
}

export interface UsageRecorder {
  /** One call made with a key. */
  countCall(keyId: string): void;
  /** A scan made with an account's key (the dashboard's "recent scans"). */
  recordActivity(activity: AccountActivityTable): void;
  /** Writes what was counted so far (listings call it first so they do not lag). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createUsageRecorder(
  db: Kysely<Database>,
  clock: Clock,
  options: { flushEveryMs?: number; onError?: (error: unknown) => void } = {},
): UsageRecorder {
  let calls = new Map<string, Map<string, number>>(); // month → key id → calls
  // The month of the last call and the instants it spans: every keyed call asks, and the
  // answer changes once a month.
  let month = '';
  let monthFrom = Infinity;
  let monthTo = -Infinity;
  function currentMonth(): string {
    const now = clock();
    const t = now.getTime();
    if (t < monthFrom || t >= monthTo) {
      month = monthOf(now);
      monthFrom = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
      monthTo = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    }
    return month;
  }
  let activity: AccountActivityTable[] = [];
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, Map<string, number>>, rows: AccountActivityTable[]) {
    for (const [month, perKey] of batch)
      for (const [keyId, count] of perKey) {
        await db
          .insertInto('api_key_usage')
          .values({ key_id: keyId, month, calls: count })
          .onConflict((oc) => oc.columns(['key_id', 'month']).doUpdateSet({ calls: sql<number>`api_key_usage.calls + ${count}` }))
          .execute();
      }
    if (rows.length > 0) await db.insertInto('account_activity').values(rows).execute();
  }

  function flush(): Promise<void> {
    const batch = calls;
    const rows = activity;
    calls = new Map();
    activity = [];
    if (batch.size === 0 && rows.length === 0) return flushing;
    flushing = flushing.then(() =>
      write(batch, rows).catch((error: unknown) => {
        options.onError?.(error);
      }),
    );
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 5000);
  timer.unref();

  return {
    countCall(keyId) {
      const thisMonth = currentMonth();
      let perKey = calls.get(thisMonth);
      if (!perKey) calls.set(thisMonth, (perKey = new Map()));
      perKey.set(keyId, (perKey.get(keyId) ?? 0) + 1);
    },
    recordActivity(row) {
      activity.push(row);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
