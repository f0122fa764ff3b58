/**
 * Property-based tests over every route's inputs (fast-check): whatever the query, body,
 * headers or content type, the answer is a 4xx or a 2xx/503 in JSON, never a 500. Bounded
 * in runs so `npm test` stays quick; a failure prints its shrunk counter-example.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../src/testing/test-app.ts';
import { createRateLimiter } from '../src/limits/rate-limiter.ts';
import { createApiKey } from '../src/keys/api-key-repository.ts';
import { createStoredCorpusService } from '../src/corpus/corpus-service.ts';
import { ChainUnavailableError, NotATokenError } from '../src/scan/scan-errors.ts';
import { scanSource } from '../src/scan/scan-source.ts';
import { analyzeVerifiedSources } from '../src/scan/scan-dependencies.ts';
import { createNodeModulesResolver } from '../src/source-files/node-modules-resolver.ts';
import { devnetRpcRoutes } from '../src/api/routes/devnet-rpc.ts';
import type { ScanService } from '../src/scan/scan-service.ts';
import { MESSAGES } from '../src/interface/messages.ts';

const RUNS = 60;

/** A scan service whose every scan fails the ways a real one can (not a token, node down). */
const failingScans: ScanService = {
  scan: async ({ address }) => {
    throw address.endsWith('0') ? new ChainUnavailableError('node down') : new NotATokenError('no code');
  },
  execute: async () => {
    throw new NotATokenError('no code');
  },
  close: async () => {},
  cachedJson: async () => undefined,
  stored: async () => undefined,
};

const address = fc.oneof(
  fc.constant('0x000000000000000000000000000000000000dEaD'),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), maxLength: 44 }).map((h) => `0x${h}`),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('', ' ', '0x', '\u0000', 'So11111111111111111111111111111111111111112'),
);
const network = fc.oneof(fc.constantFrom('BSC', 'ETH', 'LOCAL', 'SOL', 'bsc', 'FTM', 'BNB', '', ' '), fc.string({ maxLength: 12 }));
const chainId = fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 8 }), fc.constant(null), fc.boolean());
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const scanBody = fc.oneof(
  fc.record({ address, network, chainId }, { requiredKeys: [] }),
  fc.record(
    {
      type: fc.constantFrom('source', 'address', 'other', ''),
      source: fc.oneof(fc.string({ maxLength: 200 }), jsonValue),
      address,
      network,
    },
    { requiredKeys: [] },
  ),
  jsonValue,
);
const rawBody = fc.oneof(
  scanBody.map((b) => JSON.stringify(b)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '{', '[]', 'null', '{"a":', '\u0000'),
);
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'text/csv',
  'application/json; charset=utf-16',
  '',
);
const queryValue = fc.oneof(address, network, fc.string({ maxLength: 30 }), fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }));

function queryString(params: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const item of Array.isArray(v) ? v : [v]) search.append(k, item);
  return search.toString();
}

describe('every route under random input', () => {
  let t: TestApp;
  let userKey: string;
  let adminKey: string;
  before(async () => {
    const store = await (await import('../src/testing/test-stores.ts')).openTestStore();
    const corpus = createStoredCorpusService(store, { packages: [] });
    const analyze = analyzeVerifiedSources(createNodeModulesResolver());
    t = await createTestApp({
      store,
      rateLimiter: createRateLimiter({ pointsPerWindow: 1_000_000 }),
      scans: failingScans,
      scanSource: (sources, options) => scanSource({ analyze }, sources, options),
      corpus,
      getVerifiedSource: async () => null,
      plugins: [
        async (app) =>
          app.register(devnetRpcRoutes, {
            request: async (payload) => ({ jsonrpc: '2.0', id: null, result: payload === null ? null : true }),
          }),
      ],
    });
    userKey = (await createApiKey(store.db, { name: 'fuzz' })).key;
    adminKey = (await createApiKey(store.db, { name: 'fuzz-admin', scope: 'admin' })).key;
  });
  after(() => t.close());

  const keyHeader = () =>
    fc.constantFrom<Record<string, string>>(
      {},
      { 'x-api-key': userKey },
      { 'x-api-key': adminKey },
      { 'x-api-key': 'sw_bogus' },
      { 'x-api-key': '' },
    );

  async function check(request: InjectOptions): Promise<void> {
    const res = await t.app.inject(request);
    assert.ok(
      res.statusCode < 500 || res.statusCode === 503,
      `${request.method} ${request.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
    );
    if (res.statusCode !== 204)
      assert.match(String(res.headers['content-type']), /json|html|javascript|css/, `${request.url} content type`);
    assert.doesNotMatch(res.body, /\n\s+at .+\(.+:\d+:\d+\)/, 'no stack trace in a body');
  }

  const GET_ROUTES = [
    '/api/audits/search-by-address',
    '/api/score',
    '/api/signaturescan',
    '/admin/audits',
    '/admin/corpus',
    '/admin/projects',
  ];
  const POST_ROUTES = [
    '/api/cyberscan',
    '/api/search/contract',
    '/api/search/similarity',
    '/api/signaturescan',
    '/admin/audits',
    '/admin/signatures',
    '/admin/corpus',
    '/admin/projects',
    '/rpc',
  ];

  it('GET routes: any query and key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GET_ROUTES),
        fc.dictionary(fc.constantFrom('address', 'network', 'chainId', 'selector', 'signature', 'limit', 'offset', 'x'), queryValue, {
          maxKeys: 4,
        }),
        keyHeader(),
        async (url, query, headers) => check({ method: 'GET', url: `${url}?${queryString(query)}`, headers }),
      ),
      { numRuns: RUNS },
    );
  });

  it('POST routes: any body, content type and key', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_ROUTES), rawBody, contentType, keyHeader(), async (url, payload, type, headers) =>
        check({ method: 'POST', url, payload, headers: { ...headers, ...(type ? { 'content-type': type } : {}) } }),
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("the spec's operations refuse with their own messages only, whatever the input", async () => {
    const own: Record<string, readonly string[]> = {
      '/api/audits/search-by-address': Object.values(MESSAGES.audits),
      '/api/score': [MESSAGES.score.badRequest],
      '/api/cyberscan': [...Object.values(MESSAGES.cyberscan), MESSAGES.common.badRequest],
      '/api/search/contract': [
        ...Object.values(MESSAGES.legacy),
        MESSAGES.cyberscan.invalidAddress,
        MESSAGES.cyberscan.invalidNetwork,
        MESSAGES.common.badRequest,
      ],
    };
    const request = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('/api/audits/search-by-address', '/api/score'),
          fc.dictionary(fc.constantFrom('address', 'network', 'chainId'), queryValue, { maxKeys: 3 }),
        )
        .map(([url, query]): InjectOptions => ({ method: 'GET', url: `${url}?${queryString(query)}`, headers: { 'x-api-key': userKey } })),
      fc.tuple(fc.constantFrom('/api/cyberscan', '/api/search/contract'), scanBody).map(([url, body]): InjectOptions => ({
        method: 'POST',
        url,
        payload: JSON.stringify(body),
        headers: { 'x-api-key': userKey, 'content-type': 'application/json' },
      })),
    );
    await fc.assert(
      fc.asyncProperty(request, async (options) => {
        const res = await t.app.inject(options);
        if (res.statusCode !== 400) return;
        const path = String(options.url).split('?')[0]!;
        assert.ok(
          own[path]!.includes(res.json().message),
          `${options.method} ${String(options.url)} ${String(options.payload ?? '')}: ${res.body}`,
        );
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('path parameters and methods nobody expects', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'),
        fc.oneof(
          fc.constantFrom(
            ...GET_ROUTES,
            ...POST_ROUTES,
            '/admin/audits/x',
            '/admin/corpus/x',
            '/admin/projects/ETH/x',
            '/docs/',
            '/openapi.json',
          ),
          fc.webPath(),
        ),
        async (method, url) => check({ method: method as InjectOptions['method'] & string, url: url || '/' }),
      ),
      { numRuns: RUNS },
    );
  });
});
