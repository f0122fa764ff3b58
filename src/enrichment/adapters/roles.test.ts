/**
 * Parity of the adapters with the provider set: each fills the role its name says (the
 * name is what `meta.sources` shows), with the input and output types that role declares
 * (checked by the compiler through the `EnrichmentProviders` annotation), and reports only
 * fields the spec's auditLayout has.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AuditLayoutSchema } from '../../interface/schemas/audit-layout.ts';
import type { EnrichmentProviders } from '../provider-set.ts';
import { createAggregatorAProvider, DEFAULT_BASE_URL as aggregatorA } from './aggregator-a.ts';
import { createAggregatorBProvider, DEFAULT_BASE_URL as aggregatorB } from './aggregator-b.ts';
import { createDiscordProvider, DEFAULT_BASE_URL as discord } from './discord.ts';
import { createGithubProvider, DEFAULT_BASE_URL as github } from './github.ts';
import { createRedditProvider, DEFAULT_BASE_URL as reddit } from './reddit.ts';
import { createTelegramProvider, DEFAULT_BASE_URL as telegram } from './telegram.ts';
import { createXProvider, DEFAULT_BASE_URL as x } from './x.ts';

const defaults = { aggregatorA, aggregatorB, telegram, discord, reddit, x, github };

const creators = {
  aggregatorA: createAggregatorAProvider,
  aggregatorB: createAggregatorBProvider,
  telegram: createTelegramProvider,
  discord: createDiscordProvider,
  reddit: createRedditProvider,
  x: createXProvider,
  github: createGithubProvider,
};

const baseUrl = 'http://127.0.0.1:9';
const providers: EnrichmentProviders = {
  aggregatorA: createAggregatorAProvider({ baseUrl }),
  aggregatorB: createAggregatorBProvider({ baseUrl }),
  telegram: createTelegramProvider({ baseUrl }),
  discord: createDiscordProvider({ baseUrl }),
  reddit: createRedditProvider({ baseUrl }),
  x: createXProvider({ baseUrl }),
  github: createGithubProvider({ baseUrl }),
};

describe('adapters and their roles', () => {
  it('name each provider after its role', () => {
    for (const [role, provider] of Object.entries(providers)) assert.equal(provider?.name, role);
  });

  it('report only auditLayout fields', () => {
    const known = new Set(Object.keys(AuditLayoutSchema.properties));
    for (const provider of Object.values(providers)) {
      assert.ok(provider && provider.fields.length > 0, provider?.name);
      for (const field of provider.fields) assert.ok(known.has(field), `${provider.name}: ${field}`);
    }
  });

  it('refuse a base URL that is not an http(s) URL when created, naming the provider', () => {
    for (const [role, create] of Object.entries(creators)) {
      assert.throws(
        () => create({ baseUrl: 'api.example.org/v3' }),
        new RegExp(`^Error: ${role}: the base URL "api.example.org/v3" is not a URL`),
      );
      assert.throws(() => create({ baseUrl: 'ftp://api.example.org' }), /is not an http\(s\) URL/);
    }
  });

  it('each module names a default base URL the configuration can use', () => {
    for (const [role, base] of Object.entries(defaults)) {
      assert.match(base, /^https:\/\/[a-z0-9.-]+(?:\/[a-z0-9/]+)?$/, role);
      assert.doesNotThrow(() => creators[role as keyof typeof creators]({ baseUrl: base }), role);
    }
  });
});
