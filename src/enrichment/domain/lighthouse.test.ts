import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderError, type ProviderContext } from '../provider.ts';
import { createLighthouseProvider } from './lighthouse.ts';

const CHROMIUM = '/usr/bin/chromium';
const noChromium = existsSync(CHROMIUM) ? false : `Debian's chromium is not installed at ${CHROMIUM} (apt-get install chromium)`;

async function server(address: string, handler: RequestListener) {
  const hits: string[] = [];
  const s = createServer((req, res) => (hits.push(req.url ?? ''), handler(req, res)));
  await new Promise<void>((r) => s.listen(0, address, r));
  return {
    port: (s.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r()))),
  };
}

/** This process's live (not zombie) child processes, by command name, read from /proc. */
function liveChildren(): string[] {
  const names: string[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid ...": comm may hold spaces, so split after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(ppid) === process.pid && state !== 'Z') names.push(`${pid} ${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}`);
  }
  return names;
}

/** Waits (a bounded number of event-loop turns of 50 ms) until `done()` holds; returns whether it did. */
async function eventually(done: () => boolean, turns = 60): Promise<boolean> {
  for (let i = 0; i < turns && !done(); i++) await new Promise((r) => setTimeout(r, 50));
  return done();
}

const ctx = (ms = 150_000): ProviderContext => ({ fetch, signal: AbortSignal.timeout(ms), now: () => new Date() });

/** A small page with a title and a strict CSP, and two known faults: an image without alt text and no meta description. */
const page =
  (imageUrl: string): RequestListener =>
  (req, res) => {
    if (req.url === '/') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'self'; img-src *; script-src 'none'; object-src 'none'; base-uri 'none'",
      });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Token project</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>Token project</h1><p>Welcome.</p><img src="${imageUrl}" width="10" height="10"></body></html>`,
      );
      return;
    }
    res.writeHead(404).end();
  };

async function kindOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => assert.fail('expected a ProviderError'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ProviderError, String(error));
  return error.kind;
}

test('a loopback website is refused without allowPrivate, before Chromium starts', async () => {
  const site = await server('127.0.0.1', page('/x.png'));
  try {
    const lighthouse = createLighthouseProvider({ chromiumPath: '/nonexistent/chromium' });
    // The refusal comes first: the missing Chromium binary is never reached.
    assert.equal(await kindOf(lighthouse.fetch({ url: `http://127.0.0.1:${site.port}/` }, ctx())), 'refused');
    assert.equal(await kindOf(lighthouse.fetch({ url: 'http://[::1]/' }, ctx())), 'refused');
    assert.equal(await kindOf(lighthouse.fetch({ url: 'file:///etc/passwd' }, ctx())), 'refused');
    assert.deepEqual(site.hits, []);
    // Allowed, the same target gets as far as Chromium (missing here): unreachable, not refused.
    const allowed = createLighthouseProvider({ chromiumPath: '/nonexistent/chromium', allowPrivate: true });
    assert.equal(await kindOf(allowed.fetch({ url: `http://127.0.0.1:${site.port}/` }, ctx())), 'unreachable');
  } finally {
    await site.close();
  }
});

test('Lighthouse in headless Chromium audits a local page (allowPrivate)', { skip: noChromium, timeout: 180_000 }, async () => {
  const site = await server('127.0.0.1', page('/pixel.png'));
  try {
    const report = await createLighthouseProvider({ chromiumPath: CHROMIUM, allowPrivate: true }).fetch(
      { url: `http://127.0.0.1:${site.port}/` },
      ctx(),
    );
    assert.ok(site.hits.includes('/'), 'Chromium loaded the page');
    for (const [name, value] of Object.entries(report.metrics))
      assert.ok(Number.isInteger(value) && value >= 0 && value <= 100, `${name} ${value}`);
    assert.equal(report.metrics.pwa, 0, 'Lighthouse 12 has no PWA category');
    assert.ok(report.metrics.accessibility < 100, 'an image without alt text costs accessibility');
    assert.ok(report.metrics.seo < 100, 'a missing meta description costs SEO');
    // Loopback counts as a secure origin, the CSP stops XSS, nothing asks for permissions on load.
    assert.equal(report.metrics.security, 100);
    assert.equal(report.audits['image-alt']?.score, 0);
    assert.equal(report.audits['meta-description']?.score, 0);
    assert.match(report.audits['image-alt']!.title, /alt/);
    assert.ok(report.audits['image-alt']!.description.length > 0);
    assert.equal(report.audits['document-title'], undefined, 'passing audits are not listed');
    assert.equal(report.audits['csp-xss'], undefined);
  } finally {
    await site.close();
  }
});

test(
  'without allowPrivate Chromium goes through the guarded proxy: a refused host is never contacted',
  { skip: noChromium, timeout: 180_000 },
  async () => {
    const secret = await server('127.0.0.2', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end());
    const site = await server('127.0.0.1', page(`http://127.0.0.2:${secret.port}/secret.png`));
    try {
      // Here 127.0.0.1 stands for the public web and 127.0.0.2 for a private address.
      // `site.example` is known only to this resolver, so Chromium can load it only through the proxy.
      const lighthouse = createLighthouseProvider({
        chromiumPath: CHROMIUM,
        resolve: async (host) => (host === 'site.example' ? ['127.0.0.1'] : []),
        refuseAddress: (address) => address === '127.0.0.2',
      });
      assert.equal(await kindOf(lighthouse.fetch({ url: `http://127.0.0.2:${secret.port}/` }, ctx())), 'refused');
      const report = await lighthouse.fetch({ url: `http://site.example:${site.port}/` }, ctx());
      assert.ok(site.hits.includes('/'), 'the page was loaded through the proxy');
      assert.deepEqual(secret.hits, [], 'the image at the refused address was never requested');
      assert.ok(report.metrics.performance > 0);
    } finally {
      await Promise.all([site.close(), secret.close()]);
    }
  },
);

test('the hard time limit ends an audit of a page that never answers', { skip: noChromium, timeout: 60_000 }, async () => {
  const hang = await server('127.0.0.1', () => undefined);
  try {
    const before = liveChildren().sort();
    const started = Date.now();
    const lighthouse = createLighthouseProvider({ chromiumPath: CHROMIUM, allowPrivate: true, timeoutMs: 4000 });
    assert.equal(await kindOf(lighthouse.fetch({ url: `http://127.0.0.1:${hang.port}/` }, ctx())), 'unreachable');
    assert.ok(Date.now() - started < 15_000, `stopped after ${Date.now() - started} ms`);
    // Chromium and the Lighthouse worker were killed, not left running.
    // No child started by the audit is left (children that were there before may end meanwhile).
    const added = () => liveChildren().filter((child) => !before.includes(child));
    assert.ok(await eventually(() => added().length === 0), `still running: ${added().join(', ')}`);
  } finally {
    await hang.close();
  }
});
