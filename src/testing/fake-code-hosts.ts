/**
 * Local stand-ins for GitHub and GitLab, which tests cannot reach: two HTTP servers that
 * speak the parts of their real REST formats this service uses, and GitHub's real
 * redirect flow for installing an App.
 *
 * GitHub (GitHub Enterprise layout: API under /api/v3, web at the root):
 *   GET  /api/v3/repos/:owner/:repo                       public, or private with a granted installation token
 *   GET  /api/v3/repos/:owner/:repo/zipball/:ref          302 to /_codeload/… (as api.github.com → codeload)
 *   POST /api/v3/app/installations/:id/access_tokens      App JWT checked (RS256 with the App's public key, iss, exp)
 *   GET  /api/v3/installation/repositories                installation token
 *   GET  /api/v3/user/installations                       user token (from the OAuth code)
 *   GET  /apps/:slug/installations/new?state=…            a page to choose repositories; POST installs and
 *                                                         redirects to the App's callback URL with code, installation_id, state
 *   POST /login/oauth/access_token                        code → user token (JSON)
 * GitLab (API v4): GET /api/v4/projects/:id (404 for a private project to an anonymous
 * caller) and GET /api/v4/projects/:id/repository/archive.zip?sha=&path=.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildTestZip } from '../source-files/zip-test-writer.ts';

export interface FakeRepository {
  readonly owner: string;
  readonly name: string;
  readonly private: boolean;
  readonly defaultBranch: string;
  /** Files at every branch of `branches` (default: the default branch only). */
  readonly files: Readonly<Record<string, string>>;
  readonly branches?: readonly string[];
}

export interface FakeCodeHosts {
  readonly githubUrl: string;
  readonly githubApiUrl: string;
  readonly gitlabUrl: string;
  /** The environment that points scopeward at these servers with a GitHub App. */
  readonly env: Record<string, string>;
  readonly app: { appId: string; slug: string; privateKey: string; clientId: string; clientSecret: string };
  /** Where GitHub sends the user after installing (the App's "Callback URL" setting). */
  callbackUrl: string;
  /** Requests received, "METHOD path" (tests check nothing else was called). */
  readonly requests: string[];
  close(): Promise<void>;
}

interface Installation {
  readonly id: number;
  readonly login: string;
  readonly repositories: Set<string>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};
const notFound = (res: ServerResponse) => json(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  return /^(?:Bearer|token) (.+)$/.exec(header)?.[1];
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeCodeHosts(options: {
  github?: readonly FakeRepository[];
  gitlab?: readonly FakeRepository[];
  /** The GitHub user who installs the App (owns the repositories on the install page). */
  user?: string;
  now?: () => Date;
}): Promise<FakeCodeHosts> {
  const now = options.now ?? (() => new Date());
  const user = options.user ?? 'octo';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const app = {
    appId: '424242',
    slug: 'scopeward-test',
    privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    clientId: 'Iv1.testclient',
    clientSecret: randomBytes(20).toString('hex'),
  };
  const githubRepos = new Map((options.github ?? []).map((r) => [`${r.owner}/${r.name}`.toLowerCase(), r]));
  const gitlabRepos = (options.gitlab ?? []).map((r, i) => ({ ...r, id: 7000 + i }));
  const installations = new Map<number, Installation>();
  const installationTokens = new Map<string, number>();
  const codes = new Map<string, string>();
  const userTokens = new Map<string, string>();
  const requests: string[] = [];
  let nextInstallation = 1000;

  const repoJson = (base: string, r: FakeRepository) => ({
    id: r.name.length * 1000 + r.owner.length,
    name: r.name,
    full_name: `${r.owner}/${r.name}`,
    owner: { login: r.owner, type: 'User' },
    private: r.private,
    html_url: `${base}/${r.owner}/${r.name}`,
    default_branch: r.defaultBranch,
    visibility: r.private ? 'private' : 'public',
  });
  const canRead = (req: IncomingMessage, r: FakeRepository) => {
    if (!r.private) return true;
    const installation = installations.get(installationTokens.get(bearer(req) ?? '') ?? -1);
    return installation?.repositories.has(`${r.owner}/${r.name}`.toLowerCase()) ?? false;
  };
  const archive = (r: FakeRepository, ref: string, top: string, path: string | null) => {
    if (!(r.branches ?? [r.defaultBranch]).includes(ref)) return null;
    const prefix = path ? `${path.replace(/^\/|\/$/g, '')}/` : '';
    return buildTestZip([
      { name: `${top}/`, data: '' },
      ...Object.entries(r.files)
        .filter(([name]) => name.startsWith(prefix))
        .map(([name, data]) => ({ name: `${top}/${name}`, data })),
    ]);
  };
  const jwtValid = (token: string | undefined) => {
    const [header, payload, signature] = (token ?? '').split('.');
    if (!header || !payload || !signature) return false;
    const ok = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(publicKey, Buffer.from(signature, 'base64url'));
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss?: string; exp?: number; iat?: number };
    const seconds = now().getTime() / 1000;
    return ok && claims.iss === app.appId && (claims.exp ?? 0) > seconds && (claims.exp ?? 0) - (claims.iat ?? 0) <= 600;
  };

  let githubBase = '';
  const hosts: FakeCodeHosts = {
    githubUrl: '',
    githubApiUrl: '',
    gitlabUrl: '',
    env: {},
    app,
    callbackUrl: '',
    requests,
    close: async () => {
      await Promise.all([github, gitlab].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };

  const github = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', githubBase);
      requests.push(`${req.method} ${url.pathname}`);
      const p = url.pathname;
      let m: RegExpExecArray | null;
      if (req.method === 'GET' && (m = /^\/api\/v3\/repos\/([^/]+)\/([^/]+)$/.exec(p))) {
        const r = githubRepos.get(`${m[1]}/${m[2]}`.toLowerCase());
        return r && canRead(req, r) ? json(res, 200, repoJson(githubBase, r)) : notFound(res);
      }
      if (req.method === 'GET' && (m = /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/zipball\/(.+)$/.exec(p))) {
        const r = githubRepos.get(`${m[1]}/${m[2]}`.toLowerCase());
        if (!r || !canRead(req, r)) return notFound(res);
        const ticket = randomBytes(8).toString('hex');
        codes.set(`zip:${ticket}`, `${r.owner}/${r.name}`);
        res.writeHead(302, { location: `${githubBase}/_codeload/${r.owner}/${r.name}/legacy.zip/${m[3]}?token=${ticket}` });
        return res.end();
      }
      if (req.method === 'GET' && (m = /^\/_codeload\/([^/]+)\/([^/]+)\/legacy\.zip\/(.+)$/.exec(p))) {
        const r = githubRepos.get(`${m[1]}/${m[2]}`.toLowerCase());
        const ticket = url.searchParams.get('token') ?? '';
        if (!r || codes.get(`zip:${ticket}`) !== `${r.owner}/${r.name}`) return notFound(res);
        const zip = archive(r, decodeURIComponent(m[3]!), `${r.owner}-${r.name}-0a1b2c3`, null);
        if (!zip) return notFound(res);
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(zip.length) });
        return res.end(zip);
      }
      if (req.method === 'POST' && (m = /^\/api\/v3\/app\/installations\/(\d+)\/access_tokens$/.exec(p))) {
        if (!jwtValid(bearer(req))) return json(res, 401, { message: 'A JSON web token could not be decoded' });
        const installation = installations.get(Number(m[1]));
        if (!installation) return notFound(res);
        const token = `ghs_${randomBytes(18).toString('hex')}`;
        installationTokens.set(token, installation.id);
        return json(res, 201, {
          token,
          expires_at: new Date(now().getTime() + 3600_000).toISOString(),
          permissions: { contents: 'read', metadata: 'read' },
          repository_selection: 'selected',
        });
      }
      if (req.method === 'GET' && p === '/api/v3/installation/repositories') {
        const installation = installations.get(installationTokens.get(bearer(req) ?? '') ?? -1);
        if (!installation) return json(res, 401, { message: 'Bad credentials' });
        const repositories = [...installation.repositories].map((k) => repoJson(githubBase, githubRepos.get(k)!));
        return json(res, 200, { total_count: repositories.length, repository_selection: 'selected', repositories });
      }
      if (req.method === 'GET' && p === '/api/v3/user/installations') {
        const login = userTokens.get(bearer(req) ?? '');
        if (!login) return json(res, 401, { message: 'Bad credentials' });
        const mine = [...installations.values()].filter((i) => i.login === login);
        return json(res, 200, {
          total_count: mine.length,
          installations: mine.map((i) => ({
            id: i.id,
            account: { login: i.login, type: 'User' },
            app_id: Number(app.appId),
            app_slug: app.slug,
            target_type: 'User',
            repository_selection: 'selected',
          })),
        });
      }
      if (p === `/apps/${app.slug}/installations/new`) {
        if (req.method === 'GET') {
          const state = url.searchParams.get('state') ?? '';
          const mine = [...githubRepos.values()].filter((r) => r.owner === user);
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(`<!doctype html><html><head><title>Install ${app.slug}</title></head><body>
<h1>Install ${escapeHtml(app.slug)} on ${escapeHtml(user)}</h1>
<form method="post"><input type="hidden" name="state" value="${escapeHtml(state)}">
<p>Only select repositories:</p>
${mine.map((r) => `<label><input type="checkbox" name="repository" value="${escapeHtml(`${r.owner}/${r.name}`)}"> ${escapeHtml(`${r.owner}/${r.name}`)}${r.private ? ' (private)' : ''}</label><br>`).join('\n')}
<button type="submit">Install</button></form></body></html>`);
        }
        if (req.method === 'POST') {
          const form = new URLSearchParams(await readBody(req));
          const installation: Installation = {
            id: nextInstallation++,
            login: user,
            repositories: new Set(form.getAll('repository').map((r) => r.toLowerCase())),
          };
          installations.set(installation.id, installation);
          const code = randomBytes(10).toString('hex');
          codes.set(code, user);
          const back = new URL(hosts.callbackUrl);
          back.searchParams.set('code', code);
          back.searchParams.set('installation_id', String(installation.id));
          back.searchParams.set('setup_action', 'install');
          back.searchParams.set('state', form.get('state') ?? '');
          res.writeHead(302, { location: back.toString() });
          return res.end();
        }
      }
      if (req.method === 'POST' && p === '/login/oauth/access_token') {
        const text = await readBody(req);
        const body = (req.headers['content-type'] ?? '').includes('json')
          ? (JSON.parse(text) as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(text));
        const login = codes.get(body.code ?? '');
        if (body.client_id !== app.clientId || body.client_secret !== app.clientSecret || !login) {
          return json(res, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
        }
        codes.delete(body.code!);
        const token = `ghu_${randomBytes(18).toString('hex')}`;
        userTokens.set(token, login);
        return json(res, 200, { access_token: token, token_type: 'bearer', scope: '' });
      }
      return notFound(res);
    })().catch((error: unknown) => json(res, 500, { message: String(error) }));
  });

  let gitlabBase = '';
  const gitlab = createServer((req, res) => {
    const url = new URL(req.url ?? '/', gitlabBase);
    requests.push(`${req.method} gitlab${url.pathname}`);
    // Node decodes nothing: the project path arrives URL-encoded (group%2Fproject), as GitLab expects.
    const m = /^\/api\/v4\/projects\/([^/]+)(\/repository\/archive\.zip)?$/.exec(url.pathname);
    const key = m ? decodeURIComponent(m[1]!) : '';
    const r = gitlabRepos.find((x) => String(x.id) === key || `${x.owner}/${x.name}`.toLowerCase() === key.toLowerCase());
    // Anonymous callers see public projects only; everything else is 404, like GitLab.
    if (req.method !== 'GET' || !m || !r || r.private) return json(res, 404, { message: '404 Project Not Found' });
    if (!m[2]) {
      return json(res, 200, {
        id: r.id,
        name: r.name,
        path_with_namespace: `${r.owner}/${r.name}`,
        visibility: 'public',
        default_branch: r.defaultBranch,
        web_url: `${gitlabBase}/${r.owner}/${r.name}`,
      });
    }
    const ref = url.searchParams.get('sha') ?? r.defaultBranch;
    const path = url.searchParams.get('path');
    const zip = archive(r, ref, `${r.name}-${ref}-0a1b2c3d${path ? `-${path.replace(/\//g, '-')}` : ''}`, path);
    if (!zip) return json(res, 404, { message: '404 Not Found' });
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(zip.length) });
    return res.end(zip);
  });

  githubBase = await listen(github);
  gitlabBase = await listen(gitlab);
  Object.assign(hosts, {
    githubUrl: githubBase,
    githubApiUrl: `${githubBase}/api/v3`,
    gitlabUrl: gitlabBase,
    env: {
      GITHUB_API_URL: `${githubBase}/api/v3`,
      GITHUB_APP_ID: app.appId,
      GITHUB_APP_SLUG: app.slug,
      GITHUB_APP_PRIVATE_KEY: app.privateKey,
      GITHUB_CLIENT_ID: app.clientId,
      GITHUB_CLIENT_SECRET: app.clientSecret,
      GITLAB_URL: gitlabBase,
      CODEHOST_ALLOW_PRIVATE: 'on',
    },
  });
  return hosts;
}
