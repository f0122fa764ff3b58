/**
 * Where the code hosts are and how this service is known to GitHub (its GitHub App).
 * Defaults are the public hosts; the variables point them elsewhere (GitHub Enterprise,
 * a self-managed GitLab, or the tests' local server speaking their formats).
 */
export interface GithubAppConfig {
  readonly appId: string;
  readonly slug: string;
  /** PEM of the App's private key (signs the JWT that asks for installation tokens). */
  readonly privateKey: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface CodeHostConfig {
  /** REST API root, e.g. https://api.github.com or https://ghe.example/api/v3. */
  readonly githubApiUrl: string;
  /** Web root (repository links, App installation, OAuth), derived from the API root. */
  readonly githubWebUrl: string;
  /** GitLab root; its API is under /api/v4. */
  readonly gitlabUrl: string;
  /** Present when GITHUB_APP_* are all set: private GitHub repositories through Connect. */
  readonly githubApp: GithubAppConfig | null;
  /** Loopback and private addresses are refused unless the operator allows them (CODEHOST_ALLOW_PRIVATE). */
  readonly allowPrivateAddresses: boolean;
}

const strip = (url: string) => url.replace(/\/+$/, '');

/** https://api.github.com → https://github.com; https://host/api/v3 → https://host. */
export function githubWebUrlOf(apiUrl: string): string {
  const url = new URL(strip(apiUrl));
  if (url.pathname.endsWith('/api/v3')) return strip(`${url.origin}${url.pathname.slice(0, -'/api/v3'.length)}`);
  if (url.hostname.startsWith('api.')) return `${url.protocol}//${url.host.slice(4)}`;
  return url.origin;
}

export function codeHostConfigFromEnv(env: Record<string, string | undefined>): CodeHostConfig {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const githubApiUrl = strip(value('GITHUB_API_URL') ?? 'https://api.github.com');
  const appId = value('GITHUB_APP_ID');
  const slug = value('GITHUB_APP_SLUG');
  // A PEM in one line of a .env file carries its line breaks as "\n".
  const privateKey = value('GITHUB_APP_PRIVATE_KEY')?.replace(/\\n/g, '\n');
  const clientId = value('GITHUB_CLIENT_ID');
  const clientSecret = value('GITHUB_CLIENT_SECRET');
  return {
    githubApiUrl,
    githubWebUrl: githubWebUrlOf(githubApiUrl),
    gitlabUrl: strip(value('GITLAB_URL') ?? 'https://gitlab.com'),
    githubApp: appId && slug && privateKey && clientId && clientSecret ? { appId, slug, privateKey, clientId, clientSecret } : null,
    allowPrivateAddresses: ['1', 'true', 'on', 'yes'].includes((value('CODEHOST_ALLOW_PRIVATE') ?? '').toLowerCase()),
  };
}
