/**
 * The three scanning Apps pages in Chromium against the real server and its devnet:
 * Safescan (alice dealt with the devnet's mixer, carol did not, bad input), Similarityscan
 * (an OpenZeppelin ERC-20 pasted, matched beside its origin) and Signaturescan (a
 * selector back to its text, an unknown one). Screenshots of each page at desktop and
 * phone width go to test-output/e2e-apps/ (look at them).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  launchPersistentChromium,
  PHONE_VIEWPORT as PHONE,
  requireChromium,
  type PersistentChromium,
  collectPageProblems,
} from '../../src/testing/chromium.ts';
import { spawnServer, type SpawnedServer } from '../../src/testing/spawn-server.ts';
import { runCli } from '../../src/testing/run-cli.ts';
import { DEVNET_ACCOUNTS } from '../../src/devnet/accounts.ts';

const OUTPUT = join(process.cwd(), 'test-output', 'e2e-apps');
const EMAIL = 'apps.user@example.org';

requireChromium();

describe('Apps pages in Chromium', { timeout: 400_000 }, () => {
  let server: SpawnedServer;
  let context: BrowserContext;
  let page: Page;
  let dataDir: string;
  let chromium: PersistentChromium;
  const problems: string[] = [];
  let shots = 0;

  async function shot(name: string) {
    shots += 1;
    const file = `${String(shots).padStart(2, '0')}-${name}`;
    await page.screenshot({ path: join(OUTPUT, `${file}-desktop.png`), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(OUTPUT, `${file}-phone.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });
  }
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });

  before(async () => {
    await rm(OUTPUT, { recursive: true, force: true });
    await mkdir(OUTPUT, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), 'sw-e2e-apps-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    const created = await runCli(['users', 'create', EMAIL, '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const password = (JSON.parse(created.stdout) as { password: string }).password;
    server = await spawnServer(env, 180_000);
    chromium = await launchPersistentChromium('apps');
    context = chromium.context;
    page = context.pages()[0] ?? (await context.newPage());
    collectPageProblems(page, problems);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await heading('Dashboard').waitFor();
  });
  after(async () => {
    await chromium?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('Safescan: validation, a wallet that used the mixer, a clean one', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Safescan' }).click();
    await heading('Safescan').waitFor();
    await page.getByText('No address screened yet').waitFor();
    await shot('safescan-empty');
    const field = page.getByLabel('Wallet address');
    await field.fill('0x1234');
    await page.getByRole('button', { name: 'Screen' }).click();
    await page.getByRole('alert').filter({ hasText: '0x followed by 40 hexadecimal characters' }).waitFor();
    // Mixed case with a wrong checksum: the server's message.
    await field.fill(DEVNET_ACCOUNTS.alice.address.replace(/[a-f]/, (c) => c.toUpperCase()));
    await page.getByRole('button', { name: 'Screen' }).click();
    await page.getByRole('alert').filter({ hasText: 'checksum' }).waitFor();

    await field.fill(DEVNET_ACCOUNTS.alice.address);
    await page.getByRole('button', { name: 'Screen' }).click();
    await page.getByText('Suspicious: this address dealt directly with').waitFor({ timeout: 60_000 });
    await page.getByRole('table').getByText('MixerPool (devnet mixer)').first().waitFor();
    const chart = page.getByRole('img', { name: /Activity on LOCAL/ });
    await chart.waitFor();
    // Issue 29: the count beside the chart is the chart's own sum.
    const charted = /: (\d+) transactions from/.exec((await chart.getAttribute('aria-label')) ?? '')?.[1];
    assert.equal((await page.getByTestId('charted-tx').first().textContent())?.replace(/\D/g, ''), charted);
    await shot('safescan-suspicious');

    await field.fill(DEVNET_ACCOUNTS.carol.address);
    await page.getByRole('button', { name: 'Screen' }).click();
    await page.getByText('No dealings with sanctioned, mixer, exploit or phishing addresses').waitFor({ timeout: 60_000 });
    await shot('safescan-clean');
  });

  it('Similarityscan: a pasted OpenZeppelin ERC-20 matched beside its origin', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Similarityscan' }).click();
    await heading('Similarityscan').waitFor();
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByRole('alert').filter({ hasText: 'Paste the Solidity source' }).waitFor();
    const require = createRequire(import.meta.url);
    const erc20 = readFileSync(require.resolve('@openzeppelin/contracts/token/ERC20/ERC20.sol'), 'utf8');
    await page.getByRole('textbox', { name: 'Source code' }).fill(erc20);
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByRole('heading', { name: 'Closest origins' }).waitFor({ timeout: 180_000 });
    await page.getByRole('button', { name: "Show beside the origin's code" }).first().click();
    await page.getByRole('heading', { name: 'Your code' }).first().waitFor();
    // The lines found in both are marked on both sides, and counted.
    const summary = await page
      .getByText(/code lines of .* appear in the origin in the same order/)
      .first()
      .textContent();
    const [matched, comparable] = (/(\d+) of the (\d+) code lines/.exec(summary ?? '') ?? []).slice(1).map(Number);
    assert.ok(matched! > 0 && matched! <= comparable!, summary ?? '');
    const mine = page.getByLabel(/ in your source$/).first();
    const theirs = page.getByLabel(/, the origin$/).first();
    assert.equal(await mine.locator('mark').count(), matched);
    assert.equal(await theirs.locator('mark').count(), matched);
    await shot('similarityscan-match');
  });

  it('Signaturescan: a selector back to its text, and an unknown one', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Signaturescan' }).click();
    await heading('Signaturescan').waitFor();
    const field = page.getByLabel('Selector, topic or signature');
    await field.fill('0x70a0');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('alert').filter({ hasText: 'A selector is 0x and 8 hexadecimal characters' }).waitFor();
    await field.fill('0x70a08231');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('table').getByText('balanceOf(address)').waitFor({ timeout: 60_000 });
    await shot('signaturescan-found');
    await field.fill('0xdeadbee0');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('Unknown signature').waitFor();
    await shot('signaturescan-unknown');
    assert.deepEqual(problems, []);
  });
});
