/**
 * github: repository statistics from the GitHub REST API (https://docs.github.com/rest),
 * in the spec's RepositoryStats shape.
 *
 *   GET /orgs/{owner}  (404: GET /users/{owner})         created_at → organizationAge, public_repos → totalRepositories
 *   GET /orgs/{owner}/repos?type=public&per_page=100     when no repository is given: the most-starred one
 *       (/users/{owner}/repos?type=owner…)               among the first 100 (forks only when nothing else)
 *   GET /repos/{o}/{r}                                   stargazers_count, forks_count, subscribers_count (watchers), open_issues_count
 *   GET /repos/{o}/{r}/contributors?per_page=1&anon=1    the `Link` header's last page = number of contributors
 *   GET /repos/{o}/{r}/commits?per_page=1                the same for commits on the default branch
 *   GET /repos/{o}/{r}/stats/commit_activity             52 weeks of {week, total, days[7]}
 *
 * GitHub answers some of these with less than the numbers, which we report as known empty
 * values plus a reason (partial.ts) rather than an error: 202 while it computes statistics
 * (we never wait for it; the next slow poll gets them), 204/409 for an empty repository,
 * 403 "too large to list contributors". Rate limits: 403 or 429 with
 * `x-ratelimit-remaining: 0` (retry at `x-ratelimit-reset`, epoch seconds) and secondary
 * limits with `retry-after`; any other 403 and 401 mean the token is refused.
 */
import { ProviderError, retryAfterMs, type Provider, type ProviderContext } from '../provider.ts';
import type { RepositoryStats } from '../provider-set.ts';
import { badResponse, endpoint, getAnswer, isRecord, num, str, throwIfServerError, type ProviderAnswer, requireBaseUrl } from './http.ts';
import { githubTarget, type GithubTarget } from './handles.ts';
import { markPartial } from './partial.ts';
import { parseInput } from './refuse-input.ts';

const NAME = 'github';
/** Where the provider answers when the configuration names no other base URL. github.com; GitHub Enterprise Server is `https://HOST/api/v3`. */
export const DEFAULT_BASE_URL = 'https://api.github.com';

export interface GithubOptions {
  /** `https://api.github.com`, or `https://HOST/api/v3` for GitHub Enterprise Server. */
  readonly baseUrl: string;
  /** Optional token (5,000 requests an hour instead of 60). */
  readonly apiKey?: string;
}

type Week = RepositoryStats['contributionsPerDay'][number];

interface Call {
  (path: string, query?: Record<string, string>): Promise<ProviderAnswer>;
}

export function createGithubProvider(options: GithubOptions): Provider<{ readonly owner: string; readonly repo: string }, RepositoryStats> {
  requireBaseUrl(NAME, options.baseUrl);
  const headers: Record<string, string> = {
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    // GitHub rejects requests without a User-Agent.
    'user-agent': 'scopeward (self-hosted smart-contract security service)',
  };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  return {
    name: NAME,
    fields: ['githubRepositoryStats'],
    async fetch(input, ctx: ProviderContext) {
      const target = parseInput(NAME, () => targetOf(input));
      const call: Call = async (path, query) => {
        const answer = await getAnswer(NAME, ctx, endpoint(options.baseUrl, path, query), headers);
        throwIfRateLimitedOrRefused(answer, ctx.now());
        return answer;
      };
      return repositoryStats(call, target);
    },
  };
}

function targetOf(input: { readonly owner: string; readonly repo: string }): GithubTarget {
  const owner = githubTarget(input.owner);
  return input.repo.trim() === '' ? owner : githubTarget(`${owner.owner}/${input.repo.trim()}`);
}

async function repositoryStats(call: Call, target: GithubTarget): Promise<RepositoryStats> {
  const notes: string[] = [];
  const owner = await readOwner(call, target.owner);
  const repo = target.repo !== '' ? target.repo : await mostStarredRepo(call, owner);
  if (repo === undefined) {
    notes.push(`${owner.login} has no public repository`);
    return finish({ ...emptyRepo(), owner: owner.login, totalRepositories: owner.publicRepos, organizationAge: owner.createdAt }, notes);
  }
  // The repository name may come from GitHub's own list: encode both rather than trust them in a path.
  const path = `/repos/${encodeURIComponent(owner.login)}/${encodeURIComponent(repo)}`;
  const [counts, contributors, commits, weeks] = await Promise.all([
    readRepo(call, path),
    countPages(call, `${path}/contributors`, { per_page: '1', anon: '1' }, notes),
    countPages(call, `${path}/commits`, { per_page: '1' }, notes),
    readCommitActivity(call, path, notes),
  ]);
  return finish(
    {
      owner: owner.login,
      contributionsPerDay: weeks,
      totalRepositories: owner.publicRepos,
      contributors,
      commits,
      organizationAge: owner.createdAt,
      ...counts,
    },
    notes,
  );
}

/** The documented empty values of the repository half (a fresh array each time: callers may keep it). */
function emptyRepo() {
  return { contributionsPerDay: [], contributors: 0, stars: 0, forks: 0, openIssues: 0, watchers: 0, commits: 0 };
}

/** Builds the spec's object key by key (nothing else leaks into the answer) and records any notes. */
function finish(stats: RepositoryStats, notes: readonly string[]): RepositoryStats {
  const out: RepositoryStats = {
    owner: stats.owner,
    contributionsPerDay: stats.contributionsPerDay,
    totalRepositories: stats.totalRepositories,
    contributors: stats.contributors,
    stars: stats.stars,
    forks: stats.forks,
    openIssues: stats.openIssues,
    watchers: stats.watchers,
    commits: stats.commits,
    organizationAge: stats.organizationAge,
  };
  return notes.length > 0 ? markPartial(out, notes.join('; ')) : out;
}

interface Owner {
  readonly login: string;
  readonly kind: 'orgs' | 'users';
  readonly publicRepos: number;
  readonly createdAt: string;
}

/** The organisation, else the user of that name. */
async function readOwner(call: Call, name: string): Promise<Owner> {
  for (const kind of ['orgs', 'users'] as const) {
    const answer = await call(`/${kind}/${name}`);
    if (answer.status === 404) continue;
    const body = expectOk(answer, kind === 'orgs' ? 'an organisation' : 'a user');
    const createdAt = Date.parse(str(body, 'created_at'));
    const publicRepos = num(body, 'public_repos');
    if (str(body, 'login') === '' || Number.isNaN(createdAt) || publicRepos === undefined)
      throw badResponse(NAME, `${kind === 'orgs' ? 'an organisation' : 'a user'} without login, created_at or public_repos`);
    return { login: str(body, 'login'), kind, publicRepos, createdAt: new Date(createdAt).toISOString() };
  }
  throw new ProviderError(NAME, 'not-found', `${NAME} has no organisation or user named ${name}`);
}

/** The most-starred of the owner's first 100 public repositories (sources before forks); undefined when there are none. */
async function mostStarredRepo(call: Call, owner: Owner): Promise<string | undefined> {
  const query = { type: owner.kind === 'orgs' ? 'public' : 'owner', sort: 'pushed', per_page: '100' };
  const answer = await call(`/${owner.kind}/${encodeURIComponent(owner.login)}/repos`, query);
  if (answer.status !== 200 || !Array.isArray(answer.json)) throw unexpected(answer, 'a repository list');
  const repos = answer.json.filter(isRecord).filter((r) => str(r, 'name') !== '');
  const sources = repos.filter((r) => r.fork !== true);
  const pool = sources.length > 0 ? sources : repos;
  let best: Record<string, unknown> | undefined;
  for (const r of pool) if (!best || (num(r, 'stargazers_count') ?? 0) > (num(best, 'stargazers_count') ?? 0)) best = r;
  return best ? str(best, 'name') : undefined;
}

async function readRepo(call: Call, path: string): Promise<Pick<RepositoryStats, 'stars' | 'forks' | 'watchers' | 'openIssues'>> {
  const answer = await call(path);
  if (answer.status === 404 || answer.status === 451)
    throw new ProviderError(NAME, 'not-found', `${NAME} has no public repository ${path.slice('/repos/'.length)}`);
  const body = expectOk(answer, 'a repository');
  const stars = num(body, 'stargazers_count');
  const forks = num(body, 'forks_count');
  const watchers = num(body, 'subscribers_count');
  const openIssues = num(body, 'open_issues_count');
  if (stars === undefined || forks === undefined || watchers === undefined || openIssues === undefined)
    throw badResponse(NAME, 'a repository without its counts');
  return { stars, forks, watchers, openIssues };
}

/**
 * Counts a list by asking for one item per page: the `Link` header's `rel="last"` page is
 * the count (no header: the list has at most one item, and the body says how many).
 */
async function countPages(call: Call, path: string, query: Record<string, string>, notes: string[]): Promise<number> {
  const answer = await call(path, query);
  const what = path.endsWith('/commits') ? 'commits' : 'contributors';
  // 204 (contributors) and 409 "Git Repository is empty." (commits): an empty repository.
  if (answer.status === 204 || answer.status === 409) return 0;
  if (answer.status === 403 && /too large/i.test(messageOf(answer))) {
    notes.push(`GitHub will not list ${what} of a repository this large`);
    return 0;
  }
  if (answer.status !== 200 || !Array.isArray(answer.json)) throw unexpected(answer, `a list of ${what}`);
  return lastPage(answer.headers.get('link')) ?? answer.json.length;
}

/** The `page` number of the `rel="last"` link, e.g. `<…&page=431>; rel="last"` → 431. */
export function lastPage(link: string | null): number | undefined {
  for (const part of (link ?? '').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="last"/.exec(part);
    if (!match?.[1]) continue;
    const page = Number(new URL(match[1], 'https://api.github.com').searchParams.get('page'));
    if (Number.isInteger(page) && page > 0) return page;
  }
  return undefined;
}

async function readCommitActivity(call: Call, path: string, notes: string[]): Promise<Week[]> {
  const answer = await call(`${path}/stats/commit_activity`);
  if (answer.status === 202) {
    notes.push('GitHub is still computing the weekly commit activity (HTTP 202); the next poll reads it');
    return [];
  }
  if (answer.status === 204) return [];
  if (answer.status !== 200 || !Array.isArray(answer.json)) throw unexpected(answer, 'weekly commit activity');
  return parseCommitActivity(answer.json);
}

/** Reads `/stats/commit_activity`: `week` is the Unix second the week (Sunday) starts. */
export function parseCommitActivity(rows: readonly unknown[]): Week[] {
  return rows.map((row) => {
    const week = num(isRecord(row) ? row : undefined, 'week');
    const total = num(isRecord(row) ? row : undefined, 'total');
    const days = isRecord(row) && Array.isArray(row.days) ? row.days : [];
    if (week === undefined || total === undefined || days.length !== 7 || !days.every((d) => typeof d === 'number' && Number.isFinite(d))) {
      throw badResponse(NAME, 'a commit-activity week without week, total and 7 days');
    }
    return { week, total, days: days as number[] };
  });
}

function expectOk(answer: ProviderAnswer, what: string): Record<string, unknown> {
  if (answer.status !== 200 || !isRecord(answer.json)) throw unexpected(answer, what);
  return answer.json;
}

function unexpected(answer: ProviderAnswer, what: string): ProviderError {
  throwIfServerError(NAME, answer);
  return badResponse(
    NAME,
    answer.status === 200
      ? `something other than ${what}`
      : `HTTP ${answer.status} for ${what}${messageOf(answer) ? `: ${messageOf(answer)}` : ''}`,
  );
}

function messageOf(answer: ProviderAnswer): string {
  return str(isRecord(answer.json) ? answer.json : undefined, 'message');
}

/** Rate limits (primary and secondary) and refused tokens, which every call may meet. */
function throwIfRateLimitedOrRefused(answer: ProviderAnswer, now: Date): void {
  const limited =
    answer.status === 429 ||
    (answer.status === 403 &&
      (answer.headers.get('x-ratelimit-remaining') === '0' || answer.headers.has('retry-after') || /rate limit/i.test(messageOf(answer))));
  if (limited) {
    const reset = Number(answer.headers.get('x-ratelimit-reset') ?? '');
    const wait = answer.headers.has('retry-after')
      ? retryAfterMs(answer.headers.get('retry-after'), () => now.getTime())
      : Number.isFinite(reset) && reset > 0
        ? Math.max(0, reset * 1000 - now.getTime())
        : undefined;
    throw new ProviderError(NAME, 'rate-limited', `${NAME}: ${messageOf(answer) || 'rate limit exceeded'}`, wait);
  }
  if (answer.status === 401)
    throw new ProviderError(NAME, 'unauthorized', `${NAME} refused the token: ${messageOf(answer) || 'Bad credentials'}`);
  if (answer.status === 403 && !/too large/i.test(messageOf(answer))) {
    throw new ProviderError(NAME, 'unauthorized', `${NAME} refused the request: ${messageOf(answer) || 'Forbidden'}`);
  }
}
