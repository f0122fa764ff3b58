/**
 * The enrichment as the scan and the background poll use it (issue 19).
 *
 * A scan reads the token's stored state, asks the providers live for at most the budget,
 * and keeps what did not answer in time from the stored state (reported `stale`). Slow
 * sources answered by the poll within the last poll interval are not asked again. The poll
 * refreshes the slow sources of tokens scanned recently, with no scan waiting on it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { AuditLayout, DataSourceReport } from '../interface/schemas/audit-layout.ts';
import { findProject } from '../projects/project-repository.ts';
import { PROJECT_LINK_FIELDS } from '../projects/project-record.ts';
import { emptyAuditLayout } from '../scan/build-audit-layout.ts';
import {
  EMPTY_LINKS,
  SLOW_ROLES,
  enrichProject,
  type EnrichmentState,
  type GuardedProviders,
  type ProjectProfile,
} from './enrich-project.ts';
import {
  layoutFields,
  newReadings,
  scoringInputOf,
  slowPollUpdatedAt,
  sourceReports,
  type EnrichmentLayoutFields,
  type EnrichmentScoringInput,
} from './enrichment-fields.ts';
import { loadCounterHistories, loadState, recentlyScanned, recordReadings, saveState } from './enrichment-store.ts';
import type { ProjectLinks } from './provider-set.ts';

export interface ScanEnrichment {
  readonly fields: EnrichmentLayoutFields;
  readonly sources: Record<string, DataSourceReport>;
  readonly scoring: EnrichmentScoringInput;
}

export interface EnrichmentService {
  /** The enrichment of a scan: never rejects, never waits past the budget (plus the store's reads and writes). */
  forScan(network: string, address: string): Promise<ScanEnrichment>;
  /** Refreshes the slow sources of the tokens scanned within `recentDays`; returns how many were refreshed. */
  pollOnce(): Promise<number>;
  /** Resolves when the background refreshes started by scans have ended (tests, shutdown). */
  settled(): Promise<void>;
}

export interface EnrichmentServiceOptions {
  readonly db: Kysely<Database>;
  readonly providers: GuardedProviders;
  /** How long a scan waits for live answers (ENRICH_BUDGET_MS). */
  readonly budgetMs: number;
  /** The poll interval (ENRICH_POLL_MINUTES): a slow source answered within it is not asked again by a scan. */
  readonly pollMinutes: number;
  readonly now?: () => Date;
  /** Tokens scanned within this many days are polled (default 7). */
  readonly recentDays?: number;
  /** Tokens refreshed per poll (default 200). */
  readonly pollBatch?: number;
  /** Time given to the slow sources of one token during a poll (ms; default 60 s: Lighthouse is slow). */
  readonly pollBudgetMs?: number;
}

export async function profileOf(db: Kysely<Database>, network: string, address: string): Promise<ProjectProfile> {
  const project = await findProject(db, network, address);
  if (!project) return { links: EMPTY_LINKS, aggregatorAId: '', aggregatorBSlug: '', registered: false };
  const links = Object.fromEntries(PROJECT_LINK_FIELDS.map((f) => [f, project[f]])) as unknown as ProjectLinks;
  return { links, aggregatorAId: project.aggregatorAId, aggregatorBSlug: project.aggregatorBSlug, registered: true };
}

export function createEnrichmentService(options: EnrichmentServiceOptions): EnrichmentService {
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMinutes * 60_000;
  const empty: AuditLayout = emptyAuditLayout('', '', '');

  async function run(
    network: string,
    address: string,
    mode: 'scan' | 'poll',
  ): Promise<{ state: EnrichmentState; profile: ProjectProfile }> {
    const key = { network, address };
    const [profile, previous] = await Promise.all([profileOf(options.db, network, address), loadState(options.db, network, address)]);
    const state = await enrichProject({
      network,
      address,
      profile,
      providers: options.providers,
      budgetMs: mode === 'scan' ? options.budgetMs : (options.pollBudgetMs ?? 60_000),
      now,
      previous,
      ...(mode === 'poll' ? { roles: SLOW_ROLES } : {}),
      // The poll keeps the slow sources fresh: a scan reuses what it read within one interval.
      reuseWithinMs: (role) => (mode === 'scan' && SLOW_ROLES.has(role) && pollMs > 0 ? pollMs : 0),
    });
    const at = now().toISOString();
    await recordReadings(options.db, key, newReadings(state));
    await saveState(options.db, key, state, { now: at, slowPollUpdatedAt: slowPollUpdatedAt(state), scanned: mode === 'scan' });
    return { state, profile };
  }

  // Slow sources a scan could not wait for are refreshed right away in the background (one
  // refresh per token at a time), so the next scan need not wait for the poll's schedule.
  const refreshing = new Map<string, Promise<void>>();
  function refreshLater(network: string, address: string, state: EnrichmentState): void {
    const key = `${network}:${address}`;
    const unanswered = [...SLOW_ROLES].some((role) => {
      const status = state.sources[role]?.status;
      return status === 'timeout' || status === 'stale';
    });
    if (!unanswered || refreshing.has(key)) return;
    const done = run(network, address, 'poll').then(
      () => undefined,
      // Background work: a failure shows in the next scan's meta.sources, never as a rejection.
      () => undefined,
    );
    refreshing.set(key, done);
    void done.finally(() => refreshing.delete(key));
  }

  return {
    async settled() {
      while (refreshing.size > 0) await Promise.all(refreshing.values());
    },
    async forScan(network, address) {
      const { state, profile } = await run(network, address, 'scan');
      refreshLater(network, address, state);
      const histories = await loadCounterHistories(options.db, network, address);
      return {
        fields: layoutFields(state, histories, empty),
        sources: sourceReports(state, profile),
        scoring: scoringInputOf(state, histories, now()),
      };
    },
    async pollOnce() {
      const since = new Date(now().getTime() - (options.recentDays ?? 7) * 86_400_000).toISOString();
      const tokens = await recentlyScanned(options.db, since, options.pollBatch ?? 200);
      // One token at a time: the poll is background work on a shared machine.
      for (const token of tokens) await run(token.network, token.address, 'poll');
      return tokens.length;
    },
  };
}
