/**
 * The real service (`scopeward serve`) against local GitHub and GitLab servers: sign-up
 * through the outbox, a private GitLab link refused, Connect through GitHub's install
 * redirect flow, the granted private repository imported and scanned, its stages followed
 * over server-sent events. Checks the wiring of the configuration (GITHUB_*, GITLAB_URL,
 * SECRET_KEY) that route tests build by hand.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type SpawnedServer } from '../src/testing/spawn-server.ts';
import { startFakeCodeHosts, type FakeCodeHosts } from '../src/testing/fake-code-hosts.ts';
import { MESSAGES } from '../src/interface/messages.ts';

const SOL = 'pragma solidity ^0.8.20;\ncontract Vault { address public owner = msg.sender; }\n';

/** Resolves with the first log line of the server matching the pattern, as it is printed (no polling). */
function logLine(server: SpawnedServer, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  const seen = server
    .output()
    .split('\n')
    .find((l) => pattern.test(l));
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no log line ${pattern}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      const line = chunk
        .toString()
        .split('\n')
        .find((l) => pattern.test(l));
      if (!line) return;
      clearTimeout(timer);
      server.child.stdout?.off('data', onData);
      resolve(line);
    };
    server.child.stdout?.on('data', onData);
  });
}

describe('the service with GitHub Connect and GitLab import', () => {
  let hosts: FakeCodeHosts;
  let server: SpawnedServer;
  const cookies = new Map<string, string>();
  let csrf = '';

  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name) cookies.set(name, value ?? '');
    }
    return response;
  };

  before(async () => {
    hosts = await startFakeCodeHosts({
      github: [{ owner: 'octo', name: 'secret', private: true, defaultBranch: 'main', files: { 'src/Vault.sol': SOL } }],
      gitlab: [{ owner: 'group', name: 'hidden', private: true, defaultBranch: 'main', files: { 'Vault.sol': SOL } }],
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'sw-connect-'));
    // The embedded defaults whatever the run's environment says: an account left in a shared
    // PostgreSQL by an earlier run would make this sign-up mail say "already registered".
    server = await spawnServer({
      ...hosts.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      DEVNET: 'off',
      SECRET_KEY: 'connect test key',
    });
    hosts.callbackUrl = `${server.url}/api/github/callback`;
  });
  after(async () => {
    await server?.stop();
    await hosts?.close();
  });

  it('signs up, refuses a private GitLab link, connects GitHub and scans the granted private repository', async () => {
    csrf = ((await (await call('GET', '/api/session')).json()) as { csrfToken: string }).csrfToken;
    const email = 'connect@example.org';
    assert.equal((await call('POST', '/api/account/signup', { email, password: 'correct horse battery' })).status, 202);
    // The log line is printed once the .eml file is written: then it is complete.
    const line = await logLine(server, /e-mail written to the outbox/);
    const file = (JSON.parse(line) as { file: string }).file;
    const code = /code is (\d{6})/.exec(readFileSync(file, 'utf8'))?.[1];
    assert.ok(code, 'the code is in the e-mail');
    const verified = await call('POST', '/api/account/verify', { email, code });
    assert.equal(verified.status, 200);
    csrf = ((await verified.json()) as { csrfToken: string }).csrfToken;

    const gitlab = await call('POST', '/api/scans', { kind: 'repository', url: `${hosts.gitlabUrl}/group/hidden` });
    assert.equal(gitlab.status, 400);
    assert.equal(((await gitlab.json()) as { message: string }).message, MESSAGES.dashboardScans.gitlabPrivate);

    const connect = await call('GET', '/api/github/connect');
    assert.equal(connect.status, 302);
    const install = new URL(connect.headers.get('location') ?? '');
    const chosen = await fetch(install, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: install.searchParams.get('state') ?? '', repository: 'octo/secret' }).toString(),
    });
    const callback = new URL(chosen.headers.get('location') ?? '');
    assert.equal(callback.origin, server.url);
    const back = await call('GET', `${callback.pathname}${callback.search}`);
    assert.equal(back.headers.get('location'), '/apps/cyberscan?github=connected');
    const granted = (await (await call('GET', '/api/github/repositories')).json()) as { repositories: { fullName: string }[] };
    assert.deepEqual(
      granted.repositories.map((r) => r.fullName),
      ['octo/secret'],
    );

    const created = await call('POST', '/api/scans', { kind: 'repository', url: `${hosts.githubUrl}/octo/secret` });
    assert.equal(created.status, 202);
    const { scan } = (await created.json()) as { scan: { id: string; visibility: string } };
    assert.equal(scan.visibility, 'private');
    // Follow the stages over server-sent events until `end`.
    const events = await call('GET', `/api/scans/${scan.id}/events`);
    assert.match(events.headers.get('content-type') ?? '', /text\/event-stream/);
    const stream = await events.text();
    const end = /event: end\ndata: (.*)\n/.exec(stream)?.[1];
    assert.ok(end, stream);
    assert.equal((JSON.parse(end) as { status: string }).status, 'done');
    assert.match(stream, /event: stage\ndata: \{"name":"analysis"/);
    const detail = (await (await call('GET', `/api/scans/${scan.id}`)).json()) as { result: { sources: object } };
    assert.deepEqual(Object.keys(detail.result.sources), ['src/Vault.sol']);
  });
});
