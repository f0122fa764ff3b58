/**
 * Issue 19's data on the details page, end to end: `scopeward serve` on the devnet with the
 * local provider stand-ins (src/testing/enrichment-server.ts) and a local DNS server, after
 * `scopeward projects import docs/examples/projects.csv`. In Debian's Chromium a new user
 * scans the registered plain token (market, community, domain and repository blocks, and the
 * sources table) and the honeypot, which no registry knows (market block; one quiet line per
 * missing block, never a wall of zeros). Screenshots, desktop, phone (375 px) and dark, go to
 * test-output/e2e-enrichment/.
 *
 * Needs /usr/bin/chromium (`apt-get install -y chromium`).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP_VIEWPORT as DESKTOP, launchChromium, requireChromium, collectPageProblems } from '../../src/testing/chromium.ts';
import { spawnServer, type SpawnedServer } from '../../src/testing/spawn-server.ts';
import { runCli } from '../../src/testing/run-cli.ts';
import { startSmtpSink, type SmtpSink } from '../../src/testing/smtp-sink.ts';
import { startEnrichmentServer, type EnrichmentServer } from '../../src/testing/enrichment-server.ts';
import { startDnsZoneServer, type DnsZoneServer } from '../../src/testing/dns-zone-server.ts';
import { wellKeptDomain } from '../../src/testing/crafted-dns-zones.ts';

const OUTPUT = join(process.cwd(), 'test-output', 'e2e-enrichment');
/** The devnet's plain token, the one docs/examples/projects.csv registers. */
const PLAIN = '0x97035c149c7DD28664096E0c3f3176A0a6b297A7';
const HONEYPOT = '0x39c2764C53c0520b89Ad236A4AccC5af037Ce350';
/** The narrowest common phone. */
const PHONE = { width: 375, height: 812 } as const;

requireChromium();

describe('the details page shows the market, community, domain and repository', { timeout: 600_000 }, () => {
  let dir: string;
  let providers: EnrichmentServer;
  let dns: DnsZoneServer;
  let smtp: SmtpSink;
  let server: SpawnedServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const pages = new Map<string, string>();

  const CARDS = ['Market', 'Project and community', 'Website and domain', 'Repository', 'Where each figure came from'];
  /** The whole page, and each of issue 19's cards close up (a full page is too tall to read). */
  async function shot(name: string, width = 'desktop') {
    await page.screenshot({ path: join(OUTPUT, `${name}-${width}.png`), fullPage: true });
    for (const [i, title] of CARDS.entries()) await card(title).screenshot({ path: join(OUTPUT, `${name}-${width}-card${i + 1}.png`) });
    pages.set(name, new URL(page.url()).pathname);
  }
  const card = (name: string) => page.getByRole('region', { name, exact: true });
  const fact = (id: string) => page.locator(`[data-fact="${id}"] dd`);

  /** Scans a devnet address and waits for the finished details page. */
  async function scan(address: string) {
    await page.goto(`${server.url}/scan?tab=address`);
    await page.getByRole('combobox', { name: 'Network' }).selectOption('LOCAL');
    await page.getByRole('textbox', { name: 'Token address' }).fill(address);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.waitForURL(/\/scans\/[A-Za-z0-9_-]+$/, { timeout: 30_000 });
    await card('Where each figure came from').waitFor({ timeout: 240_000 });
  }

  before(async () => {
    await rm(OUTPUT, { recursive: true, force: true });
    await mkdir(OUTPUT, { recursive: true });
    dir = await mkdtemp(join(tmpdir(), 'sw-e2e-enrich-'));
    smtp = await startSmtpSink();
    providers = await startEnrichmentServer();
    // plain-token.example: the website docs/examples/projects.csv registers.
    dns = await startDnsZoneServer({ records: wellKeptDomain('127.0.0.2', 'plain-token.example') });
    const env = {
      DATA_DIR: join(dir, 'data'),
      DEVNET: 'on',
      DATABASE_URL: '',
      REDIS_URL: '',
      SECRET_KEY: 'e2e enrichment page key',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'scopeward <codes@scopeward.test>',
      ...providers.env(),
      DNS_SERVERS: dns.resolver,
      // The name-server probes go to port 53, where nothing listens here (2 s each): room for them.
      ENRICH_BUDGET_MS: '6000',
    };
    const imported = await runCli(['projects', 'import', join(process.cwd(), 'docs/examples/projects.csv')], env);
    assert.equal(imported.code, 0, imported.stderr);
    server = await spawnServer(env, 240_000);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    collectPageProblems(page, problems);

    const nextMail = smtp.nextMail();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('E-mail').fill('markets@example.org');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Verification code').waitFor();
    const code = /^Subject: .*code: (\d{6})$/m.exec(await nextMail)?.[1];
    assert.ok(code, 'a code in the mail');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await providers?.close();
    await dns?.close();
    await smtp?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the registered plain token: market figures with their sign in words, community, domain, repository and sources', async () => {
    await scan(PLAIN);
    // Market: the devnet's 90 days of trading give a price, a volume and changes.
    const market = card('Market');
    await market.waitFor();
    assert.match(await fact('price').innerText(), /^\$0\.\d+/);
    assert.match(await fact('marketcap').innerText(), /^\$[\d,]+/);
    assert.match(await fact('volume').innerText(), /^\$[\d,]+(\.\d+)?$/, 'a non-zero volume shown as a fact');
    assert.doesNotMatch(await fact('volume').innerText(), /^\$0(\.00)?$/);
    for (const id of ['price30', 'price60']) {
      const text = await fact(id).innerText();
      assert.match(text, /(up|down) [\d.]+ % over (30|60) days/, `${id} says its direction in words: ${text}`);
      const direction = /(up|down)/.exec(text)![1];
      assert.equal(await fact(id).locator(`.change-${direction}`).count(), 1, 'and in colour');
    }
    assert.equal(await market.getByText('unknown').count(), 0);

    // Project and community: the registry's links, the providers' counters with their histories.
    const project = card('Project and community');
    const website = project.getByRole('link', { name: 'https://plain-token.example/' });
    assert.equal(await website.getAttribute('rel'), 'noopener noreferrer');
    assert.equal(await project.getByRole('link', { name: '@plaintoken' }).getAttribute('href'), 'https://x.com/plaintoken');
    assert.equal(await fact('telegramMembers').innerText(), '1,200');
    assert.equal(await fact('twitterFollowers').innerText(), '5,600');
    assert.equal(await fact('redditMembers').innerText(), '340');
    // One reading per counter so far: said in words rather than charted as a dot.
    await project.getByText(/^One reading so far: the histories chart as the background refresh adds readings/).waitFor();
    // Discord has no invite in the registry: said once, not shown as 0 members.
    assert.equal(await fact('discordMembers').count(), 0);
    await project.getByText(/Not read: Discord members \(no Discord invite known\)/).waitFor();
    // Aggregator A answered that LOCAL has no platform: unknown with that reason.
    await project.getByText(/aggregatorA lists no asset platform for network LOCAL/).waitFor();

    // Domain: the registration date from RDAP, the DNS checks of a well-kept domain, Lighthouse off.
    const domain = card('Website and domain');
    assert.match(await fact('domain-created').innerText(), /years?.* old/);
    const checks = domain.getByRole('list', { name: 'DNS checks' }).getByRole('listitem');
    assert.equal(await checks.count(), 10);
    assert.equal(await domain.locator('.dns-fail').count(), 0, 'a well-kept domain fails no check');
    await domain.getByText('Unknown: not configured').waitFor();

    // Repository: the GitHub stand-in's figures and weekly commits.
    const repository = card('Repository');
    assert.equal(await fact('stars').innerText(), '4,412');
    assert.equal(await fact('commits').innerText(), '1,218');
    await repository.getByRole('img', { name: /^Commits per week: \d+ commits from/ }).waitFor();

    // Where each figure came from: every source of the answer, its status in words.
    const sources = card('Where each figure came from');
    assert.equal(await sources.locator('[data-source="marketHistory"] .source-status').innerText(), 'answered');
    assert.equal(await sources.locator('[data-source="telegram"] .source-status').innerText(), 'answered');
    assert.equal(await sources.locator('[data-source="lighthouse"] .source-status').innerText(), 'not available');
    assert.match(await sources.locator('[data-source="aggregatorA"]').innerText(), /failed[\s\S]*no asset platform/);
    await shot('details-plain-token');
  });

  it('the honeypot, in no registry: the market block, and one quiet line per block no source filled', async () => {
    await scan(HONEYPOT);
    assert.match(await fact('volume').innerText(), /^\$[\d,]+(\.\d+)?$/);
    assert.match(await fact('price30').innerText(), /(up|down) [\d.]+ % over 30 days/);
    await card('Project and community')
      .getByText(/No website or social links known for this token \(the token is not in the project registry\)/)
      .waitFor();
    assert.match(await page.getByTestId('socials-quiet').innerText(), /^Socials not read: /);
    assert.equal(await page.locator('[data-fact="telegramMembers"]').count(), 0, 'no wall of zeros');
    assert.match(await page.getByTestId('domain-quiet').innerText(), /no website known/);
    assert.match(await page.getByTestId('repository-quiet').innerText(), /no GitHub link known/);
    await shot('details-honeypot');
  });

  it('fits a 375 px phone, and reads in dark mode', async () => {
    await page.setViewportSize(PHONE);
    for (const [name, path] of pages) {
      await page.goto(`${server.url}${path}`);
      await card('Where each figure came from').waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      assert.ok(overflow <= 1, `${name} fits a phone (overflows by ${overflow}px)`);
      await shot(name, 'phone');
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}${pages.get('details-plain-token')}`);
    await card('Where each figure came from').waitFor();
    await shot('details-plain-token', 'dark');
    assert.deepEqual(problems, []);
  });
});
