/**
 * Verdict first (issue 29), in Chromium against the real server and its devnets: the
 * details pages of the devnet's plain, blacklist, honeypot and mint tokens and of a Solana
 * mint show the verdict and the risk checklist inside the first viewport, at 1366×900 and
 * at 390×844, with nothing sticking out past a phone's width. Screenshots (first viewport
 * and full page) go to test-output/e2e-verdict/. Also: "Recent scans" on the dashboard
 * lists the dashboard's own scans, and a one-reading history says so in words.
 *
 * Needs /usr/bin/chromium (`apt-get install -y chromium`); `.ci/run` installs it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, requireChromium, collectPageProblems } from '../../src/testing/chromium.ts';
import { spawnServer, type SpawnedServer } from '../../src/testing/spawn-server.ts';
import { startSmtpSink, type SmtpSink } from '../../src/testing/smtp-sink.ts';
import { startSolanaDevnet, sampleMint } from '../../src/solana/devnet/solana-devnet.ts';

const OUTPUT = join(process.cwd(), 'test-output', 'e2e-verdict');
const DESKTOP = { width: 1366, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;
const EVM_TOKENS = {
  plain: '0x97035c149c7DD28664096E0c3f3176A0a6b297A7',
  blacklist: '0x50120C1682DD4B579E178B9112110e5225CA0C29',
  honeypot: '0x39c2764C53c0520b89Ad236A4AccC5af037Ce350',
  mint: '0x0cA318C1C1551C8eE5F13dF74AE9f945535CDC80',
} as const;
// What each banner must say: the answer first, then the worst proven owner power.
const SUMMARY: Record<string, RegExp> = {
  plain: /^You can sell now/,
  // The banner names the owner's proven block when the simulation proves it; the code's blacklist otherwise.
  blacklist: /^You can sell now.*(The owner can block your sell|blacklist)/,
  honeypot: /^You cannot sell/,
  mint: /^You can sell now/,
  solana: /^Whether you can sell is not known: Solana pools are not read yet.*A permanent delegate can move or burn/,
};

requireChromium();

/** Fails unless the element's top is inside the first screen of a page scrolled to the top. */
async function assertInFirstScreen(locator: Locator, height: number, what: string): Promise<void> {
  const box = await locator.first().boundingBox();
  assert.ok(box, `${what} is shown`);
  assert.ok(
    box.y >= 0 && box.y + Math.min(box.height, 40) <= height,
    `${what} starts inside the first screen (at ${Math.round(box.y)} px of ${height})`,
  );
}

describe('Verdict first in Chromium', { timeout: 900_000 }, () => {
  let server: SpawnedServer;
  let smtp: SmtpSink;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const problems: string[] = [];
  const scans = new Map<string, string>();

  before(async () => {
    await rm(OUTPUT, { recursive: true, force: true });
    await mkdir(OUTPUT, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), 'sw-e2e-verdict-'));
    smtp = await startSmtpSink();
    server = await spawnServer(
      {
        SECRET_KEY: 'e2e verdict key',
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'scopeward <codes@scopeward.test>',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      240_000,
    );
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    collectPageProblems(page, problems);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('signs up; the dashboard says no scan of its own yet', async () => {
    const nextMail = smtp.nextMail();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('E-mail').fill('verdict@example.org');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Verification code').waitFor();
    const code = /^Subject: .*code: (\d{6})$/m.exec(await nextMail)?.[1];
    assert.ok(code, 'a code in the mail');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText('None yet: scan a token', { exact: false }).waitFor();
  });

  it('scans the four devnet tokens and a Solana mint; each finishes', async () => {
    const solana = await startSolanaDevnet();
    const delegated = sampleMint(solana, 'sol-permanent-delegate').address;
    await solana.close();
    const inputs: Array<[string, string, string]> = [
      ...Object.entries(EVM_TOKENS).map(([name, address]) => [name, 'LOCAL', address] as [string, string, string]),
      ['solana', 'SOL', delegated],
    ];
    for (const [name, network, address] of inputs) {
      // The browser's own session and CSRF token, as the Scan button sends them.
      const answer = await page.evaluate(
        async ({ network, address }) => {
          const session = (await (await fetch('/api/session')).json()) as { csrfToken: string };
          const response = await fetch('/api/scans', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
            body: JSON.stringify({ kind: 'address', network, address }),
          });
          return { status: response.status, body: (await response.json()) as { scan?: { id: string }; message?: string } };
        },
        { network, address },
      );
      assert.equal(answer.status, 202, `${name}: ${JSON.stringify(answer.body)}`);
      scans.set(name, answer.body.scan!.id);
    }
    const deadline = Date.now() + Number(process.env.E2E_SCAN_TIMEOUT_MS ?? 600_000);
    for (const [name, id] of scans) {
      for (;;) {
        const status = await page.evaluate(
          async (id) => ((await (await fetch(`/api/scans/${id}`)).json()) as { scan: { status: string } }).scan.status,
          id,
        );
        if (status === 'done' || status === 'failed') {
          assert.equal(status, 'done', `${name} finished`);
          break;
        }
        assert.ok(Date.now() < deadline, `${name} finished in time`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  });

  it("the dashboard's Recent scans lists the dashboard's own scans", async () => {
    await page.goto(`${server.url}/`);
    const own = page.getByRole('list', { name: 'Scans from this dashboard' });
    await own.waitFor();
    // Five scans and the link to all of them.
    assert.equal(await own.getByRole('listitem').count(), 6);
    await page.screenshot({ path: join(OUTPUT, 'dashboard-recent-scans.png') });
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${size} ${viewport.width}×${viewport.height}: verdict and checklist inside the first viewport on every details page`, async () => {
      await page.setViewportSize(viewport);
      for (const [name, id] of scans) {
        await page.goto(`${server.url}/scans/${id}`);
        const verdict = page.getByRole('region', { name: 'Verdict' });
        await verdict.waitFor();
        await page.waitForLoadState('networkidle');
        await page.evaluate('window.scrollTo(0, 0)');
        assert.match((await page.locator('.verdict-summary').textContent()) ?? '', SUMMARY[name]!, name);
        await assertInFirstScreen(page.locator('.verdict-headline'), viewport.height, `${name}: the verdict`);
        await assertInFirstScreen(page.locator('.verdict-risks summary'), viewport.height, `${name}: the risk checklist`);
        // The checklist's first rows show too, not only its title.
        await assertInFirstScreen(page.locator('.checklist .check'), viewport.height, `${name}: the checklist's first row`);
        const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
        assert.ok(overflow <= 1, `${name} fits ${viewport.width} px (overflows by ${overflow} px)`);
        // No blank screen under the last card: the page ends where its content does.
        const blank = await page.evaluate<number>(
          `document.documentElement.scrollHeight - Math.max(...[...document.querySelectorAll('main *')].map((e) => e.getBoundingClientRect().bottom + window.scrollY))`,
        );
        assert.ok(blank < 200, `${name}: ${Math.round(blank)} px of blank space under the content`);
        await page.screenshot({ path: join(OUTPUT, `${name}-${size}-first-screen.png`) });
        await page.screenshot({ path: join(OUTPUT, `${name}-${size}-full.png`), fullPage: true });
        // The page's end, one screen: what a reader sees after scrolling all the way down.
        await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
        await page.screenshot({ path: join(OUTPUT, `${name}-${size}-end.png`) });
        // The middle screens, where the facts with units are.
        for (const card of ['Can I sell?', 'Holders, pools and lockers']) {
          const section = page.getByRole('heading', { name: card, exact: true });
          if ((await section.count()) === 0) continue;
          await section.first().scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(OUTPUT, `${name}-${size}-${card.replace(/[^a-z]+/gi, '-').toLowerCase()}.png`) });
        }
        if (name === 'solana') {
          // What applies to a mint: its authorities and codes; no gas, no "source verified", no similarity.
          await page.getByRole('heading', { name: 'Mint', exact: true }).waitFor();
          assert.equal(await page.getByText('Source verified').count(), 0);
          assert.equal(await page.getByText(/Gas \(buy/).count(), 0);
          assert.equal(await page.getByRole('heading', { name: 'Similarity' }).count(), 0);
          assert.equal(await page.locator('.check[data-risk="ST2PDA"]').getAttribute('data-answer'), 'yes');
          assert.equal(await page.locator('.check[data-risk="STMA"]').getAttribute('data-answer'), 'no');
          // The rank agrees with a critical power over holders' tokens: C at best.
          const rank = (await page.locator('.verdict-rank .rank').textContent()) ?? '';
          assert.ok(['C', 'D'].includes(rank), `rank ${rank} with a permanent delegate`);
          // Holders in token units with the symbol, not raw integers.
          assert.match((await page.locator('ol.holders').textContent()) ?? '', /\d[\d,.]* SPDA/);
        }
        if (name === 'honeypot') assert.equal(await page.locator('.check[data-risk="honeypot"]').getAttribute('data-answer'), 'yes');
        if (name === 'blacklist') assert.equal(await page.locator('.check[data-risk="blacklist"]').getAttribute('data-answer'), 'yes');
      }
    });
  }

  it('a history of one reading says so in words', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/scans/${scans.get('plain')}`);
    await page.getByRole('region', { name: 'Verdict' }).waitFor();
    await page.getByText('One reading so far', { exact: false }).first().waitFor();
    assert.deepEqual(problems, []);
  });
});
