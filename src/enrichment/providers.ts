/**
 * The enrichment providers the configuration switches on (issue 19), built from the adapter
 * factories. The adapters live in src/enrichment/adapters and src/enrichment/domain; this
 * is the one place they are plugged in (ADAPTERS below), so adding one touches one line.
 */
import type { EnrichmentConfig } from '../config.ts';
import type { EnrichmentProviders, ProviderRole } from './provider-set.ts';
import { createAggregatorAProvider } from './adapters/aggregator-a.ts';
import { createAggregatorBProvider } from './adapters/aggregator-b.ts';
import { createDiscordProvider } from './adapters/discord.ts';
import { createGithubProvider } from './adapters/github.ts';
import { createRedditProvider } from './adapters/reddit.ts';
import { createTelegramProvider } from './adapters/telegram.ts';
import { createXProvider } from './adapters/x.ts';
import { createDnsProvider } from './domain/dns-checks.ts';
import { createLighthouseProvider } from './domain/lighthouse.ts';
import { createRdapProvider } from './domain/rdap.ts';

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

/** The adapters of this build, by role: each maps the configured settings onto its own options. */
export const ADAPTERS: ProviderFactories = {
  aggregatorA: (s) => createAggregatorAProvider({ baseUrl: s.url, ...(s.key ? { apiKey: s.key } : {}) }),
  aggregatorB: (s) => createAggregatorBProvider({ baseUrl: s.url, ...(s.key ? { apiKey: s.key } : {}) }),
  telegram: (s) => createTelegramProvider({ baseUrl: s.url, ...(s.key ? { apiKey: s.key } : {}) }),
  discord: (s) => createDiscordProvider({ baseUrl: s.url, ...(s.key ? { apiKey: s.key } : {}) }),
  reddit: (s) => createRedditProvider({ baseUrl: s.url, ...(s.key ? { apiKey: s.key } : {}) }),
  x: (s) => createXProvider({ baseUrl: s.url, ...(s.key ? { apiKey: s.key } : {}) }),
  github: (s) => createGithubProvider({ baseUrl: s.url, ...(s.key ? { apiKey: s.key } : {}) }),
  rdap: (s) => createRdapProvider({ baseUrl: s.url, allowPrivate: s.allowPrivate }),
  dns: (s) => createDnsProvider({ servers: s.servers, allowPrivate: s.allowPrivate }),
  lighthouse: (s) =>
    // Its own limit kills Chromium before the policy's 60 s one gives up on it (enrichment-setup.ts).
    createLighthouseProvider({ chromiumPath: s.chromiumPath, allowPrivate: s.allowPrivate, timeoutMs: 55_000 }),
};

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
