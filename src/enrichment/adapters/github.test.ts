import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { RepositoryStatsSchema } from '../../interface/schemas/audit-layout.ts';
import {
  fixtureText,
  startProviderReplay,
  testProviderContext,
  type ProviderReplay,
  type ReplayAnswer,
} from '../../testing/provider-replay.ts';
import { providerError } from '../../testing/provider-error.ts';
import { createGithubProvider, lastPage } from './github.ts';
import { partialReason } from './partial.ts';

const fixtures = new URL('./__fixtures__/github/', import.meta.url);
const text = (name: string) => fixtureText(fixtures, name);
const NOW = new Date('2026-11-26T00:00:00Z');
const checkStats = TypeCompiler.Compile(RepositoryStatsSchema);
const notFound: ReplayAnswer = { status: 404, body: text('not-found.json') };
const weeks = JSON.parse(text('commit-activity.json')) as { week: number; total: number; days: number[] }[];

/** The answers for one repository's four endpoints. */
function repoRoutes(path: string, overrides: Record<string, ReplayAnswer> = {}): Record<string, ReplayAnswer> {
  return {
    [path]: { body: text('repo.json') },
    [`${path}/contributors?per_page=1&anon=1`]: {
      headers: {
        link: `<https://api.github.com/repositories/280416524/contributors?per_page=1&anon=1&page=2>; rel="next", <https://api.github.com/repositories/280416524/contributors?per_page=1&anon=1&page=37>; rel="last"`,
      },
      body: text('contributors-page.json'),
    },
    [`${path}/commits?per_page=1`]: {
      headers: {
        link: `<https://api.github.com/repositories/280416524/commits?per_page=1&page=2>; rel="next", <https://api.github.com/repositories/280416524/commits?per_page=1&page=1218>; rel="last"`,
      },
      body: text('commits-page.json'),
    },
    [`${path}/stats/commit_activity`]: { body: text('commit-activity.json') },
    ...Object.fromEntries(Object.entries(overrides).map(([suffix, answer]) => [`${path}${suffix}`, answer])),
  };
}

describe('github (REST repository statistics)', () => {
  let api: ProviderReplay;
  before(async () => {
    api = await startProviderReplay(
      {
        '/orgs/Uniswap': { body: text('org.json') },
        ...repoRoutes('/repos/Uniswap/v3-core'),
        '/users/vbuterin': { body: text('user.json') },
        '/users/vbuterin/repos?type=owner&sort=pushed&per_page=100': { body: text('user-repos.json') },
        ...repoRoutes('/repos/vbuterin/research'),
        // A young organisation: statistics not computed yet, an empty repository, no repositories at all.
        '/orgs/computing': { body: { ...(JSON.parse(text('org.json')) as object), login: 'computing' } },
        ...repoRoutes('/repos/computing/app', { '/stats/commit_activity': { status: 202, body: {} } }),
        '/orgs/emptyorg': { body: { ...(JSON.parse(text('org.json')) as object), login: 'emptyorg', public_repos: 1 } },
        ...repoRoutes('/repos/emptyorg/blank', {
          '/contributors?per_page=1&anon=1': { status: 204 },
          '/commits?per_page=1': { status: 409, body: text('empty-repository.json') },
          '/stats/commit_activity': { status: 204 },
        }),
        '/orgs/norepos': { body: { ...(JSON.parse(text('org.json')) as object), login: 'norepos', public_repos: 0 } },
        '/orgs/norepos/repos?type=public&sort=pushed&per_page=100': { body: [] },
        '/orgs/huge': { body: { ...(JSON.parse(text('org.json')) as object), login: 'huge' } },
        ...repoRoutes('/repos/huge/monorepo', {
          '/contributors?per_page=1&anon=1': { status: 403, body: text('contributors-too-large.json') },
        }),
        '/orgs/solo': { body: { ...(JSON.parse(text('org.json')) as object), login: 'solo' } },
        ...repoRoutes('/repos/solo/one', { '/contributors?per_page=1&anon=1': { body: text('contributors-page.json') } }),
        // Failures.
        '/orgs/limited': {
          status: 403,
          headers: {
            'x-ratelimit-limit': '60',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(NOW.getTime() / 1000 + 1500),
            'x-ratelimit-resource': 'core',
          },
          body: text('rate-limited.json'),
        },
        '/orgs/secondary': { status: 403, headers: { 'retry-after': '60' }, body: text('secondary-rate-limit.json') },
        '/orgs/badtoken': { status: 401, body: text('bad-credentials.json') },
        '/orgs/garbled': { body: '{"login": "garbled", "public_repos": ' },
        '/orgs/flaky': { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
      },
      '',
      notFound,
    );
  });
  after(() => api.close());

  const provider = (apiKey?: string) => createGithubProvider(apiKey ? { baseUrl: api.baseUrl, apiKey } : { baseUrl: api.baseUrl });
  const ask = (owner: string, repo = '', apiKey?: string) => provider(apiKey).fetch({ owner, repo }, testProviderContext(NOW));

  it('reads an organisation and a given repository into the spec’s RepositoryStats', async () => {
    const stats = await ask('https://github.com/Uniswap', 'v3-core', 'ghp_token');
    assert.deepEqual(
      { ...stats, contributionsPerDay: stats.contributionsPerDay.length },
      {
        owner: 'Uniswap',
        contributionsPerDay: 52,
        totalRepositories: 298,
        contributors: 37,
        stars: 4412,
        forks: 2731,
        openIssues: 203,
        watchers: 112,
        commits: 1218,
        organizationAge: '2018-02-01T21:43:32.000Z',
      },
    );
    assert.deepEqual(stats.contributionsPerDay, weeks);
    assert.ok(checkStats.Check(stats), JSON.stringify([...checkStats.Errors(stats)].slice(0, 3)));
    assert.equal(partialReason(stats), undefined);
    const headers = api.requests.at(-1)?.headers ?? {};
    assert.equal(headers.authorization, 'Bearer ghp_token');
    assert.equal(headers['x-github-api-version'], '2022-11-28');
    assert.match(String(headers['user-agent']), /scopeward/);
  });

  it('falls back to the user and picks the most-starred repository that is not a fork', async () => {
    const stats = await ask('vbuterin');
    assert.equal(stats.owner, 'vbuterin');
    assert.equal(stats.totalRepositories, 53);
    assert.equal(stats.organizationAge, '2012-08-29T06:36:19.000Z');
    assert.ok(
      api.requests.some((r) => r.url === '/repos/vbuterin/research'),
      'research (1790 stars) rather than the go-ethereum fork (2400)',
    );
    assert.ok(!api.requests.some((r) => r.url.startsWith('/repos/vbuterin/go-ethereum')));
    assert.equal(
      api.requests.some((r) => r.headers.authorization !== undefined && r.url.startsWith('/users/vbuterin')),
      false,
      'no token configured, none sent',
    );
  });

  it('returns what is known while GitHub computes statistics, and says so', async () => {
    const stats = await ask('computing', 'app');
    assert.deepEqual(stats.contributionsPerDay, []);
    assert.equal(stats.commits, 1218);
    assert.match(partialReason(stats) ?? '', /still computing.*202/);
  });

  it('counts an empty repository as zeros, a one-contributor list from its body', async () => {
    const empty = await ask('emptyorg', 'blank');
    assert.deepEqual([empty.contributors, empty.commits, empty.contributionsPerDay], [0, 0, []]);
    assert.equal(partialReason(empty), undefined);
    assert.equal((await ask('solo', 'one')).contributors, 1);
  });

  it('says why the numbers are missing for an owner without repositories or a repository too large', async () => {
    const none = await ask('norepos');
    assert.deepEqual(
      { ...none },
      {
        owner: 'norepos',
        contributionsPerDay: [],
        totalRepositories: 0,
        contributors: 0,
        stars: 0,
        forks: 0,
        openIssues: 0,
        watchers: 0,
        commits: 0,
        organizationAge: '2018-02-01T21:43:32.000Z',
      },
    );
    assert.ok(checkStats.Check(none));
    assert.match(partialReason(none) ?? '', /no public repository/);
    const huge = await ask('huge', 'monorepo');
    assert.equal(huge.contributors, 0);
    assert.equal(huge.stars, 4412);
    assert.match(partialReason(huge) ?? '', /will not list contributors/);
  });

  it('classifies GitHub’s failures', async () => {
    assert.equal((await providerError(ask('nobody-at-all'))).kind, 'not-found');
    assert.equal((await providerError(ask('Uniswap', 'no-such-repo'))).kind, 'not-found');
    const primary = await providerError(ask('limited'));
    assert.equal(primary.kind, 'rate-limited');
    assert.equal(primary.retryAfterMs, 1_500_000);
    const secondary = await providerError(ask('secondary'));
    assert.equal(secondary.kind, 'rate-limited');
    assert.equal(secondary.retryAfterMs, 60_000);
    assert.equal((await providerError(ask('badtoken'))).kind, 'unauthorized');
    assert.equal((await providerError(ask('garbled'))).kind, 'bad-response');
    assert.equal((await providerError(ask('flaky'))).kind, 'unreachable');
  });

  it('refuses what is not a GitHub owner before calling', async () => {
    const seen = api.requests.length;
    assert.equal((await providerError(ask('https://gitlab.com/someone'))).kind, 'refused');
    assert.equal((await providerError(ask('Uniswap', '../etc'))).kind, 'refused');
    assert.equal(api.requests.length, seen);
  });
});

describe('lastPage', () => {
  it('reads the last page of a Link header, or nothing', () => {
    assert.equal(
      lastPage('<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?per_page=1&page=431>; rel="last"'),
      431,
    );
    assert.equal(lastPage('<https://api.github.com/x?page=1>; rel="prev"'), undefined);
    assert.equal(lastPage(null), undefined);
  });
});
