/**
 * GitHub's REST API as this service uses it: repository metadata, a repository's ZIP
 * archive at a ref, and the GitHub App side (an App JWT, installation access tokens, the
 * repositories an installation grants, the OAuth code exchange and the user's
 * installations, which prove an installation is the signed-in GitHub user's).
 */
import { createSign } from 'node:crypto';
import type { CodeHostConfig, GithubAppConfig } from './code-host-config.ts';
import { outboundFetch, OutboundError, type OutboundPolicy, type OutboundResponse } from './outbound.ts';

export interface GithubRepository {
  readonly fullName: string;
  readonly private: boolean;
  readonly defaultBranch: string;
  readonly url: string;
}

export class GithubError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'GithubError';
  }
}

const JSON_LIMIT = 2 * 1024 * 1024;

interface RawRepository {
  full_name: string;
  private: boolean;
  default_branch: string;
  html_url: string;
}

const toRepository = (r: RawRepository): GithubRepository => ({
  fullName: r.full_name,
  private: r.private,
  defaultBranch: r.default_branch,
  url: r.html_url,
});

export interface GithubClient {
  /** null when GitHub answers 404 (missing, or private and this token does not reach it). */
  repository(fullName: string, token?: string): Promise<GithubRepository | null>;
  zipball(fullName: string, ref: string, token: string | undefined, maxBytes: number): Promise<Buffer>;
  installationToken(installationId: string): Promise<{ token: string; expiresAt: string }>;
  installationRepositories(token: string): Promise<GithubRepository[]>;
  exchangeCode(code: string): Promise<string>;
  userInstallations(userToken: string): Promise<{ id: string; login: string }[]>;
  /** The App's installation page, where the user picks the repositories to grant. */
  installUrl(state: string): string;
}

/** The JWT an App signs to act as itself (RS256, issued a minute back against clock skew, valid 9 minutes). */
export function appJwt(app: Pick<GithubAppConfig, 'appId' | 'privateKey'>, now: Date): string {
  const seconds = Math.floor(now.getTime() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iat: seconds - 60, exp: seconds + 540, iss: app.appId })}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(app.privateKey).toString('base64url');
  return `${unsigned}.${signature}`;
}

export function createGithubClient(config: CodeHostConfig, policy: OutboundPolicy, now: () => Date = () => new Date()): GithubClient {
  const api = config.githubApiUrl;
  const headers = (token?: string): Record<string, string> => ({
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    'user-agent': 'scopeward',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const app = (): GithubAppConfig => {
    if (!config.githubApp) throw new GithubError('GitHub App not configured', 503);
    return config.githubApp;
  };
  const call = async (
    path: string,
    init: { method?: string; token?: string; body?: object; accept?: string } = {},
    maxBytes = JSON_LIMIT,
  ) => {
    const response = await outboundFetch(
      path.startsWith('http') ? path : `${api}${path}`,
      {
        method: init.method ?? 'GET',
        headers: {
          ...headers(init.token),
          ...(init.accept ? { accept: init.accept } : {}),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      },
      policy,
      maxBytes,
    );
    if (response.status >= 500) throw new OutboundError(`GitHub answered ${response.status}`, 'unreachable');
    return response;
  };
  const expect = (response: OutboundResponse, what: string) => {
    if (response.status < 200 || response.status >= 300)
      throw new GithubError(`${what}: GitHub answered ${response.status}`, response.status);
    return response;
  };
  return {
    async repository(fullName, token) {
      const response = await call(`/repos/${fullName}`, token ? { token } : {});
      if (response.status === 404 || response.status === 403 || response.status === 401) return null;
      return toRepository(expect(response, 'repository').json<RawRepository>());
    },
    async zipball(fullName, ref, token, maxBytes) {
      const response = await call(`/repos/${fullName}/zipball/${encodeURIComponent(ref)}`, token ? { token } : {}, maxBytes);
      return expect(response, 'archive').body;
    },
    async installationToken(installationId) {
      const response = await call(`/app/installations/${encodeURIComponent(installationId)}/access_tokens`, {
        method: 'POST',
        token: appJwt(app(), now()),
      });
      const body = expect(response, 'installation token').json<{ token: string; expires_at: string }>();
      return { token: body.token, expiresAt: body.expires_at };
    },
    async installationRepositories(token) {
      const repositories: GithubRepository[] = [];
      for (let page = 1; page <= 10; page++) {
        const body = expect(await call(`/installation/repositories?per_page=100&page=${page}`, { token }), 'repositories').json<{
          total_count: number;
          repositories: RawRepository[];
        }>();
        repositories.push(...body.repositories.map(toRepository));
        if (body.repositories.length < 100 || repositories.length >= body.total_count) break;
      }
      return repositories;
    },
    async exchangeCode(code) {
      const { clientId, clientSecret } = app();
      const response = await outboundFetch(
        `${config.githubWebUrl}/login/oauth/access_token`,
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'scopeward' },
          body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, code }),
        },
        policy,
        JSON_LIMIT,
      );
      const body = expect(response, 'code exchange').json<{ access_token?: string; error?: string }>();
      if (!body.access_token) throw new GithubError(`code exchange: ${body.error ?? 'no token'}`, 401);
      return body.access_token;
    },
    async userInstallations(userToken) {
      const body = expect(await call('/user/installations?per_page=100', { token: userToken }), 'installations').json<{
        installations: { id: number; account: { login: string } }[];
      }>();
      return body.installations.map((i) => ({ id: String(i.id), login: i.account.login }));
    },
    installUrl(state) {
      return `${config.githubWebUrl}/apps/${encodeURIComponent(app().slug)}/installations/new?state=${encodeURIComponent(state)}`;
    },
  };
}
