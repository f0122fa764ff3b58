/**
 * The enrichment providers the configuration switches on (issue 19), built from the adapter
 * factories. The adapters live in src/enrichment/adapters and src/enrichment/domain; this
 * is the one place they are plugged in (ADAPTERS below), so adding one touches one line.
 */
import type { EnrichmentConfig } from '../config.ts';
import type { EnrichmentProviders, ProviderRole } from './provider-set.ts';

/** What a factory is given: the configured endpoint and the outbound-safety switch. */
export interface ProviderSettings {
  /** Base URL of the provider's API ('' for dns and lighthouse). */
  readonly url: string;
  /** API key, bot token or bearer token ('' when keyless). */
  readonly key: string;
  /** Whether private, loopback and link-local targets may be read (ENRICH_ALLOW_PRIVATE). */
  readonly allowPrivate: boolean;
  /** dns: the name servers to ask (empty: the system's). */
  readonly servers: readonly string[];
  /** lighthouse: the Chromium binary. */
  readonly chromiumPath: string;
}

export type ProviderFactories = {
  readonly [R in ProviderRole]?: (settings: ProviderSettings) => NonNullable<EnrichmentProviders[R]>;
};

/**
 * The adapters of this build, by role. Empty roles stay `unavailable` ("no adapter in this
 * build") even when configured. The lead fills this at merge time, e.g.
 * `telegram: (s) => createTelegramProvider({ baseUrl: s.url, botToken: s.key })`.
 */
export const ADAPTERS: ProviderFactories = {};

/** The settings of each role the configuration switches on. */
export function enabledSettings(config: EnrichmentConfig): Partial<Record<ProviderRole, ProviderSettings>> {
  const base = { allowPrivate: config.allowPrivate, servers: [] as readonly string[], chromiumPath: '' };
  const out: Partial<Record<ProviderRole, ProviderSettings>> = {};
  for (const role of ['aggregatorA', 'aggregatorB', 'telegram', 'discord', 'reddit', 'x', 'github', 'rdap'] as const) {
    const endpoint = config[role];
    if (endpoint) out[role] = { ...base, url: endpoint.url, key: endpoint.key };
  }
  if (config.dns) out.dns = { ...base, url: '', key: '', servers: config.dns.servers };
  if (config.lighthouse) out.lighthouse = { ...base, url: '', key: '', chromiumPath: config.lighthouse.chromiumPath };
  return out;
}

/** Builds the providers the configuration switches on and this build has an adapter for. */
export function providersFromConfig(config: EnrichmentConfig, factories: ProviderFactories = ADAPTERS): EnrichmentProviders {
  const providers: Record<string, unknown> = {};
  for (const [role, settings] of Object.entries(enabledSettings(config)) as [ProviderRole, ProviderSettings][]) {
    const create = factories[role] as ((s: ProviderSettings) => unknown) | undefined;
    if (create) providers[role] = create(settings);
  }
  return providers as EnrichmentProviders;
}
