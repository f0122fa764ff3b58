/** The enrichment of a running service, from its configuration (issue 19). */
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../store/schema.ts';
import { guardProviders } from './enrich-project.ts';
import { createEnrichmentService, type EnrichmentService } from './enrichment-service.ts';
import { providersFromConfig, type ProviderFactories, ADAPTERS } from './providers.ts';

/**
 * Slow sources' answers are cached for a poll interval; the rest for 10 minutes (the scan freshness order).
 * `now` is the clock of the caches, the histories and the poll (tests move it instead of waiting hours).
 */
export function enrichmentFromConfig(
  config: Config,
  db: Kysely<Database>,
  factories: ProviderFactories = ADAPTERS,
  options: { readonly now?: () => Date } = {},
): EnrichmentService {
  const e = config.enrichment;
  const pollMs = Math.max(1, e.pollMinutes) * 60_000;
  const slow = { cacheTtlMs: pollMs, timeoutMs: 20_000 };
  const providers = guardProviders(
    providersFromConfig(e, factories),
    {
      all: { timeoutMs: 5_000, cacheTtlMs: 10 * 60_000 },
      telegram: slow,
      discord: slow,
      reddit: slow,
      x: slow,
      github: slow,
      rdap: slow,
      dns: { ...slow, timeoutMs: 5_000 },
      // Lighthouse loads the whole site in Chromium.
      lighthouse: { ...slow, timeoutMs: 60_000, retries: 0 },
    },
    options.now ? { now: options.now } : {},
  );
  return createEnrichmentService({
    db,
    providers,
    budgetMs: e.budgetMs,
    pollMinutes: e.pollMinutes,
    ...(options.now ? { now: options.now } : {}),
  });
}
