/**
 * The details page's chat end to end (issue 16): Debian's Chromium against the real server
 * with its devnet. A new user scans the devnet honeypot by address and asks the chat about
 * its sell restriction: once with no model configured (the answer is composed from the
 * scan), once with LLM_BASE_URL pointed at a local server speaking the chat-completions
 * protocol (the answer streams from it). Each answer must cite the restriction's line, the
 * citation must scroll the code viewer there, and a diff must be proposed. Screenshots at
 * desktop and phone width go to test-output/e2e-chat/.
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
import { startFakeChatServer, type FakeChatServer } from '../../src/testing/fake-chat-completions.ts';

const OUTPUT = join(process.cwd(), 'test-output', 'e2e-chat');
const HONEYPOT = '0x39c2764C53c0520b89Ad236A4AccC5af037Ce350';
/** The honeypot's sell check (src/devnet/contracts/HoneypotToken.sol). */
const SELL_CHECK = 'require(isWhitelisted[from], "Transfer failed");';

requireChromium();

describe('the chat on the details page, in Chromium', { timeout: 900_000 }, () => {
  let smtp: SmtpSink;
  let browser: Browser;
  let fake: FakeChatServer;
  const dirs: string[] = [];
  const problems: string[] = [];

  before(async () => {
    await rm(OUTPUT, { recursive: true, force: true });
    await mkdir(OUTPUT, { recursive: true });
    smtp = await startSmtpSink();
    fake = await startFakeChatServer();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await fake?.close();
    await smtp?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    assert.deepEqual(problems, [], 'no page errors');
  });

  async function start(env: Record<string, string>): Promise<SpawnedServer> {
    const dataDir = await mkdtemp(join(tmpdir(), 'sw-e2e-chat-'));
    dirs.push(dataDir);
    return spawnServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, DATABASE_URL: '', REDIS_URL: '', ...env }, 240_000);
  }

  async function newPage(): Promise<Page> {
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    collectPageProblems(page, problems);
    return page;
  }

  /** Signs up, scans the honeypot by address and waits for its details page. */
  async function scanHoneypot(page: Page, server: SpawnedServer, email: string) {
    const nextMail = smtp.nextMail();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('E-mail').fill(email);
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
    await page.getByRole('heading', { name: 'Ask about this scan' }).waitFor({ timeout: 240_000 });
  }

  /** Asks, waits for the answer to finish, and checks its citation of the sell check and its diff. */
  async function askAboutSelling(page: Page, name: string) {
    const panel = page.locator('.chat-panel');
    await panel.getByRole('textbox', { name: 'Your question' }).fill('Can I sell this token? Why is the sell restriction a risk?');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = panel.getByTestId('chat-answer').last();
    await answer.locator('.chat-fix').first().waitFor({ timeout: 60_000 });
    await panel.locator('.chat-typing').waitFor({ state: 'detached', timeout: 60_000 });
    // The citation of the restriction scrolls the code viewer to its line.
    const cite = answer.locator('button.chat-cite').filter({ hasText: /^F\d+/ }).first();
    await cite.click();
    const focused = page.locator('.code-table tr.focused');
    await focused.waitFor();
    assert.match((await focused.textContent()) ?? '', /require\(isWhitelisted\[from\], "Transfer failed"\);/);
    await focused.evaluate((row) => row.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(OUTPUT, `${name}-cited-line-desktop.png`) });
    const diff = (await answer.locator('.chat-diff').first().textContent()) ?? '';
    assert.ok(diff.includes(`-            ${SELL_CHECK}`), `the diff removes the sell check:\n${diff}`);
    assert.ok(diff.startsWith('--- a/'), 'a unified diff');
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT, `${name}-answer-desktop.png`), fullPage: true });
    await panel.screenshot({ path: join(OUTPUT, `${name}-panel-desktop.png`) });
    await page.setViewportSize(PHONE);
    await panel.scrollIntoViewIfNeeded();
    // Nothing in the panel is wider than a phone's screen (the diff scrolls inside its box).
    const wide = await panel.evaluate(
      (root, width) =>
        [...root.querySelectorAll('*')]
          .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.chat-diff'))
          .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
      PHONE.width,
    );
    assert.deepEqual(wide, [], 'the chat panel fits a phone');
    await panel.screenshot({ path: join(OUTPUT, `${name}-panel-phone.png`) });
    await page.setViewportSize(DESKTOP);
    return { text: (await answer.textContent()) ?? '', diff };
  }

  it('with no model configured: a cited answer composed from the scan, and a fix', async () => {
    const server = await start({ LLM_BASE_URL: '' });
    try {
      const page = await newPage();
      await scanHoneypot(page, server, 'no-model@example.org');
      await page.getByText('No language model is configured: answers are composed from the scan.').waitFor();
      const { text, diff } = await askAboutSelling(page, 'no-model');
      assert.match(text, /No language model is configured/);
      assert.match(text, /only addresses the owner approves can sell/);
      assert.match(text, /Recommendation: Do not buy/);
      await writeFile(join(OUTPUT, 'no-model-answer.txt'), `${text}\n\n${diff}`);
      // The conversation is stored: a reload shows it again.
      await page.reload();
      await page.locator('.chat-panel').getByTestId('chat-answer').first().waitFor();
      await page.context().close();
    } finally {
      await server.stop();
    }
  });

  it('with LLM_BASE_URL set: the answer streams from the model, grounded in the scan', async () => {
    fake.script({
      kind: 'answer',
      pieces: [
        'No: selling is restricted ',
        '[F1]. Only addresses the owner whitelists can sell to the pair, ',
        'so the owner decides who may exit.',
      ],
      usage: { prompt_tokens: 1200, completion_tokens: 40 },
    });
    const server = await start({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-chat-1', LLM_API_KEY: 'sk-local' });
    try {
      const page = await newPage();
      await scanHoneypot(page, server, 'model@example.org');
      await page.getByText('Answers by fake-chat-1.').waitFor();
      const { text } = await askAboutSelling(page, 'model');
      assert.match(text, /Only addresses the owner whitelists can sell/);
      const request = fake.requests.at(-1)!;
      assert.equal(request.body.model, 'fake-chat-1');
      assert.equal(request.body.stream, true);
      assert.equal(request.headers.authorization, 'Bearer sk-local');
      const prompt = request.body.messages!.at(-1)!.content;
      assert.ok(prompt.includes(SELL_CHECK), 'the prompt quotes the sell check');
      assert.match(prompt, /\[F1\] Selling can be blocked or confiscated while buying works/);
      await writeFile(join(OUTPUT, 'model-prompt.txt'), request.body.messages!.map((m) => `## ${m.role}\n${m.content}`).join('\n\n'));
      await page.getByText('1,240 of 200,000 model tokens', { exact: false }).waitFor();
      await page.context().close();
    } finally {
      await server.stop();
    }
  });
});
