/**
 * From an enrichment state to what a scan shows: the auditLayout fields, one `meta.sources`
 * entry per source, the counter readings to store, and the scoring inputs. Pure.
 */
import type { AuditLayout, DataSourceReport } from '../interface/schemas/audit-layout.ts';
import type { ScoringInput } from '../scan/scoring/score-scan.ts';
import {
  PROJECT_LINK_FIELDS,
  type AggregatorFacts,
  type DnsChecks,
  type LighthouseReport,
  type ProviderRole,
  type RepositoryStats,
} from './provider-set.ts';
import { ROLES, SLOW_ROLES, type EnrichmentState, type ProjectProfile, type SourceState } from './enrich-project.ts';

export const COUNTERS = ['telegram', 'discord', 'reddit', 'twitter', 'facebook'] as const;
export type Counter = (typeof COUNTERS)[number];

export interface CounterReading {
  readonly counter: Counter;
  readonly value: number;
  readonly takenAt: string;
}

export interface HistoryPoint {
  readonly v: number;
  readonly t: string;
}

export type CounterHistories = Readonly<Record<Counter, readonly HistoryPoint[]>>;
export const EMPTY_HISTORIES: CounterHistories = { telegram: [], discord: [], reddit: [], twitter: [], facebook: [] };

/** Which provider answers each counter and the number in its answer (facebook: none, see FACEBOOK_REASON). */
const COUNTER_SOURCES: Readonly<Record<Exclude<Counter, 'facebook'>, { role: ProviderRole; key: string }>> = {
  telegram: { role: 'telegram', key: 'members' },
  discord: { role: 'discord', key: 'members' },
  reddit: { role: 'reddit', key: 'subscribers' },
  twitter: { role: 'x', key: 'followers' },
};

export const FACEBOOK_REASON = 'no Facebook provider: page likes need a Graph API page token, which this build does not use';

/** auditLayout fields each source fills (`meta.sources[role].fields`). */
export const PROVENANCE_FIELDS: Readonly<Record<ProviderRole, readonly string[]>> = {
  aggregatorA: ['aggregatorA', 'website', 'logo', 'description', 'twitter', 'telegram', 'discord', 'reddit', 'facebook', 'github'],
  aggregatorB: ['aggregatorB', 'website', 'logo', 'description', 'twitter', 'telegram', 'discord', 'reddit', 'facebook', 'github'],
  telegram: ['telegramMembers', 'socialCounters', 'telegramMembersHistory'],
  discord: ['discordMembers', 'discordMembersHistory'],
  reddit: ['redditMembers', 'redditMembersHistory'],
  x: ['twitterFollowers', 'socialCounters', 'twitterFollowersHistory'],
  github: ['githubRepositoryStats'],
  rdap: ['domainInfo'],
  dns: ['domainInfo'],
  lighthouse: ['domainInfo'],
};

export type EnrichmentLayoutFields = Pick<
  AuditLayout,
  | 'website'
  | 'logo'
  | 'description'
  | 'twitter'
  | 'telegram'
  | 'discord'
  | 'reddit'
  | 'facebook'
  | 'github'
  | 'medium'
  | 'linkedin'
  | 'bitcointalk'
  | 'aggregatorA'
  | 'aggregatorB'
  | 'telegramMembers'
  | 'discordMembers'
  | 'twitterFollowers'
  | 'redditMembers'
  | 'facebookLikes'
  | 'socialCounters'
  | 'domainInfo'
  | 'githubRepositoryStats'
  | 'telegramMembersHistory'
  | 'discordMembersHistory'
  | 'redditMembersHistory'
  | 'twitterFollowersHistory'
  | 'facebookLikesHistory'
  | 'slowPollUpdatedAt'
>;

/** The number a counter source answered, or null when it has no value. */
export function counterValue(state: EnrichmentState, counter: Counter): number | null {
  if (counter === 'facebook') return null;
  const { role, key } = COUNTER_SOURCES[counter];
  const value = state.sources[role]?.value as Record<string, unknown> | null | undefined;
  const n = value?.[key];
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
}

/** Counter readings fetched from the provider in this run (the ones to store). */
export function newReadings(state: EnrichmentState): CounterReading[] {
  const out: CounterReading[] = [];
  for (const counter of COUNTERS) {
    if (counter === 'facebook') continue;
    const source = state.sources[COUNTER_SOURCES[counter].role];
    const value = counterValue(state, counter);
    if (source?.fresh && (source.status === 'ok' || source.status === 'partial') && value !== null)
      out.push({ counter, value, takenAt: source.fetchedAt });
  }
  return out;
}

/**
 * When the slow sources were last refreshed: the newest time one of them answered. '' when
 * none has answered yet for this token (none configured, nothing to ask, or all failing).
 */
export function slowPollUpdatedAt(state: EnrichmentState): string {
  let newest = '';
  for (const role of SLOW_ROLES) {
    const source = state.sources[role];
    if (source && source.value !== null && source.fetchedAt > newest) newest = source.fetchedAt;
  }
  return newest;
}

function valueOf<T>(source: SourceState | undefined): T | null {
  return source && source.value !== null && source.value !== undefined ? (source.value as T) : null;
}

/** The layout fields, starting from the layout's empty values (`empty`). */
export function layoutFields(state: EnrichmentState, histories: CounterHistories, empty: AuditLayout): EnrichmentLayoutFields {
  const a = valueOf<AggregatorFacts>(state.sources.aggregatorA);
  const b = valueOf<AggregatorFacts>(state.sources.aggregatorB);
  const whois = valueOf<{ creationDate: string }>(state.sources.rdap);
  const dns = valueOf<DnsChecks>(state.sources.dns);
  const lighthouse = valueOf<LighthouseReport>(state.sources.lighthouse);
  const repository = valueOf<RepositoryStats>(state.sources.github);
  const n = (counter: Counter) => counterValue(state, counter);
  return {
    ...state.links,
    aggregatorA: a ? { rank: a.rank, id: a.id } : empty.aggregatorA,
    aggregatorB: b ? { rank: b.rank, slug: b.id } : empty.aggregatorB,
    telegramMembers: n('telegram') ?? 0,
    discordMembers: n('discord') ?? 0,
    twitterFollowers: n('twitter') ?? 0,
    redditMembers: n('reddit'),
    facebookLikes: n('facebook'),
    socialCounters: { twitter: n('twitter') ?? 0, telegram: n('telegram') ?? 0 },
    domainInfo: {
      lighthouse: lighthouse ?? empty.domainInfo.lighthouse,
      whois: whois ? { creationDate: whois.creationDate } : empty.domainInfo.whois,
      dns: dns ?? empty.domainInfo.dns,
    },
    githubRepositoryStats: repository ?? empty.githubRepositoryStats,
    telegramMembersHistory: [...histories.telegram],
    discordMembersHistory: [...histories.discord],
    redditMembersHistory: [...histories.reddit],
    twitterFollowersHistory: [...histories.twitter],
    facebookLikesHistory: [...histories.facebook],
    slowPollUpdatedAt: slowPollUpdatedAt(state),
  };
}

/** One `meta.sources` entry per provider, plus the registry and Facebook. */
export function sourceReports(state: EnrichmentState, profile: ProjectProfile): Record<string, DataSourceReport> {
  const out: Record<string, DataSourceReport> = {};
  for (const role of ROLES) {
    const source = state.sources[role];
    const fields = [...PROVENANCE_FIELDS[role]];
    if (!source) {
      out[role] = { status: 'unavailable', reason: 'not configured', durationMs: 0, fields };
      continue;
    }
    out[role] = {
      status: source.status,
      ...(source.reason ? { reason: source.reason } : {}),
      durationMs: source.durationMs,
      fields,
    };
  }
  out.projectRegistry = profile.registered
    ? {
        status: 'ok',
        durationMs: 0,
        fields: [...PROJECT_LINK_FIELDS],
      }
    : { status: 'unavailable', reason: 'the token is not in the project registry', durationMs: 0, fields: [] };
  out.facebook = { status: 'unavailable', reason: FACEBOOK_REASON, durationMs: 0, fields: ['facebookLikes', 'facebookLikesHistory'] };
  return out;
}

/** What the scores read from the enrichment (docs/scoring.md): the enrichment's part of ScoringInput. */
export type EnrichmentScoringInput = Pick<
  ScoringInput,
  'socials' | 'audienceGrowth' | 'hasWebsite' | 'repository' | 'domainAgeDays' | 'emailChecksPass'
>;

const DAY_MS = 86_400_000;

function daysSince(iso: string, now: Date): number | null {
  const at = Date.parse(iso);
  return iso && !Number.isNaN(at) ? Math.max(0, (now.getTime() - at) / DAY_MS) : null;
}

export function scoringInputOf(state: EnrichmentState, histories: CounterHistories, now: Date): EnrichmentScoringInput {
  const [twitter, telegram, discord, reddit] = (['twitter', 'telegram', 'discord', 'reddit'] as const).map((c) => counterValue(state, c));
  const socials =
    twitter !== null || telegram !== null || discord !== null || reddit !== null
      ? { twitterFollowers: twitter ?? 0, telegramMembers: telegram ?? 0, discordMembers: discord ?? 0, redditMembers: reddit ?? 0 }
      : null;
  const dns = valueOf<DnsChecks>(state.sources.dns);
  const whois = valueOf<{ creationDate: string }>(state.sources.rdap);
  const repo = valueOf<RepositoryStats>(state.sources.github);
  return {
    socials,
    audienceGrowth: audienceGrowth(histories, now),
    hasWebsite: state.links.website !== '',
    repository: repo
      ? {
          recentCommits: recentCommits(repo, now),
          contributors: repo.contributors,
          organizationAgeDays: daysSince(repo.organizationAge, now),
        }
      : null,
    domainAgeDays: whois ? daysSince(whois.creationDate, now) : null,
    emailChecksPass: dns
      ? !dns.missingSPF && !dns.missingDMARC && !dns.missingDKIM && !dns.ineffectiveSPF && !dns.softfailWithoutDMARC
      : null,
  };
}

/** Commits in the 4 weeks before `now`, from GitHub's weekly activity (week: unix seconds of its Sunday); null without it. */
export function recentCommits(repo: RepositoryStats, now: Date): number | null {
  if (repo.contributionsPerDay.length === 0) return null;
  const since = now.getTime() - 28 * DAY_MS;
  // A week counts when it ends inside the window.
  return repo.contributionsPerDay.filter((w) => w.week * 1000 + 7 * DAY_MS > since).reduce((sum, w) => sum + w.total, 0);
}

const GROWTH_WINDOW_DAYS = 30;

/**
 * Audience growth over the last 30 days: the summed counters now against the summed
 * readings closest to 30 days ago, over the counters read at both ends. Null with less than
 * 7 days of history (a day-old reading says nothing about growth).
 */
export function audienceGrowth(histories: CounterHistories, now: Date): number | null {
  const since = now.getTime() - GROWTH_WINDOW_DAYS * DAY_MS;
  let before = 0;
  let after = 0;
  let span = 0;
  for (const counter of COUNTERS) {
    const points = histories[counter];
    if (points.length < 2) continue;
    const last = points[points.length - 1]!;
    // The oldest reading within the window, or the newest before it.
    const start = [...points].reverse().find((p) => Date.parse(p.t) <= since) ?? points[0]!;
    if (start === last) continue;
    span = Math.max(span, Date.parse(last.t) - Date.parse(start.t));
    before += start.v;
    after += last.v;
  }
  if (span < 7 * DAY_MS || before <= 0) return null;
  return (after - before) / before;
}
