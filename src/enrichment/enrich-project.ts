/**
 * One token's enrichment (issue 19): from its project profile (the operator's registry,
 * merged over what the aggregators list), asks every configured provider that has
 * something to ask about, in parallel, under the policy and within a budget. Returns the
 * state of every source (value, status, reason, when fetched), from which the layout fields
 * and `meta.sources` are derived (enrichment-fields.ts).
 *
 * A source that does not answer within the budget keeps its previous value, reported
 * `stale`; a source answered recently enough (`reuseWithinMs`) is not asked again.
 */
import { partialReason } from './adapters/partial.ts';
import type { AggregatorFacts, EnrichmentProviders, ProjectLinks, ProviderRole } from './provider-set.ts';
import { guard, type GuardedProvider, type PolicyOptions, type PolicyOutcome, type PolicyRuntime } from './policy.ts';

export const ROLES = [
  'aggregatorA',
  'aggregatorB',
  'telegram',
  'discord',
  'reddit',
  'x',
  'github',
  'rdap',
  'dns',
  'lighthouse',
] as const satisfies readonly ProviderRole[];
/** Sources refreshed in the background (issue 19): slow to answer or slow to change. */
export const SLOW_ROLES: ReadonlySet<ProviderRole> = new Set(['telegram', 'discord', 'reddit', 'x', 'github', 'rdap', 'dns', 'lighthouse']);

export const EMPTY_LINKS: ProjectLinks = {
  website: '',
  logo: '',
  description: '',
  twitter: '',
  telegram: '',
  discord: '',
  reddit: '',
  facebook: '',
  github: '',
  medium: '',
  linkedin: '',
  bitcointalk: '',
};

/** What the registry knows about the token (all '' when it is not registered). */
export interface ProjectProfile {
  readonly links: ProjectLinks;
  readonly aggregatorAId: string;
  readonly aggregatorBSlug: string;
  readonly registered: boolean;
}

/** `partial`: the provider answered, but not everything (the adapter says why, see adapters/partial.ts). */
export type SourceStatus = 'ok' | 'partial' | 'stale' | 'failed' | 'timeout' | 'unavailable';

export interface SourceState {
  readonly status: SourceStatus;
  readonly reason?: string;
  /** When `value` was fetched from the provider; '' without a value. */
  readonly fetchedAt: string;
  readonly durationMs: number;
  /** The provider's answer (its Output type), or null. */
  readonly value: unknown;
  /** True when the value was asked of the provider in this run (a new counter reading). */
  readonly fresh: boolean;
}

export interface EnrichmentState {
  /** The links in effect: the registry's, completed by the aggregators'. */
  readonly links: ProjectLinks;
  readonly sources: Readonly<Partial<Record<ProviderRole, SourceState>>>;
}

export type GuardedProviders = { readonly [R in ProviderRole]?: GuardedProvider<unknown, unknown> };

/** Wraps each provider with the policy (one breaker and cache per provider for the process's life). */
export function guardProviders(
  providers: EnrichmentProviders,
  options: Partial<Record<ProviderRole, Partial<PolicyOptions>>> & { readonly all?: Partial<PolicyOptions> } = {},
  runtime: Partial<PolicyRuntime> = {},
): GuardedProviders {
  const out: Record<string, GuardedProvider<unknown, unknown>> = {};
  for (const role of ROLES) {
    const provider = providers[role] as Parameters<typeof guard<unknown, unknown>>[0] | undefined;
    if (provider) out[role] = guard(provider, { ...options.all, ...options[role] }, runtime);
  }
  return out;
}

export interface EnrichRequest {
  readonly network: string;
  readonly address: string;
  readonly profile: ProjectProfile;
  readonly providers: GuardedProviders;
  /** The scan's budget: past it, unanswered sources keep their previous value (ms). */
  readonly budgetMs: number;
  readonly now: () => Date;
  /** The stored state of the previous run (the background poll's or the last scan's). */
  readonly previous?: EnrichmentState | undefined;
  /** Only these roles are asked (the background poll asks the slow ones); the rest keep their previous state. */
  readonly roles?: ReadonlySet<ProviderRole>;
  /** A previous `ok` answer younger than this is used without asking (ms; per role). */
  readonly reuseWithinMs?: (role: ProviderRole) => number;
}

/** The input each provider is asked with, or why there is nothing to ask. */
type Ask = { input: unknown } | { none: string };

/** Host of a web link ('' when it is not one). */
export function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname.replace(/^www\./, '') : '';
  } catch {
    return '';
  }
}

/** `owner` and `repo` of a GitHub link (github.com/owner[/repo]); undefined when it is not one. */
export function githubTarget(link: string): { owner: string; repo: string } | undefined {
  const match = /^(?:https?:\/\/)?(?:www\.)?github\.com\/([A-Za-z0-9-]{1,39})(?:\/([A-Za-z0-9._-]{1,100}))?\/?(?:[?#].*)?$/i.exec(
    link.trim(),
  );
  if (!match) return undefined;
  return { owner: match[1]!, repo: (match[2] ?? '').replace(/\.git$/, '') };
}

function askFor(role: ProviderRole, req: EnrichRequest, links: ProjectLinks): Ask {
  const domain = hostOf(links.website);
  switch (role) {
    case 'aggregatorA':
      return { input: { network: req.network, address: req.address, id: req.profile.aggregatorAId } };
    case 'aggregatorB':
      return { input: { network: req.network, address: req.address, id: req.profile.aggregatorBSlug } };
    case 'telegram':
      return links.telegram ? { input: { handle: links.telegram } } : { none: 'no Telegram link known' };
    case 'discord':
      return links.discord ? { input: { invite: links.discord } } : { none: 'no Discord invite known' };
    case 'reddit':
      return links.reddit ? { input: { subreddit: links.reddit } } : { none: 'no subreddit known' };
    case 'x':
      return links.twitter ? { input: { username: links.twitter } } : { none: 'no X account known' };
    case 'github': {
      if (!links.github) return { none: 'no GitHub link known' };
      const target = githubTarget(links.github);
      return target ? { input: target } : { none: `the GitHub link is not github.com/owner[/repo]: ${links.github}` };
    }
    case 'rdap':
    case 'dns':
      if (!links.website) return { none: 'no website known' };
      return domain ? { input: { domain } } : { none: `the website is not an http(s) link: ${links.website}` };
    case 'lighthouse':
      if (!links.website) return { none: 'no website known' };
      return domain ? { input: { url: links.website } } : { none: `the website is not an http(s) link: ${links.website}` };
  }
}

/** The registry's links, each empty one completed from the aggregators (A before B). */
export function mergeLinks(registry: ProjectLinks, ...listed: readonly Partial<ProjectLinks>[]): ProjectLinks {
  const out: Record<string, string> = { ...registry };
  for (const key of Object.keys(EMPTY_LINKS)) {
    if (out[key]) continue;
    for (const links of listed) {
      const value = links[key as keyof ProjectLinks];
      if (typeof value === 'string' && value.trim() !== '') {
        out[key] = value.trim();
        break;
      }
    }
  }
  return out as unknown as ProjectLinks;
}

/** Runs the enrichment. Never rejects and never outlasts the budget by more than a tick. */
export async function enrichProject(req: EnrichRequest): Promise<EnrichmentState> {
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(), req.budgetMs);
  const expired = new Promise<'expired'>((resolve) => budget.signal.addEventListener('abort', () => resolve('expired'), { once: true }));
  try {
    const sources: Partial<Record<ProviderRole, SourceState>> = {};
    const run = async (role: ProviderRole, links: ProjectLinks) => {
      sources[role] = await runOne(role, req, links, budget.signal, expired);
    };
    // The aggregators first: their links complete the registry's before the socials are asked.
    await Promise.all((['aggregatorA', 'aggregatorB'] as const).map((role) => run(role, req.profile.links)));
    const links = mergeLinks(req.profile.links, ...(['aggregatorA', 'aggregatorB'] as const).map((role) => aggregatorLinks(sources[role])));
    await Promise.all(ROLES.filter((role) => !role.startsWith('aggregator')).map((role) => run(role, links)));
    return { links, sources };
  } finally {
    clearTimeout(timer);
  }
}

function aggregatorLinks(state: SourceState | undefined): Partial<ProjectLinks> {
  return state?.value ? ((state.value as AggregatorFacts).links ?? {}) : {};
}

async function runOne(
  role: ProviderRole,
  req: EnrichRequest,
  links: ProjectLinks,
  signal: AbortSignal,
  expired: Promise<'expired'>,
): Promise<SourceState> {
  const previous = req.previous?.sources[role];
  const provider = req.providers[role];
  if (!provider) return unavailable('not configured');
  const ask = askFor(role, req, links);
  if ('none' in ask) return unavailable(ask.none);
  // Not this run's role (the poll asks only the slow ones): what is stored stands.
  if (req.roles && !req.roles.has(role)) return previous ? { ...previous, fresh: false } : unavailable('not read yet');
  const reuse = req.reuseWithinMs?.(role) ?? 0;
  if (reuse > 0 && previous?.status === 'ok' && previous.fetchedAt && req.now().getTime() - Date.parse(previous.fetchedAt) < reuse)
    return { ...previous, durationMs: 0, fresh: false };
  const started = performance.now();
  const outcome = await Promise.race([provider.call(ask.input, signal), expired]);
  const durationMs = Math.round(performance.now() - started);
  if (outcome === 'expired') return keepPrevious(previous, 'timeout', `no answer within the ${req.budgetMs} ms budget`, durationMs);
  return fromOutcome(outcome, previous, durationMs);
}

function unavailable(reason: string): SourceState {
  return { status: 'unavailable', reason, fetchedAt: '', durationMs: 0, value: null, fresh: false };
}

/** A failure keeps the previous value (stale) when there is one. */
function keepPrevious(previous: SourceState | undefined, status: 'failed' | 'timeout', reason: string, durationMs: number): SourceState {
  if (previous?.value !== null && previous?.value !== undefined)
    return { status: 'stale', reason, fetchedAt: previous.fetchedAt, durationMs, value: previous.value, fresh: false };
  return { status, reason, fetchedAt: '', durationMs, value: null, fresh: false };
}

function fromOutcome(outcome: PolicyOutcome<unknown>, previous: SourceState | undefined, durationMs: number): SourceState {
  if (outcome.status === 'ok') {
    const partial = partialReason(outcome.value);
    return {
      status: partial ? 'partial' : 'ok',
      ...(partial ? { reason: partial } : {}),
      fetchedAt: outcome.fetchedAt,
      durationMs,
      value: outcome.value,
      fresh: !outcome.cached,
    };
  }
  if (outcome.status === 'stale') {
    // The policy's cache and the stored state may both hold a value: the newer one is shown.
    const stored =
      previous?.value !== null && previous?.value !== undefined && previous.fetchedAt > outcome.fetchedAt ? previous : undefined;
    return {
      status: 'stale',
      reason: outcome.reason ?? 'not refreshed',
      fetchedAt: stored?.fetchedAt ?? outcome.fetchedAt,
      durationMs,
      value: stored ? stored.value : outcome.value,
      fresh: false,
    };
  }
  return keepPrevious(previous, outcome.status, outcome.reason ?? outcome.status, durationMs);
}
