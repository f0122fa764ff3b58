import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('the dashboard bundle at /', () => {
  let root: string;
  let test: TestApp;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'sw-web-'));
    await mkdir(join(root, 'assets'));
    await writeFile(
      join(root, 'index.html'),
      '<!doctype html><title>app</title><script type="module" src="/assets/app-abc123.js"></script>',
    );
    await writeFile(join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
    test = await createTestApp({ webRoot: root });
  });
  after(async () => {
    await test.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves the app at / and at any page path a browser opens', async () => {
    for (const url of ['/', '/keys', '/apps/cyberscan', '/scan/BSC/0x55d398326f99059fF775485246999027B3197955?tab=code']) {
      const res = await test.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      assert.equal(res.statusCode, 200, url);
      assert.match(res.headers['content-type'] as string, /^text\/html/);
      assert.match(res.body, /<title>app<\/title>/);
      assert.equal(res.headers['cache-control'], 'no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await test.app.inject({ url: '/assets/app-abc123.js' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['cache-control'] as string, /immutable/);
  });

  it('keeps JSON 404s for API paths and for clients that do not ask for HTML', async () => {
    for (const [url, accept] of [
      ['/api/nothing', 'text/html'],
      ['/admin/nothing', 'text/html'],
      ['/keys', 'application/json'],
      ['/favicon.ico', 'image/*'],
    ] as const) {
      const res = await test.app.inject({ url, headers: { accept } });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { message: 'Not Found' });
    }
  });
});
