/**
 * The verdict on one network, from a history and the labels of its counterparties. Pure:
 * no I/O, so the same function serves the route, the tests and the benchmark.
 *
 * blacklisted: the address itself carries a sanctioned or blacklisted label.
 * suspicious: it sent to or received from an address labelled sanctioned, blacklisted,
 * mixer, exploit or phishing (directly: counterparties of counterparties do not count).
 */
import { BLACKLIST_CATEGORIES, TAINT_CATEGORIES, type AddressLabel } from '../labels/label-record.ts';
import type { AddressHistory, HistoryTx } from './history.ts';

export interface SeriesPoint {
  readonly value: number;
  /** Start of the bucket, ISO 8601. */
  readonly time: string;
}

export interface LabeledTx {
  readonly date: string;
  readonly hash: string;
  readonly label: string;
  /** Direction seen from the screened address: `in` (received) or `out` (sent). */
  readonly type: 'in' | 'out';
  /** The counterparty's category and address, e.g. `mixer 0xab…`. */
  readonly annotation: string;
}

export interface NetworkAudit {
  readonly network: string;
  readonly suspicious: boolean;
  readonly blacklisted: boolean;
  readonly totalTx: number;
  readonly totalInternalTx: number;
  /** ISO 8601, or '' when there is no transaction. */
  readonly firstTxDate: string;
  readonly latestTxDate: string;
  readonly seriesTx: SeriesPoint[];
  readonly labeledTx: LabeledTx[];
}

export interface Reason {
  readonly network: string;
  readonly kind: 'blacklisted' | 'counterparty';
  readonly category: string;
  readonly label: string;
  readonly source: string;
  /** The labelled address (the screened one itself for `blacklisted`). */
  readonly address: string;
  readonly hash?: string;
  readonly date?: string;
  readonly direction?: 'in' | 'out';
}

export interface NetworkScreening {
  readonly audit: NetworkAudit;
  readonly reasons: readonly Reason[];
  /** Contracts this address created (lower-case). */
  readonly created: readonly string[];
}

const DAY = 86_400;

/** Buckets: days for up to ~3 months of activity, weeks up to two years, then 30-day months. */
export function bucketSeconds(first: number, last: number): number {
  const span = last - first;
  if (span <= 92 * DAY) return DAY;
  if (span <= 2 * 365 * DAY) return 7 * DAY;
  return 30 * DAY;
}

export function activitySeries(times: readonly number[]): SeriesPoint[] {
  if (times.length === 0) return [];
  let first = Infinity;
  let last = -Infinity;
  for (const t of times) {
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const size = bucketSeconds(first, last);
  const start = Math.floor(first / size) * size;
  const counts = new Array<number>(Math.floor((last - start) / size) + 1).fill(0);
  for (const t of times) counts[Math.floor((t - start) / size)]! += 1;
  return counts.map((value, i) => ({ value, time: new Date((start + i * size) * 1000).toISOString() }));
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The strongest label of an address: taint categories first, then the rest in stored order. */
function pick(labels: readonly AddressLabel[]): AddressLabel {
  return labels.find((l) => TAINT_CATEGORIES.has(l.category)) ?? labels[0]!;
}

export function screenNetwork(
  address: string,
  history: AddressHistory,
  labels: ReadonlyMap<string, readonly AddressLabel[]>,
): NetworkScreening {
  const self = address.toLowerCase();
  const reasons: Reason[] = [];
  for (const l of labels.get(self) ?? []) {
    if (BLACKLIST_CATEGORIES.has(l.category))
      reasons.push({
        network: history.network,
        kind: 'blacklisted',
        category: l.category,
        label: l.label,
        source: l.source,
        address: self,
      });
  }
  const normal = new Set<string>();
  const internal = new Set<string>();
  const times: number[] = [];
  const seen = new Set<string>();
  let first = Infinity;
  let last = -Infinity;
  const labeledTx: LabeledTx[] = [];
  const created: string[] = [];
  const tainted = new Set<string>();
  for (const tx of history.txs) {
    if (tx.kind === 'normal') normal.add(tx.hash);
    else if (tx.kind === 'internal') internal.add(tx.hash);
    // One transaction counts once in the series, however many transfers it made.
    if (!seen.has(tx.hash)) {
      seen.add(tx.hash);
      times.push(tx.time);
      if (tx.time < first) first = tx.time;
      if (tx.time > last) last = tx.time;
    }
    if (tx.kind === 'normal' && tx.from === self && tx.created) created.push(tx.created);
    labelled(tx);
  }

  function labelled(tx: HistoryTx): void {
    const direction = tx.from === self ? 'out' : 'in';
    const counterparty = direction === 'out' ? tx.to : tx.from;
    if (!counterparty || counterparty === self) return;
    const found = labels.get(counterparty);
    if (!found || found.length === 0) return;
    const label = pick(found);
    const date = iso(tx.time);
    labeledTx.push({ date, hash: tx.hash, label: label.label, type: direction, annotation: `${label.category} ${counterparty}` });
    const key = `${tx.hash}|${counterparty}`;
    if (TAINT_CATEGORIES.has(label.category) && !tainted.has(key)) {
      tainted.add(key);
      reasons.push({
        network: history.network,
        kind: 'counterparty',
        category: label.category,
        label: label.label,
        source: label.source,
        address: counterparty,
        hash: tx.hash,
        date,
        direction,
      });
    }
  }

  labeledTx.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return {
    audit: {
      network: history.network,
      blacklisted: reasons.some((r) => r.kind === 'blacklisted'),
      suspicious: reasons.some((r) => r.kind === 'counterparty'),
      totalTx: normal.size,
      totalInternalTx: internal.size,
      firstTxDate: times.length > 0 ? iso(first) : '',
      latestTxDate: times.length > 0 ? iso(last) : '',
      seriesTx: activitySeries(times),
      labeledTx,
    },
    reasons,
    created: [...new Set(created)],
  };
}

/** The addresses whose labels a history needs: every counterparty and the address itself. */
export function counterparties(address: string, history: AddressHistory): string[] {
  const set = new Set<string>([address.toLowerCase()]);
  for (const tx of history.txs) {
    set.add(tx.from);
    if (tx.to) set.add(tx.to);
  }
  return [...set];
}
