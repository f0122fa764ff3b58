/**
 * Cyberscan's pages end to end (issue 15): Debian's Chromium against the real server with
 * its devnet. A new user signs up (code from a real SMTP server), then scans the devnet
 * honeypot by explorer-style URL (the service's own origin stands for the devnet's
 * explorer) and by address, uploads a .sol file, a multi-file project and a ZIP, and reads
 * each details page; every validation message is shown in place with nothing sent.
 * Screenshots of every page, desktop and phone width, go to test-output/e2e-scan/.
 *
 * Needs /usr/bin/chromium (`apt-get install -y chromium`); `.ci/run` installs it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP_VIEWPORT as DESKTOP,
  launchChromium,
  PHONE_VIEWPORT as PHONE,
  requireChromium,
  collectPageProblems,
} from '../../src/testing/chromium.ts';
import { spawnServer, type SpawnedServer } from '../../src/testing/spawn-server.ts';
import { startSmtpSink, type SmtpSink } from '../../src/testing/smtp-sink.ts';
import { buildTestZip } from '../../src/source-files/zip-test-writer.ts';
import { startFakeCodeHosts, type FakeCodeHosts } from '../../src/testing/fake-code-hosts.ts';
import { MESSAGES } from '../../src/interface/messages.ts';

const OUTPUT = join(process.cwd(), 'test-output', 'e2e-scan');
const HONEYPOT = '0x39c2764C53c0520b89Ad236A4AccC5af037Ce350';
// The elements that stick out past a phone's width, outside any scrolling box: what to fix.
const WIDEST = `(() => { const W = window.innerWidth + 1; const clipped = (e) => { for (let a = e.parentElement; a; a = a.parentElement) { const o = getComputedStyle(a).overflowX; if (o === 'auto' || o === 'hidden' || o === 'scroll') return true; } return false; };
return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > W && !clipped(e) && ![...e.children].some((c) => c.getBoundingClientRect().right > W && !clipped(c))).slice(0, 6).map((e) => e.tagName + '.' + e.className + ' [' + Math.round(e.getBoundingClientRect().right) + '] ' + (e.textContent || '').slice(0, 50)).join(' | '); })()`;
const S = MESSAGES.dashboardScans;
const F = MESSAGES.dashboardScanForm;

requireChromium();

const OWNABLE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Ownable {
    address public owner = msg.sender;
    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }
}
`;
const TOKEN = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./Ownable.sol";

contract MintableToken is Ownable {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    function mint(address to, uint256 amount) external onlyOwner {
        balanceOf[to] += amount;
        totalSupply += amount;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}
`;
const SINGLE = TOKEN.replace('import "./Ownable.sol";\n', OWNABLE.replace(/^\/\/ SPDX.*\npragma.*\n/, ''));

describe('Cyberscan pages in Chromium', { timeout: 600_000 }, () => {
  let server: SpawnedServer;
  let hosts: FakeCodeHosts;
  let smtp: SmtpSink;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  let files: string;
  const problems: string[] = [];
  const visited = new Map<string, string>();
  let shots = 0;

  async function shot(name: string) {
    shots += 1;
    await page.screenshot({ path: join(OUTPUT, `${String(shots).padStart(2, '0')}-${name}-desktop.png`), fullPage: true });
    visited.set(name, new URL(page.url()).pathname + new URL(page.url()).search);
  }
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const fieldError = () => page.getByTestId('field-error');
  // The tab panel is named after its tab, as is the file input: address the input itself.
  const fileInput = () => page.getByRole('tabpanel').locator('input[type="file"]');
  const scanButton = () => page.getByRole('button', { name: 'Scan', exact: true });

  async function expectError(message: string) {
    await fieldError().filter({ hasText: message }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/scan', 'nothing was submitted');
  }

  /** After Scan: the details page, then its stages until the scan is done. */
  async function details(): Promise<string> {
    await page.waitForURL(/\/scans\/[A-Za-z0-9_-]+$/, { timeout: 30_000 });
    try {
      // Finished: the stages behind "How we checked" under the verdict, or the Stages card of a scan with no result.
      await page
        .locator('details.how-we-checked, h2.card-title:text-is("Stages")')
        .first()
        .waitFor({ timeout: Number(process.env.E2E_SCAN_TIMEOUT_MS ?? 240_000) });
    } catch (error) {
      await page.screenshot({ path: join(OUTPUT, `unfinished-${Date.now()}.png`), fullPage: true });
      throw error;
    }
    return new URL(page.url()).pathname;
  }

  before(async () => {
    await rm(OUTPUT, { recursive: true, force: true });
    await mkdir(OUTPUT, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), 'sw-e2e-scan-'));
    files = await mkdtemp(join(tmpdir(), 'sw-e2e-files-'));
    smtp = await startSmtpSink();
    // GitHub and GitLab stand-ins speaking their REST formats and GitHub's install redirect.
    hosts = await startFakeCodeHosts({
      github: [
        {
          owner: 'octo',
          name: 'vault',
          private: true,
          defaultBranch: 'main',
          files: { 'src/Token.sol': TOKEN, 'src/Ownable.sol': OWNABLE },
        },
      ],
      gitlab: [{ owner: 'group', name: 'hidden', private: true, defaultBranch: 'main', files: { 'Token.sol': SINGLE } }],
    });
    server = await spawnServer(
      {
        ...hosts.env,
        SECRET_KEY: 'e2e scan pages key',
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'scopeward <codes@scopeward.test>',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      240_000,
    );
    hosts.callbackUrl = `${server.url}/api/github/callback`;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    collectPageProblems(page, problems);
    await writeFile(join(files, 'Token.sol'), TOKEN);
    await writeFile(join(files, 'Ownable.sol'), OWNABLE);
    await writeFile(join(files, 'Single.sol'), SINGLE);
    await writeFile(join(files, 'notes.txt'), 'not solidity');
    await writeFile(
      join(files, 'docs.zip'),
      buildTestZip([
        { name: 'README.md', data: '# docs' },
        { name: 'img/logo.svg', data: '<svg/>' },
      ]),
    );
    await writeFile(
      join(files, 'project.zip'),
      buildTestZip([
        { name: 'src/Token.sol', data: TOKEN },
        { name: 'src/Ownable.sol', data: OWNABLE },
        { name: 'README.md', data: '# ignored' },
      ]),
    );
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await hosts?.close();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(files, { recursive: true, force: true });
  });

  it('signs up and opens Cyberscan from the sidebar', async () => {
    const nextMail = smtp.nextMail();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('E-mail').fill('scanner@example.org');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Verification code').waitFor();
    const mail = await nextMail;
    const code = /^Subject: .*code: (\d{6})$/m.exec(mail)?.[1];
    assert.ok(code, 'a code in the mail');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await heading('Dashboard').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cyberscan' }).click();
    await heading('Cyberscan').waitFor();
    assert.equal(new URL(page.url()).pathname, '/scan');
  });

  it('contract URL: says which forms are accepted, then scans the devnet honeypot by its explorer-style link', async () => {
    const input = page.getByRole('textbox', { name: 'Contract URL' });
    await scanButton().click();
    await expectError(S.urlRequired);
    await input.fill(`https://example.com/token/${HONEYPOT}`);
    await scanButton().click();
    await expectError(F.urlUnknownHost('example.com'));
    await input.fill('https://bscscan.com/tx/0x1234');
    await scanButton().click();
    await expectError(S.urlUnknown);
    await shot('scan-url-invalid');

    await input.fill(`${server.url}/token/${HONEYPOT}#code`);
    await scanButton().click();
    await details();
    await shot('details-url-honeypot');
  });

  it('the honeypot’s details page: sell failure, evidence, scores and findings beside the code', async () => {
    // Issue 29: the answer first, inside the first screen: the verdict and the risk checklist.
    const verdict = page.getByRole('region', { name: 'Verdict' });
    await verdict.waitFor();
    assert.match((await verdict.textContent()) ?? '', /You cannot sell/);
    await page.evaluate('window.scrollTo(0, 0)');
    await assertInFirstScreen(page.locator('.verdict-headline'), DESKTOP.height, 'the verdict');
    await assertInFirstScreen(page.locator('.verdict-risks summary'), DESKTOP.height, 'the risk checklist');
    assert.equal(await page.locator('.check[data-risk="honeypot"]').getAttribute('data-answer'), 'yes');
    // The stages wait behind "How we checked".
    assert.equal(await page.locator('details.how-we-checked').getAttribute('open'), null);
    await page.getByTestId('tax-error').filter({ hasText: 'SELL_FAILED' }).waitFor();
    const steps = page.getByRole('list', { name: 'Simulation steps' });
    await steps.getByText('sell').first().waitFor();
    assert.ok((await steps.getByRole('listitem').count()) >= 3, 'the simulation shows its steps');
    await page.locator('[data-score="security"]').waitFor();
    await page.locator('[data-severity="critical"]').waitFor();
    await page.locator('#chat-slot').waitFor({ state: 'attached' });
    // A finding opens to its explanation and shows its lines in the code.
    const first = page.locator('.finding summary').first();
    await first.click();
    await page.getByRole('button', { name: 'Show in the code' }).first().click();
    await page.locator('.code-table tr.marked').first().waitFor();
    assert.ok((await page.locator('.code-table .token.keyword').count()) > 0, 'Solidity is highlighted');
    await shot('details-honeypot-finding');
    // The exports download the scan as JSON and SARIF.
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const sarif = await fetch(`${server.url}/api/scans/${id}/sarif`, { headers: { cookie: cookies } });
    assert.equal(sarif.status, 200);
    assert.equal(((await sarif.json()) as { version: string }).version, '2.1.0');
  });

  it('token address: checks the form for the network, then scans by address', async () => {
    await page.goto(`${server.url}/scan?tab=address`);
    const input = page.getByRole('textbox', { name: 'Token address' });
    await input.waitFor();
    await scanButton().click();
    await expectError(S.addressRequired);
    await input.fill('0x1234');
    await scanButton().click();
    await expectError(F.evmAddress);
    await page.getByRole('combobox', { name: 'Network' }).selectOption('SOL');
    await input.fill(HONEYPOT);
    await scanButton().click();
    await expectError(F.solanaAddress);
    await shot('scan-address-invalid');
    await page.getByRole('combobox', { name: 'Network' }).selectOption('LOCAL');
    await scanButton().click();
    await details();
    await page.getByTestId('tax-error').filter({ hasText: 'SELL_FAILED' }).waitFor();
    await shot('details-address-honeypot');
  });

  it('Solidity files: refuses a non-.sol file, scans one file and a multi-file project', async () => {
    await page.goto(`${server.url}/scan?tab=files`);
    const input = fileInput();
    await scanButton().click();
    await expectError(S.filesRequired);
    await input.setInputFiles([join(files, 'Token.sol'), join(files, 'notes.txt')]);
    await scanButton().click();
    await expectError(S.notSol('notes.txt'));
    await shot('scan-files-invalid');

    await input.setInputFiles([join(files, 'Single.sol')]);
    await scanButton().click();
    await details();
    await page.getByRole('heading', { name: 'What a source scan cannot show' }).waitFor();
    await shot('details-single-file');

    await page.goto(`${server.url}/scan?tab=files`);
    await fileInput().setInputFiles([join(files, 'Token.sol'), join(files, 'Ownable.sol')]);
    await scanButton().click();
    await details();
    const tabs = page.getByRole('tablist', { name: 'Files' });
    await tabs.getByRole('tab', { name: 'Ownable.sol' }).click();
    await page.locator('.code-table').getByText('onlyOwner').first().waitFor();
    await shot('details-multi-file');
  });

  it('ZIP: an archive without .sol gets the spec’s message; a project archive is scanned', async () => {
    await page.goto(`${server.url}/scan?tab=zip`);
    const input = fileInput();
    await scanButton().click();
    await expectError(S.zipRequired);
    await input.setInputFiles(join(files, 'docs.zip'));
    await scanButton().click();
    await expectError(S.zipNoSol);
    await shot('scan-zip-without-sol');
    await input.setInputFiles(join(files, 'project.zip'));
    await scanButton().click();
    await details();
    await page.getByRole('tablist', { name: 'Files' }).waitFor();
    await shot('details-zip');
  });

  it('repository: another host, a private GitLab project, then GitHub Connect and a granted private repository', async () => {
    await page.goto(`${server.url}/scan?tab=repository`);
    const input = page.getByRole('textbox', { name: 'Repository link' });
    // The page is loaded on first visit (its own chunk): Scan is pressed on the repository tab, not before it shows.
    await input.waitFor();
    await scanButton().click();
    await expectError(S.repositoryUrl);
    await input.fill('https://bitbucket.org/acme/token');
    await scanButton().click();
    await fieldError()
      .filter({ hasText: /^Only repositories on .+ can be imported$/ })
      .waitFor();
    await shot('scan-repository-invalid');
    // A private GitLab link is checked as it is typed, and refused on Scan.
    await input.fill(`${hosts.gitlabUrl}/group/hidden`);
    await page.getByTestId('repo-check').filter({ hasText: 'private' }).waitFor();
    await fieldError().filter({ hasText: S.gitlabPrivate }).waitFor();
    await scanButton().click();
    await expectError(S.gitlabPrivate);
    await shot('scan-gitlab-private');

    // A private GitHub repository offers Connect: GitHub's install page, grant, back to the list.
    await input.fill(`${hosts.githubUrl}/octo/vault`);
    await page.getByRole('link', { name: 'Connect GitHub' }).click();
    await page.waitForURL(`${hosts.githubUrl}/**`);
    await page.getByRole('checkbox', { name: /octo\/vault/ }).check();
    await page.getByRole('button', { name: 'Install' }).click();
    await page.waitForURL(/\/scan\?github=connected/);
    await page.getByText('GitHub connected').waitFor();
    await shot('scan-github-connected');
    await page.getByRole('button', { name: 'Scan octo/vault' }).click();
    await details();
    await page.getByRole('tablist', { name: 'Files' }).getByRole('tab', { name: 'src/Ownable.sol' }).waitFor();
    await page.getByText('Private: only your account can open this page.').waitFor();
    await shot('details-github-private');
  });

  it('lists the scans, and every page works at phone width', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your scans' }).click();
    await heading('Your scans').waitFor();
    // The header and the six scans: URL, address, one file, a project, a ZIP, a repository.
    await page.getByRole('row').nth(6).waitFor();
    assert.equal(await page.getByRole('row').count(), 7);
    await shot('scans');
    await page.setViewportSize(PHONE);
    for (const [name, path] of visited) {
      await page.goto(`${server.url}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      // Name the widest elements that stick out, so a failure says what to fix.
      const wide = await page.evaluate<string>(WIDEST);
      assert.ok(overflow <= 1, `${name} fits a phone (overflows by ${overflow}px: ${wide})`);
      if (name.startsWith('details-') && (await page.locator('.verdict-headline').count()) > 0)
        await assertInFirstScreen(page.locator('.verdict-headline'), PHONE.height, `${name}: the verdict`);
      await page.screenshot({ path: join(OUTPUT, `${name}-phone.png`), fullPage: true });
    }
    assert.deepEqual(problems, []);
  });
});

/** Fails unless the element's top is inside the first screen of a page scrolled to the top. */
async function assertInFirstScreen(locator: import('playwright-core').Locator, height: number, what: string): Promise<void> {
  const box = await locator.first().boundingBox();
  assert.ok(box, `${what} is shown`);
  assert.ok(
    box.y >= 0 && box.y + Math.min(box.height, 40) <= height,
    `${what} starts inside the first screen (at ${Math.round(box.y)} px of ${height})`,
  );
}
