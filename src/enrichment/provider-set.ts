/**
 * The providers issue 19's enrichment can use, by role, with the input each takes and the
 * facts each returns. Every member is optional: a provider is present only when the
 * configuration names its key or URL (docs/decisions/0183-issue-19-off-by-default.md, "Enrichment providers"). The
 * orchestrator (src/enrichment/enrich-project.ts) runs the present ones under the policy and
 * reports the absent ones as `unavailable` in `meta.sources`.
 */
import type { AuditLayout } from '../interface/schemas/audit-layout.ts';
import type { Provider } from './provider.ts';

/** Links and text a project publishes about itself (the spec's string fields; '' when unknown). */
export interface ProjectLinks {
  readonly website: string;
  readonly logo: string;
  readonly description: string;
  readonly twitter: string;
  readonly telegram: string;
  readonly discord: string;
  readonly reddit: string;
  readonly facebook: string;
  readonly github: string;
  readonly medium: string;
  readonly linkedin: string;
  readonly bitcointalk: string;
}

/** Every link field of ProjectLinks, in the spec's order (the registry fills all of them). */
export const PROJECT_LINK_FIELDS = [
  'website',
  'logo',
  'description',
  'twitter',
  'telegram',
  'discord',
  'reddit',
  'facebook',
  'github',
  'medium',
  'linkedin',
  'bitcointalk',
] as const satisfies readonly (keyof ProjectLinks)[];

/** The link fields both aggregator formats list (neither has a LinkedIn link). */
export const AGGREGATOR_LINK_FIELDS = [
  'website',
  'logo',
  'description',
  'twitter',
  'telegram',
  'discord',
  'reddit',
  'github',
  'facebook',
  'medium',
  'bitcointalk',
] as const satisfies readonly (keyof ProjectLinks)[];

/** Which token an aggregator is asked about: its own id when the registry knows it, else the contract. */
export interface AggregatorQuery {
  readonly network: string;
  readonly address: string;
  /** aggregatorA's coin id or aggregatorB's slug, from the project registry; '' when unknown. */
  readonly id: string;
}

export interface AggregatorFacts {
  /** Market-cap rank (0: not ranked). */
  readonly rank: number;
  /** The aggregator's id (aggregatorA) or slug (aggregatorB). */
  readonly id: string;
  /** Whatever links the aggregator lists for the project ('' for the rest). */
  readonly links: Partial<ProjectLinks>;
}

export type RepositoryStats = AuditLayout['githubRepositoryStats'];
export type DnsChecks = AuditLayout['domainInfo']['dns'];
export type LighthouseReport = AuditLayout['domainInfo']['lighthouse'];

export interface EnrichmentProviders {
  /** A CoinGecko-format market-data API (`aggregatorA: {rank, id}`). */
  readonly aggregatorA?: Provider<AggregatorQuery, AggregatorFacts>;
  /** A CoinMarketCap-format market-data API (`aggregatorB: {rank, slug}`). */
  readonly aggregatorB?: Provider<AggregatorQuery, AggregatorFacts>;
  /** Telegram Bot API `getChatMemberCount` for a public channel or group (`@handle` or t.me link). */
  readonly telegram?: Provider<{ readonly handle: string }, { readonly members: number }>;
  /** Discord invite with counts (`discord.gg/CODE` or the code). */
  readonly discord?: Provider<{ readonly invite: string }, { readonly members: number }>;
  /** Reddit subreddit `about.json` (`r/name` link or name). */
  readonly reddit?: Provider<{ readonly subreddit: string }, { readonly subscribers: number }>;
  /** X (Twitter) API v2 user lookup with a bearer token (`@name` or x.com link). */
  readonly x?: Provider<{ readonly username: string }, { readonly followers: number }>;
  /** GitHub REST API statistics of an organisation or user and, when given, one repository. */
  readonly github?: Provider<{ readonly owner: string; readonly repo: string }, RepositoryStats>;
  /** RDAP registration data of a domain (`whois.creationDate`). */
  readonly rdap?: Provider<{ readonly domain: string }, { readonly creationDate: string }>;
  /** E-mail and name-server checks of a domain with Node's resolver. */
  readonly dns?: Provider<{ readonly domain: string }, DnsChecks>;
  /** Lighthouse run in headless Chromium against the website. */
  readonly lighthouse?: Provider<{ readonly url: string }, LighthouseReport>;
}

export type ProviderRole = keyof EnrichmentProviders;
