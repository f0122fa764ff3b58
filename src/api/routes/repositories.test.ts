import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { storeKinds } from '../../testing/test-stores.ts';
import { createMemoryMailer } from '../../accounts/mailer.ts';
import { createRateLimiter } from '../../limits/rate-limiter.ts';
import { signedInBrowser, type TestBrowser } from '../../testing/dashboard-browser.ts';
import { startFakeCodeHosts, type FakeCodeHosts } from '../../testing/fake-code-hosts.ts';
import { codeHostConfigFromEnv } from '../../codehosts/code-host-config.ts';
import { createSecretBox } from '../../codehosts/secret-box.ts';
import { scanSource } from '../../scan/scan-source.ts';
import { analyzeVerifiedSources } from '../../scan/scan-dependencies.ts';
import { createNodeModulesResolver } from '../../source-files/node-modules-resolver.ts';
import { MESSAGES } from '../../interface/messages.ts';

const M = MESSAGES.dashboardScans;
const SOL =
  'pragma solidity ^0.8.20;\ncontract Vault { address public owner = msg.sender; function take() external { payable(owner).transfer(address(this).balance); } }\n';

// On SQLite, and on PostgreSQL too when DATABASE_URL is set (the integration suite).
for (const kind of storeKinds()) {
  describe(`repository import and GitHub Connect (${kind})`, () => {
    let hosts: FakeCodeHosts;
    let t: TestApp;
    let alice: TestBrowser;
    let bob: TestBrowser;
    const analyze = analyzeVerifiedSources(createNodeModulesResolver());

    before(async () => {
      hosts = await startFakeCodeHosts({
        github: [
          {
            owner: 'octo',
            name: 'open',
            private: false,
            defaultBranch: 'main',
            files: { 'contracts/Vault.sol': SOL, 'README.md': '#' },
            branches: ['main', 'dev'],
          },
          { owner: 'octo', name: 'secret', private: true, defaultBranch: 'trunk', files: { 'src/Vault.sol': SOL } },
          { owner: 'octo', name: 'docs', private: false, defaultBranch: 'main', files: { 'README.md': '#' } },
        ],
        gitlab: [
          {
            owner: 'group',
            name: 'public-project',
            private: false,
            defaultBranch: 'main',
            files: { 'contracts/Vault.sol': SOL, 'test/T.sol': SOL },
          },
          { owner: 'group', name: 'hidden', private: true, defaultBranch: 'main', files: { 'Vault.sol': SOL } },
        ],
      });
      hosts.callbackUrl = 'http://scopeward.test/api/github/callback';
      const mailer = createMemoryMailer();
      t = await createTestApp(
        {
          mailer,
          accountLimiters: {
            client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c' }),
            account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'a' }),
            mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'm' }),
          },
          scanSource: (sources, options) => scanSource({ analyze }, sources, options),
          codeHosts: codeHostConfigFromEnv(hosts.env),
          secretBox: createSecretBox('test secret'),
        },
        kind,
      );
      alice = await signedInBrowser(t.app, mailer, 'alice@example.org');
      bob = await signedInBrowser(t.app, mailer, 'bob@example.org');
    });
    after(async () => {
      await t.close();
      await hosts.close();
    });

    const check = (who: TestBrowser, url: string) => who.call('POST', '/api/repositories/check', { json: { url } });
    const scan = (who: TestBrowser, url: string) => who.call('POST', '/api/scans', { json: { kind: 'repository', url } });

    it('a public GitHub repository at a branch and folder: checked, imported, scanned', async () => {
      const checked = (await check(alice, `${hosts.githubUrl}/octo/open/tree/dev/contracts`)).json();
      assert.deepEqual(checked, {
        host: 'github',
        fullName: 'octo/open',
        ref: 'dev',
        path: 'contracts',
        visibility: 'public',
        importable: true,
        connect: false,
        message: null,
      });
      const created = await scan(alice, `${hosts.githubUrl}/octo/open`);
      assert.equal(created.statusCode, 202, created.body);
      const { scan: summary } = created.json() as { scan: { id: string; title: string; visibility: string; repository: { ref: string } } };
      assert.equal(summary.title, 'octo/open@main');
      assert.equal(summary.visibility, 'public');
      await t.app.dashboardScansIdle();
      const detail = (await alice.call('GET', `/api/scans/${summary.id}`)).json() as {
        scan: { status: string };
        result: { sources: object };
      };
      assert.equal(detail.scan.status, 'done');
      assert.deepEqual(Object.keys(detail.result.sources), ['contracts/Vault.sol']);
      // Public: the shareable link works for anyone.
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/scans/${summary.id}` })).statusCode, 200);
    });

    it('a public GitLab project; a private GitLab link says only public ones can be imported', async () => {
      const created = await scan(alice, `${hosts.gitlabUrl}/group/public-project/-/tree/main/contracts`);
      assert.equal(created.statusCode, 202, created.body);
      await t.app.dashboardScansIdle();
      const id = (created.json() as { scan: { id: string } }).scan.id;
      const detail = (await alice.call('GET', `/api/scans/${id}`)).json() as { result: { sources: object } };
      assert.deepEqual(Object.keys(detail.result.sources), ['contracts/Vault.sol']);

      const hidden = (await check(alice, `${hosts.gitlabUrl}/group/hidden`)).json() as {
        visibility: string;
        importable: boolean;
        connect: boolean;
        message: string;
      };
      assert.equal(hidden.visibility, 'private');
      assert.equal(hidden.importable, false);
      assert.equal(hidden.connect, false);
      assert.equal(hidden.message, M.gitlabPrivate);
      const refused = await scan(alice, `${hosts.gitlabUrl}/group/hidden`);
      assert.equal(refused.statusCode, 400);
      assert.deepEqual(refused.json(), { message: M.gitlabPrivate, field: 'repository' });
    });

    it('bad links, other hosts, a repository without .sol, a missing branch', async () => {
      assert.deepEqual((await check(alice, 'not a link')).json(), { message: M.repositoryUrl, field: 'repository' });
      const other = (await check(alice, 'https://bitbucket.org/a/b')).json() as { message: string };
      assert.match(other.message, /^Only repositories on .* can be imported$/);
      const none = await scan(alice, `${hosts.githubUrl}/octo/docs`);
      assert.deepEqual(none.json(), { message: M.repositoryNoSol, field: 'repository' });
      const branch = await scan(alice, `${hosts.githubUrl}/octo/open/tree/nope`);
      assert.equal(branch.statusCode, 404);
      assert.equal(branch.json().message, M.repositoryNotFound);
    });

    it('Connect: a private GitHub repository, granted through the App install flow, then imported privately', async () => {
      const before = (await check(alice, `${hosts.githubUrl}/octo/secret`)).json() as {
        connect: boolean;
        message: string;
        visibility: string;
      };
      assert.equal(before.visibility, 'private');
      assert.equal(before.connect, true);
      assert.equal(before.message, M.githubConnect);
      const refused = await scan(alice, `${hosts.githubUrl}/octo/secret`);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), { message: M.githubConnect, field: 'repository', connect: true });
      assert.deepEqual((await alice.call('GET', '/api/github/repositories')).json(), {
        connected: false,
        configured: true,
        repositories: [],
      });

      // Connect → GitHub's install page (state bound to the session) → choose → back to the callback.
      const connect = await alice.call('GET', '/api/github/connect');
      assert.equal(connect.statusCode, 302);
      const install = new URL(String(connect.headers.location));
      assert.equal(install.origin + install.pathname, `${hosts.githubUrl}/apps/${hosts.app.slug}/installations/new`);
      const state = install.searchParams.get('state') ?? '';
      const page = await fetch(install);
      assert.match(await page.text(), /octo\/secret \(private\)/);
      const chosen = await fetch(install, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ state, repository: 'octo/secret' }).toString(),
      });
      const callback = new URL(String(chosen.headers.get('location')));
      assert.equal(callback.pathname, '/api/github/callback');

      // Another account cannot finish Alice's flow with her state.
      const stolen = await bob.call('GET', `${callback.pathname}${callback.search}`);
      assert.match(String(stolen.headers.location), /github=error/);
      // A forged installation id with a valid state fails the /user/installations check.
      const forged = new URL(callback);
      forged.searchParams.set('installation_id', '999999');
      const forgedAnswer = await alice.call('GET', `${forged.pathname}${forged.search}`);
      assert.equal(
        String(forgedAnswer.headers.location),
        `/apps/cyberscan?github=error&message=${encodeURIComponent(M.githubInstallationNotYours)}`,
      );

      // The forged attempt spent the code (single use, like GitHub): install again for a fresh one.
      const again = await fetch(install, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ state, repository: 'octo/secret' }).toString(),
      });
      const good = new URL(String(again.headers.get('location')));
      const done = await alice.call('GET', `${good.pathname}${good.search}`);
      assert.equal(done.statusCode, 302);
      assert.equal(done.headers.location, '/apps/cyberscan?github=connected');

      const granted = (await alice.call('GET', '/api/github/repositories')).json() as {
        connected: boolean;
        repositories: { fullName: string; private: boolean }[];
      };
      assert.equal(granted.connected, true);
      assert.deepEqual(
        granted.repositories.map((r) => [r.fullName, r.private]),
        [['octo/secret', true]],
      );
      // Tokens are stored sealed, never in the clear.
      const rows = await t.store.db
        .withTables<{ github_installations: { access_token: string | null } }>()
        .selectFrom('github_installations')
        .select('access_token')
        .execute();
      assert.ok(rows.every((r) => r.access_token === null || (r.access_token.startsWith('v1.') && !r.access_token.includes('ghs_'))));

      const after = (await check(alice, `${hosts.githubUrl}/octo/secret`)).json() as { importable: boolean; connect: boolean };
      assert.deepEqual([after.importable, after.connect], [true, false]);
      const created = await scan(alice, `${hosts.githubUrl}/octo/secret`);
      assert.equal(created.statusCode, 202, created.body);
      const summary = (created.json() as { scan: { id: string; visibility: string; title: string } }).scan;
      assert.equal(summary.visibility, 'private');
      assert.equal(summary.title, 'octo/secret@trunk');
      await t.app.dashboardScansIdle();
      assert.equal((await alice.call('GET', `/api/scans/${summary.id}`)).statusCode, 200);
      assert.equal((await bob.call('GET', `/api/scans/${summary.id}`)).statusCode, 404);
      // Bob has no grant: the same private link still asks him to connect.
      assert.equal((await check(bob, `${hosts.githubUrl}/octo/secret`)).json().connect, true);

      assert.equal((await alice.call('DELETE', '/api/github/connection')).json().message, M.githubDisconnected);
      assert.equal((await alice.call('GET', '/api/github/repositories')).json().connected, false);
    });
  });
}
