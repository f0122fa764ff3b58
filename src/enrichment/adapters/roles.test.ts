/**
 * Parity of the adapters with the provider set: each fills the role its name says (the
 * name is what `meta.sources` shows), with the input and output types that role declares
 * (checked by the compiler through the `EnrichmentProviders` annotation), and reports only
 * fields the spec's auditLayout has.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AuditLayoutSchema } from '../../spec/schemas/audit-layout.ts';
import type { EnrichmentProviders } from '../provider-set.ts';
import { createAggregatorAProvider } from './aggregator-a.ts';
import { createAggregatorBProvider } from './aggregator-b.ts';
import { createDiscordProvider } from './discord.ts';
import { createGithubProvider } from './github.ts';
import { createRedditProvider } from './reddit.ts';
import { createTelegramProvider } from './telegram.ts';
import { createXProvider } from './x.ts';

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
});
