/**
 * What the details page shows of issue 19's data (market, project, community, domain,
 * repository, and where each figure came from), computed from a scan's `auditLayout` and
 * `meta.sources`. Pure (no DOM, no I/O) so it is tested here and the page only lays it out.
 *
 * The rule throughout: a figure is shown as a fact only when the source that fills it said
 * `ok` (or `partial`/`stale` without naming that figure); otherwise it is "unknown" with the
 * source's own reason, because the spec's empty value (0, '') is not a measurement.
 */

/** `meta.sources[name]` as the spec defines it (src/interface/schemas/audit-layout.ts, DataSourceReportSchema). */
export interface SourceLike {
  readonly status: string;
  readonly reason?: string;
  readonly durationMs?: number;
  readonly fields?: readonly string[];
}
export type Sources = Readonly<Record<string, SourceLike>>;

/** Each status in words, for people who do not know the spec's vocabulary. */
export const STATUS_WORDS: Readonly<Record<string, string>> = {
  ok: 'answered',
  partial: 'answered in part',
  stale: 'last good answer (refresh failed)',
  // Not "not configured": a configured source is also unavailable when the token gives it nothing to ask (no link known).
  unavailable: 'not available',
  failed: 'failed',
  timeout: 'timed out',
  skipped: 'not applicable',
};
export const statusWords = (status: string): string => STATUS_WORDS[status] ?? status;

/** A figure we can show, or why we cannot. */
export type Known<T> = { readonly known: true; readonly value: T } | { readonly known: false; readonly reason: string };

/**
 * A `partial` source's reason names the fields it could not fill as "field: why; field: why"
 * (src/market/read-market.ts). A segment without a known field prefix continues the previous one.
 */
export function reasonsByField(reason: string, fields: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | undefined;
  for (const segment of reason.split('; ')) {
    const field = fields.find((f) => segment.startsWith(`${f}: `));
    if (field) {
      current = field;
      out.set(field, segment.slice(field.length + 2));
    } else if (current) out.set(current, `${out.get(current)}; ${segment}`);
  }
  return out;
}

const why = (source: SourceLike | undefined, name: string): string => {
  if (!source) return `no ${name} source in this answer`;
  // "Not configured" or "no X account known" says it all; other statuses lead with their word.
  if (source.status === 'unavailable') return source.reason ?? statusWords(source.status);
  return source.reason ? `${statusWords(source.status)}: ${source.reason}` : statusWords(source.status);
};

/**
 * A field filled by `sourceName`: known when the source answered it. For a partial source,
 * a field its reason names is unknown; a field it does not name is known.
 */
export function fieldFrom<T>(sources: Sources, sourceName: string, field: string, value: T): Known<T> {
  const source = sources[sourceName];
  if (!source) return { known: false, reason: why(source, sourceName) };
  if (source.status === 'ok' || source.status === 'stale') return { known: true, value };
  if (source.status === 'partial') {
    const named = reasonsByField(source.reason ?? '', source.fields ?? [field]).get(field);
    return named === undefined ? { known: true, value } : { known: false, reason: named };
  }
  return { known: false, reason: why(source, sourceName) };
}

/** The source whose `fields` list names `field` (the answer says who fills what). */
export function sourceOf(sources: Sources, field: string): string | undefined {
  return Object.entries(sources).find(([, s]) => (s.fields ?? []).includes(field))?.[0];
}

export interface PriceChange {
  readonly percent: number;
  /** 'up' | 'down' | 'flat': the page's colour class, always shown beside the words. */
  readonly direction: 'up' | 'down' | 'flat';
  readonly words: string;
}

const percentFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** "up 12.5 % over 30 days": the sign in words as well as in colour. */
export function priceChange(percent: number, days: number): PriceChange {
  const rounded = Math.round(percent * 100) / 100;
  if (rounded === 0) return { percent: 0, direction: 'flat', words: `unchanged over ${days} days` };
  const direction = rounded > 0 ? 'up' : 'down';
  return { percent: rounded, direction, words: `${direction} ${percentFormat.format(Math.abs(rounded))} % over ${days} days` };
}

export interface MarketView {
  readonly price: Known<number>;
  readonly marketcap: Known<number>;
  readonly volume: Known<number>;
  readonly change30: Known<PriceChange>;
  readonly change60: Known<PriceChange>;
  readonly poolUrl: string;
  readonly dex: { chain: string; pair: string } | null;
}

export interface MarketInput {
  readonly price: number;
  readonly marketcap: number;
  readonly tradingVolume: number;
  readonly price30: number;
  readonly price60: number;
  readonly poolExplorerUrl: string;
  readonly dexAnalytics: { chain: string; pair: string };
  readonly pools: { pairs: readonly unknown[] };
}

/**
 * Price and market cap come from the pools read with the chain (0 means no priced pool);
 * volume and the changes from `marketHistory`, whose status decides whether they are facts.
 */
export function marketView(layout: MarketInput, sources: Sources): MarketView {
  const priced = layout.price > 0;
  const noPrice = layout.pools.pairs.length === 0 ? 'no pool found to price the token' : 'no pool gives the token a USD price';
  return {
    price: priced ? { known: true, value: layout.price } : { known: false, reason: noPrice },
    marketcap: priced && layout.marketcap > 0 ? { known: true, value: layout.marketcap } : { known: false, reason: noPrice },
    volume: fieldFrom(sources, 'marketHistory', 'tradingVolume', layout.tradingVolume),
    change30: mapKnown(fieldFrom(sources, 'marketHistory', 'price30', layout.price30), (p) => priceChange(p, 30)),
    change60: mapKnown(fieldFrom(sources, 'marketHistory', 'price60', layout.price60), (p) => priceChange(p, 60)),
    poolUrl: safeUrl(layout.poolExplorerUrl),
    dex: layout.dexAnalytics.pair ? layout.dexAnalytics : null,
  };
}

function mapKnown<T, U>(k: Known<T>, f: (v: T) => U): Known<U> {
  return k.known ? { known: true, value: f(k.value) } : k;
}

/** Only http(s) links become anchors: a registry or aggregator value is not trusted to be one. */
export function safeUrl(value: string): string {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/** USD with a sensible precision: tiny token prices keep their significant digits. */
export function formatUsd(value: number): string {
  if (value !== 0 && Math.abs(value) < 1) return `$${new Intl.NumberFormat('en', { maximumSignificantDigits: 4 }).format(value)}`;
  return new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(value);
}

/** `domainInfo.dns`: every flag is a problem when true. One line each on what it means. */
export const DNS_CHECKS: ReadonlyArray<{ key: string; label: string; meaning: string }> = [
  { key: 'missingSPF', label: 'SPF record', meaning: 'No SPF record: anyone can send mail that claims to come from this domain.' },
  {
    key: 'ineffectiveSPF',
    label: 'SPF policy',
    meaning: 'The SPF record does not protect: several records, +all/?all, no closing "all" or over 10 lookups.',
  },
  { key: 'missingDMARC', label: 'DMARC record', meaning: 'No DMARC policy: receivers are not told to reject forged mail.' },
  {
    key: 'softfailWithoutDMARC',
    label: 'SPF softfail backed by DMARC',
    meaning: 'SPF only soft-fails and no DMARC enforces it: forged mail is usually delivered.',
  },
  { key: 'missingDKIM', label: 'DKIM key', meaning: 'No DKIM key under the common selectors: mail cannot be proven to come from here.' },
  {
    key: 'nameServerVersion',
    label: 'Name-server version',
    meaning: 'A name server answers version.bind, telling attackers what software to target.',
  },
  {
    key: 'recursiveQueries',
    label: 'Recursion',
    meaning: 'A name server answers recursive queries for anyone (an open resolver, abusable for attacks).',
  },
  { key: 'cNameInNS', label: 'CNAME in NS', meaning: 'A name-server name is a CNAME, which DNS forbids and resolvers may refuse.' },
  { key: 'mxPrivateIPs', label: 'MX addresses', meaning: 'A mail exchanger resolves to a private address: mail cannot reach it.' },
  { key: 'mxInvalidChars', label: 'MX names', meaning: 'A mail exchanger name has characters a host name cannot have.' },
];

export interface DnsCheckView {
  readonly key: string;
  readonly label: string;
  readonly passed: boolean;
  /** What the failure means; '' when the check passed. */
  readonly meaning: string;
}

export function dnsChecks(flags: Readonly<Record<string, boolean>>): DnsCheckView[] {
  return DNS_CHECKS.map((c) => ({ key: c.key, label: c.label, passed: !flags[c.key], meaning: flags[c.key] ? c.meaning : '' }));
}

/** "5 years, 7 months" from a creation date to `now`; '' when the date is unknown. */
export function ageInWords(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (!iso || Number.isNaN(then) || then > now) return '';
  const days = Math.floor((now - then) / 86_400_000);
  // Calendar months (UTC), so leap years and month lengths do not shift the answer.
  const a = new Date(then);
  const b = new Date(now);
  const total =
    (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth()) - (b.getUTCDate() < a.getUTCDate() ? 1 : 0);
  const years = Math.floor(total / 12);
  const months = total % 12;
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (years > 0) return months > 0 ? `${plural(years, 'year')}, ${plural(months, 'month')}` : plural(years, 'year');
  if (months > 0) return plural(months, 'month');
  return plural(days, 'day');
}

/** The social sources (issue 19); when none is read the page says so in one line. */
export const SOCIAL_SOURCES = ['x', 'telegram', 'discord', 'reddit', 'facebook'] as const;

/**
 * One quiet line instead of a wall of zeros when none of `names` was read: "… not configured
 * on this server" when that is the only reason, otherwise the reasons themselves. `null`
 * when at least one of them answered or failed (the page then shows them one by one).
 */
export function quietLine(sources: Sources, names: readonly string[], what: string): string | null {
  if (!names.every((n) => !sources[n] || sources[n]!.status === 'unavailable')) return null;
  const reasons = [...new Set(names.map((n) => sources[n]?.reason ?? 'not configured'))];
  if (reasons.every((r) => r === 'not configured')) return `${what} not configured on this server.`;
  return `${what} not read: ${reasons.join('; ')}.`;
}

/** Readable names of the sources the scan reports; an unknown one keeps its own name. */
export const SOURCE_LABELS: Readonly<Record<string, string>> = {
  chain: 'Chain (contract, pools, holders, price)',
  analysis: 'Code analysis',
  similarity: 'Similarity',
  bytecode: 'Bytecode analysis',
  simulation: 'Trade simulation',
  auditRegistry: 'Audit registry',
  addressDetails: 'Holder details',
  powerHolder: 'Owner powers',
  aggregatorA: 'Market aggregator A',
  aggregatorB: 'Market aggregator B',
  telegram: 'Telegram',
  discord: 'Discord',
  reddit: 'Reddit',
  x: 'X (Twitter)',
  facebook: 'Facebook',
  github: 'GitHub',
  rdap: 'Domain registration (RDAP)',
  dns: 'DNS e-mail checks',
  lighthouse: 'Lighthouse',
  projectRegistry: 'Project registry',
  marketHistory: 'Market history (chain)',
};
export const sourceLabel = (name: string): string => SOURCE_LABELS[name] ?? name;

/**
 * Where a profile link points: a full http(s) URL as is, the common handle forms ("@name",
 * "r/name") on their site; '' when it is neither (the page then shows the text unlinked).
 */
export function socialHref(kind: string, value: string): string {
  const url = safeUrl(value);
  if (url) return url;
  const handle = /^@?([A-Za-z0-9_]{1,30})$/.exec(value.trim())?.[1];
  const sub = /^\/?r\/([A-Za-z0-9_]{2,30})$/.exec(value.trim())?.[1];
  if (kind === 'twitter' && handle) return `https://x.com/${handle}`;
  if (kind === 'telegram' && handle) return `https://t.me/${handle}`;
  if (kind === 'reddit' && (sub ?? handle)) return `https://www.reddit.com/r/${sub ?? handle}`;
  if (kind === 'github' && handle) return `https://github.com/${handle}`;
  return '';
}

/** `contributionsPerDay` (GitHub's weeks, `week` in unix seconds) as history points for a chart. */
export function weeklyContributions(weeks: ReadonlyArray<{ week: number; total: number }>): Array<{ v: number; t: string }> {
  return weeks.filter((w) => Number.isFinite(w.week)).map((w) => ({ v: w.total, t: new Date(w.week * 1000).toISOString() }));
}

export interface SourceRow {
  readonly name: string;
  readonly label: string;
  readonly status: string;
  readonly words: string;
  readonly reason: string;
  /** When its figures were read: the slow poll's time for background sources, the scan's otherwise; '' when not asked. */
  readonly readAt: string;
  readonly background: boolean;
}

/**
 * `meta.sources` as table rows, problems first (what is missing matters most), then by readable name.
 * `slow` names the sources refreshed in the background (src/enrichment/enrich-project.ts).
 */
export function sourceRows(
  sources: Sources,
  times: { updatedAt: string; slowPollUpdatedAt: string },
  slow: ReadonlySet<string>,
): SourceRow[] {
  const rank = (status: string) => (status === 'ok' ? 2 : status === 'unavailable' || status === 'skipped' ? 1 : 0);
  return Object.entries(sources)
    .map(([name, s]) => {
      const background = slow.has(name);
      return {
        name,
        label: sourceLabel(name),
        status: s.status,
        words: statusWords(s.status),
        reason: s.reason ?? '',
        // A source that was not asked has no time of its own.
        readAt:
          s.status === 'unavailable' || s.status === 'skipped'
            ? ''
            : background && times.slowPollUpdatedAt
              ? times.slowPollUpdatedAt
              : times.updatedAt,
        background,
      };
    })
    .sort((a, b) => rank(a.status) - rank(b.status) || a.label.localeCompare(b.label));
}
