/**
 * The Watchlist page end to end (issue 32) in Debian's Chromium against the real server
 * with its devnet: a new user watches the FEE sample token with a webhook (a local
 * receiver) and the dashboard, copies the signing secret shown once, the owner raises the
 * fee (`scopeward devnet act`), the event appears on the page and the webhook arrives
 * signed with that secret; the first attempt is refused (410), "Redeliver" sends it again.
 * Screenshots at desktop and phone width go to test-output/e2e-watchlist/.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  collectPageProblems,
  launchPersistentChromium,
  requireChromium,
  type PersistentChromium,
  screenshotDesktopAndPhone,
} from '../../src/testing/chromium.ts';
import { spawnServer, type SpawnedServer } from '../../src/testing/spawn-server.ts';
import { startSmtpSink, type SmtpSink } from '../../src/testing/smtp-sink.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/testing/webhook-receiver.ts';
import { runCli } from '../../src/testing/run-cli.ts';
import { verifyWebhookSignature } from '../../src/watch/delivery/webhook-signature.ts';

const OUTPUT = join(process.cwd(), 'test-output', 'e2e-watchlist');
const FEE_TOKEN = '0x150D275D86de10e9388303cDeD1F2Ad3ed304298';
/** The embedded Solana network's sample mint whose mint authority is kept (README's table). */
const MINT_AUTHORITY_KEPT = 'CJsgvoN3h8ZUBBMgcGvgV7eUzBxU7rJZMUkqoGtd8b1k';

requireChromium();

describe('Watchlist page in Chromium', { timeout: 600_000 }, () => {
  let server: SpawnedServer;
  let smtp: SmtpSink;
  let receiver: WebhookReceiver;
  let page: Page;
  let dataDir: string;
  let chromium: PersistentChromium;
  const problems: string[] = [];

  const shot = (name: string) => screenshotDesktopAndPhone(page, OUTPUT, name);

  before(async () => {
    await rm(OUTPUT, { recursive: true, force: true });
    await mkdir(OUTPUT, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), 'sw-e2e-watchlist-'));
    smtp = await startSmtpSink();
    receiver = await startWebhookReceiver();
    server = await spawnServer(
      { DATA_DIR: dataDir, SMTP_URL: smtp.url, DATABASE_URL: '', REDIS_URL: '', WEBHOOK_ALLOW_PRIVATE: 'on', WATCH_POLL_MS: '300' },
      300_000,
    );
    chromium = await launchPersistentChromium('watchlist');
    page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
    collectPageProblems(page, problems);
  });

  after(async () => {
    await chromium?.close();
    await server?.stop();
    await receiver?.close();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('watch a token, see the owner raise the fee on the page and at the webhook, redeliver', async () => {
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('E-mail').fill('holder@example.org');
    await page.getByLabel('Password').fill('correct horse battery staple');
    const codeMail = smtp.nextMail();
    await page.getByRole('button', { name: 'Sign up' }).click();
    const code = /^Subject: .*code: (\d{6})$/m.exec(await codeMail)?.[1];
    assert.ok(code);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await page.getByRole('link', { name: 'Watchlist' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Watchlist' }).waitFor();
    await page.getByText('No watches yet').waitFor();
    await shot('01-empty');

    // Not a token: a clear error, nothing added.
    await page.getByLabel('Network').selectOption('LOCAL');
    await page.getByLabel('Token address').fill('0x0000000000000000000000000000000000000001');
    await page.getByRole('button', { name: 'Add watch' }).click();
    await page.getByRole('alert').waitFor();
    await shot('02-not-a-token');

    // The receiver refuses the first request (410): the delivery fails and can be redelivered.
    let refused = false;
    receiver.answer = () => {
      if (!refused) {
        refused = true;
        return { status: 410, body: 'not yet' };
      }
      return { status: 204 };
    };
    await page.getByLabel('Token address').fill(FEE_TOKEN);
    await page.getByLabel('Webhook URL (optional)').fill(`${receiver.url}/hooks/scopeward`);
    await page.getByRole('button', { name: 'Add watch' }).click();
    const secretBox = page.getByLabel('The webhook signing secret');
    await secretBox.waitFor({ timeout: 120_000 });
    const secret = (await secretBox.textContent())?.trim() ?? '';
    assert.ok(secret.length >= 16, secret);
    await shot('03-secret-once');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    assert.equal(await page.getByLabel('The webhook signing secret').count(), 0);

    const acted = await runCli(['devnet', 'act', 'FEE', 'raise-fee', '--rpc', `${server.url}/rpc`], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    assert.equal(acted.code, 0, acted.stderr);

    await page.getByRole('link', { name: /Events of 0x150D275D86de10e9388303cDeD1F2Ad3ed304298 on LOCAL/i }).click();
    await page
      .getByText(/sell tax 5 % → 25 %/)
      .first()
      .waitFor({ timeout: 120_000 });
    // The webhook: signed with the secret the page showed, keyed by the event's id.
    const first = await waitFor(() => receiver.received[0], 60_000);
    const check = verifyWebhookSignature({ body: first.body, header: first.headers['scopeward-signature'] as string, secret });
    assert.equal(check.ok, true, JSON.stringify(check));
    assert.equal(first.headers['scopeward-event'], 'power-variable-changed');
    await page.getByRole('cell', { name: /HTTP 410: not yet/ }).waitFor({ timeout: 30_000 });
    await shot('04-event-and-failed-delivery');

    await page.getByRole('button', { name: /^Redeliver webhook/ }).click();
    await waitFor(() => (receiver.keys.size > 0 ? true : undefined), 30_000);
    assert.ok(receiver.keys.has(first.headers['scopeward-idempotency-key'] as string));
    await page.getByRole('cell', { name: 'delivered' }).filter({ hasText: 'delivered' }).first().waitFor({ timeout: 30_000 });
    await page.locator('td[data-label="Status"]', { hasText: 'delivered' }).nth(1).waitFor({ timeout: 30_000 });
    await shot('05-redelivered');
    assert.deepEqual(problems, []);
  });

  it('watch a Solana mint, see its mint authority revoked on the page, named by its slot', async () => {
    await page.getByLabel('Network').selectOption('SOL');
    await page.getByLabel(/Mint address|Token address/).fill(MINT_AUTHORITY_KEPT);
    await page.getByLabel('Webhook URL (optional)').fill('');
    await page.getByRole('button', { name: 'Add watch' }).click();
    await page.getByRole('link', { name: new RegExp(`Events of ${MINT_AUTHORITY_KEPT} on SOL`, 'i') }).waitFor({ timeout: 120_000 });
    const acted = await runCli(['devnet', 'act', 'SMINT', 'revoke-mint-authority', '--rpc', `${server.url}/rpc/solana`], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    assert.equal(acted.code, 0, acted.stderr);
    await page.getByRole('link', { name: new RegExp(`Events of ${MINT_AUTHORITY_KEPT} on SOL`, 'i') }).click();
    await page
      .getByText(/mint authority .* → none \(revoked\)/)
      .first()
      .waitFor({ timeout: 120_000 });
    await page
      .getByText(/^Slot \d+/)
      .first()
      .waitFor();
    await shot('06-solana-authority-revoked');
    assert.deepEqual(problems, []);
  });
});

async function waitFor<T>(check: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
