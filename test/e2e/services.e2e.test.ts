/**
 * The Services page end to end in Debian's Chromium against the real server and a real
 * SMTP server: a new user signs up, requests a manual audit (with an attachment), the
 * operator receives the e-mail, an admin quotes it over the admin API, and the user applies
 * a voucher on the page, where the 500 USD floor shows. Screenshots at desktop and phone
 * width go to test-output/e2e-services/.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  launchPersistentChromium,
  requireChromium,
  type PersistentChromium,
  collectPageProblems,
  screenshotDesktopAndPhone,
} from '../../src/testing/chromium.ts';
import { spawnServer, type SpawnedServer } from '../../src/testing/spawn-server.ts';
import { startSmtpSink, type SmtpSink } from '../../src/testing/smtp-sink.ts';
import { runCli } from '../../src/testing/run-cli.ts';

const OUTPUT = join(process.cwd(), 'test-output', 'e2e-services');
const EMAIL = 'founder@example.org';
const PASSWORD = 'correct horse battery staple';

requireChromium();

describe('Services page in Chromium', { timeout: 300_000 }, () => {
  let server: SpawnedServer;
  let smtp: SmtpSink;
  let context: BrowserContext;
  let page: Page;
  let dataDir: string;
  let chromium: PersistentChromium;
  const problems: string[] = [];

  const shot = (name: string) => screenshotDesktopAndPhone(page, OUTPUT, name);

  before(async () => {
    await rm(OUTPUT, { recursive: true, force: true });
    await mkdir(OUTPUT, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), 'sw-e2e-services-'));
    smtp = await startSmtpSink();
    server = await spawnServer(
      { DATA_DIR: dataDir, SMTP_URL: smtp.url, OPERATOR_EMAIL: 'operator@scopeward.test', DEVNET: 'off', DATABASE_URL: '', REDIS_URL: '' },
      180_000,
    );
    chromium = await launchPersistentChromium('services');
    context = chromium.context;
    page = context.pages()[0] ?? (await context.newPage());
    collectPageProblems(page, problems);
  });

  after(async () => {
    await chromium?.close();
    await server?.stop();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a new user requests a manual audit; the operator gets the e-mail; a voucher lowers the quote to the floor', async () => {
    // Sign up with the code from the e-mail.
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    const codeMail = smtp.nextMail();
    await page.getByRole('button', { name: 'Sign up' }).click();
    const code = /^Subject: .*code: (\d{6})$/m.exec(await codeMail)?.[1];
    assert.ok(code);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await page.goto(`${server.url}/services`);
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    await page.getByText('No requests yet').waitFor();
    await shot('01-services-empty');

    // Validation in place: nothing is sent without a project.
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('alert').filter({ hasText: 'Name the project' }).waitFor();
    await shot('02-services-invalid');

    const scope = join(dataDir, 'scope.txt');
    await writeFile(scope, 'Token.sol and Vesting.sol, about 600 lines');
    await page.getByLabel('Service', { exact: true }).selectOption('manual-audit');
    await page.getByLabel('Project').fill('Moon Token');
    await page.getByLabel('Networks').fill('BSC, ETH');
    await page.getByLabel('Budget (USD)').fill('1500');
    await page.getByLabel('Contract addresses').fill('0x39c2764C53c0520b89Ad236A4AccC5af037Ce350');
    await page.getByLabel('What do you need?').fill('A manual audit before launch.');
    await page.getByLabel('Attachments').setInputFiles(scope);
    const operatorMail = smtp.nextMail();
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('status').filter({ hasText: 'Request received' }).waitFor();
    const toOperator = await operatorMail;
    assert.match(toOperator, /^To: operator@scopeward\.test$/m);
    assert.match(toOperator, /Subject: \[scopeward\] Manual contract audit request: Moon Token/);
    assert.match(toOperator, /filename=scope\.txt/);
    await page.getByText('Moon Token').first().waitFor();
    await shot('03-services-sent');

    // The operator, an admin account, quotes it and issues a voucher in the operator panel.
    const created = await runCli(['users', 'create', 'ops@scopeward.test', '--admin', '--json'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    assert.equal(created.code, 0, created.stderr);
    const opsPassword = (JSON.parse(created.stdout) as { password: string }).password;
    const logIn = async (email: string, password: string) => {
      await page.getByRole('button', { name: 'Log out' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.goto(`${server.url}/services`);
      await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    };
    await logIn('ops@scopeward.test', opsPassword);
    await page.getByText('Operator: all requests').waitFor();
    await page.getByLabel('Quote (USD)').fill('1200');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.request-status-quoted').first().waitFor();
    await page.getByLabel('Value (USDT)').fill('1000');
    await page.getByLabel('Recipient (optional)').fill(EMAIL);
    await page.getByRole('button', { name: 'Issue voucher' }).click();
    const voucherCode = (await page.getByLabel('The new voucher code').textContent())?.trim() ?? '';
    assert.match(voucherCode, /^SWV-/);
    await shot('04-services-operator-panel');

    // Admin over the API with an admin key: the same request, quoted.
    const key = await runCli(['keys', 'create', '--admin', '--json'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    const admin = (JSON.parse(key.stdout) as { key: string }).key;
    const adminCall = async (method: string, path: string) => {
      const response = await fetch(`${server.url}${path}`, { method, headers: { 'x-api-key': admin } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    assert.equal((await adminCall('GET', '/admin/service-requests?status=quoted')).body.items instanceof Array, true);

    await logIn(EMAIL, PASSWORD);
    await page.getByText('Quote:').waitFor();
    // A wrong code is refused in place.
    await page.getByLabel('Voucher code').fill('SWV-0000-0000-0000-0000-0000');
    await page.getByRole('button', { name: 'Apply voucher' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unknown voucher code' }).waitFor();
    await page.getByLabel('Voucher code').fill(voucherCode);
    await page.getByRole('button', { name: 'Apply voucher' }).click();
    await page.getByRole('status').filter({ hasText: 'Voucher applied' }).waitFor();
    await page.getByText('$500.00').first().waitFor();
    await page.getByText('went unused').waitFor();
    await shot('05-services-voucher-applied');

    const events = await adminCall('GET', '/admin/vouchers/events');
    assert.deepEqual((events.body.items as Array<{ kind: string }>).map((e) => e.kind).sort(), ['issued', 'redeemed', 'refused']);
    assert.deepEqual(problems, []);
  });
});
