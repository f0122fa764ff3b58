/**
 * Issue 33 in Chromium: a signed-in user scans the devnet honeypot, the details page offers
 * "Download evidence" (the signed receipt) and the evidence page; the evidence page shows
 * the verdict, the chain state and the calls behind each conclusion, and opens without
 * signing in (a public scan), where a signed-out visitor disputes the result; the operator
 * (the first sign-up, an admin) reads the dispute on the Disputes page and answers it.
 * Screenshots, desktop and phone width, go to test-output/e2e-receipts/.
 *
 * Needs /usr/bin/chromium (`apt-get install -y chromium`); `.ci/run` installs it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
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

const OUTPUT = join(process.cwd(), 'test-output', 'e2e-receipts');
const HONEYPOT = '0x39c2764C53c0520b89Ad236A4AccC5af037Ce350';

requireChromium();

describe('evidence pages in Chromium', { timeout: 600_000 }, () => {
  let server: SpawnedServer;
  let smtp: SmtpSink;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const problems: string[] = [];
  let detailsPath = '';

  before(async () => {
    await rm(OUTPUT, { recursive: true, force: true });
    await mkdir(OUTPUT, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), 'sw-e2e-receipts-'));
    smtp = await startSmtpSink();
    server = await spawnServer(
      {
        SECRET_KEY: 'e2e receipts key',
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'scopeward <codes@scopeward.test>',
        DATABASE_URL: '',
        REDIS_URL: '',
        FIRST_SIGNUP_ADMIN: 'on',
      },
      240_000,
    );
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: DESKTOP, acceptDownloads: true })).newPage();
    collectPageProblems(page, problems);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('scans the honeypot; the details page offers the evidence, which downloads as a signed receipt', async () => {
    const nextMail = smtp.nextMail();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('E-mail').fill('team@example.org');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Verification code').waitFor();
    const code = /^Subject: .*code: (\d{6})$/m.exec(await nextMail)?.[1];
    assert.ok(code, 'a code in the mail');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await page.goto(`${server.url}/scan?tab=address`);
    await page.getByRole('combobox', { name: 'Network' }).selectOption('LOCAL');
    await page.getByRole('textbox', { name: 'Token address' }).fill(HONEYPOT);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.waitForURL(/\/scans\/[A-Za-z0-9_-]+$/, { timeout: 30_000 });
    detailsPath = new URL(page.url()).pathname;
    const download = page.getByRole('link', { name: 'Download evidence' });
    await download.waitFor({ timeout: 240_000 });
    await page.screenshot({ path: join(OUTPUT, '01-details-desktop.png') });

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const saved = join(dataDir, 'receipt.json');
    await file.saveAs(saved);
    const receipt = JSON.parse(await readFile(saved, 'utf8')) as {
      format: string;
      signature: { alg: string };
      verdict: { taxes: { error: string } };
    };
    assert.equal(receipt.format, 'scopeward-receipt/1');
    assert.equal(receipt.signature.alg, 'Ed25519');
    assert.equal(receipt.verdict.taxes.error, 'SELL_FAILED');
  });

  it('the evidence page: the verdict, the chain state, the calls behind each conclusion, how to check it', async () => {
    await page.getByRole('link', { name: 'Evidence page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Evidence' }).waitFor();
    const verdict = page.getByRole('region', { name: 'Verdict' });
    await verdict.waitFor();
    const text = (await verdict.textContent()) ?? '';
    assert.match(text, /SELL_FAILED/);
    assert.match(text, /LOCAL \(chain id 31337\), a snapshot at block \d+/);
    const conclusions = page.getByRole('region', { name: /What each conclusion rests on \(\d+ calls\)/ });
    await conclusions.getByText('taxes: buy, transfer and sell').click();
    await conclusions
      .getByText(/^transaction .*: (success|reverted), \d+ gas$/)
      .first()
      .waitFor();
    await page.getByRole('region', { name: 'Check it yourself' }).getByText('scopeward verify receipt.json').first().waitFor();
    await page.screenshot({ path: join(OUTPUT, '02-evidence-desktop.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(OUTPUT, '03-evidence-phone.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
  });

  it('the evidence page of a public scan opens without signing in', async () => {
    const evidence = `${detailsPath}/evidence`;
    const stranger = await (await browser.newContext({ viewport: PHONE })).newPage();
    await stranger.goto(`${server.url}${evidence}`);
    await stranger.getByRole('region', { name: 'Verdict' }).waitFor();
    assert.match((await stranger.getByRole('region', { name: 'Verdict' }).textContent()) ?? '', /SELL_FAILED/);
    await stranger.screenshot({ path: join(OUTPUT, '04-evidence-signed-out-phone.png'), fullPage: true });
    // The token's team disputes it, signed out: a too-short message is refused on the page first.
    const dispute = stranger.getByRole('region', { name: 'Dispute this result' });
    await dispute.getByLabel('What is wrong, and why').fill('wrong');
    await dispute.getByLabel('How to reach you').fill('security@token.example');
    await dispute.getByRole('button', { name: 'Send the dispute' }).click();
    await dispute.getByText(/in at least 10 characters/).waitFor();
    await dispute.getByLabel('What is wrong, and why').fill('The sell restriction was lifted when trading opened; please re-check.');
    await dispute.getByRole('button', { name: 'Send the dispute' }).click();
    await dispute.getByText(/Dispute received: the operator will answer/).waitFor();
    await stranger.screenshot({ path: join(OUTPUT, '05-dispute-sent-phone.png'), fullPage: true });
    await stranger.close();
    assert.deepEqual(problems, []);
  });

  it('the operator reads the dispute beside the scan and its evidence, and answers it', async () => {
    await page.getByRole('link', { name: 'Back to the scan' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Disputes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Disputes' }).waitFor();
    const item = page.getByRole('listitem').filter({ hasText: 'security@token.example' });
    await item.getByText('The sell restriction was lifted when trading opened; please re-check.').waitFor();
    assert.match((await item.textContent()) ?? '', /open/);
    await item.getByRole('link', { name: 'evidence' }).first().waitFor();
    await page.screenshot({ path: join(OUTPUT, '06-disputes-desktop.png'), fullPage: true });
    await item.getByLabel('Status').selectOption('answered');
    await item.getByLabel('Answer (kept with the dispute)').fill('Re-scanned: the owner can still pause sells.');
    await item.getByRole('button', { name: 'Save' }).click();
    // Answered disputes leave the "open" list; the "answered" list shows it with the answer.
    await page.getByText('No open disputes').waitFor();
    await page.getByLabel('Show').selectOption('answered');
    const answered = page.getByRole('listitem').filter({ hasText: 'security@token.example' });
    await answered.getByLabel('Answer (kept with the dispute)').waitFor();
    assert.equal(await answered.getByLabel('Answer (kept with the dispute)').inputValue(), 'Re-scanned: the owner can still pause sells.');
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(OUTPUT, '07-disputes-phone.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
    assert.deepEqual(problems, []);
  });
});
