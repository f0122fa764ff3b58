import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkFiles, pageWithPreloads, PRELOADED_ROUTES } from './route-preloads.ts';

/** A manifest as Vite writes it: the entry, two lazy pages, shared chunks. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-9.js'] },
  '_react-9.js': { file: 'assets/react-9.js' },
  '_Page-2.js': { file: 'assets/Page-2.js', imports: ['index.html'] },
  '_Chart-3.js': { file: 'assets/Chart-3.js', imports: ['_Page-2.js'] },
  'pages/scan-details/ScanDetailsPage.tsx': {
    file: 'assets/ScanDetailsPage-4.js',
    isDynamicEntry: true,
    imports: ['index.html', '_Page-2.js', '_Chart-3.js'],
  },
  'pages/receipt/ReceiptPage.tsx': { file: 'assets/ReceiptPage-5.js', isDynamicEntry: true, imports: ['index.html', '_Page-2.js'] },
};
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>';

describe('preload hints for pages opened from a link', () => {
  it("names a page's chunks after what they import, leaving out the entry and its own imports", () => {
    assert.deepEqual(chunkFiles(MANIFEST, 'pages/scan-details/ScanDetailsPage.tsx'), [
      'assets/Page-2.js',
      'assets/Chart-3.js',
      'assets/ScanDetailsPage-4.js',
    ]);
    assert.deepEqual(chunkFiles(MANIFEST, 'pages/receipt/ReceiptPage.tsx'), ['assets/Page-2.js', 'assets/ReceiptPage-5.js']);
    assert.deepEqual(chunkFiles(MANIFEST, 'pages/none.tsx'), []);
  });

  it('adds them to index.html for the details and evidence paths only, and serves the plain page without a manifest', () => {
    const root = mkdtempSync(join(tmpdir(), 'sw-preload-'));
    mkdirSync(join(root, '.vite'));
    writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    const page = pageWithPreloads(root, INDEX);
    const details = page('/scans/abc123');
    assert.match(details, /<link rel="modulepreload" crossorigin href="\/assets\/ScanDetailsPage-4\.js"><\/head>/);
    assert.match(details, /href="\/assets\/Chart-3\.js"/);
    assert.doesNotMatch(details, /index-1\.js"><\/head>|react-9/);
    assert.match(page('/scans/abc123/evidence'), /ReceiptPage-5\.js/);
    assert.doesNotMatch(page('/scans/abc123/evidence'), /ScanDetailsPage/);
    for (const path of ['/', '/keys', '/scans', '/scans/abc/chat/x']) assert.equal(page(path), INDEX, path);
    const bare = mkdtempSync(join(tmpdir(), 'sw-preload-none-'));
    assert.equal(pageWithPreloads(bare, INDEX)('/scans/abc123'), INDEX);
    writeFileSync(join(root, '.vite', 'manifest.json'), '{ broken');
    assert.equal(pageWithPreloads(root, INDEX)('/scans/abc123'), INDEX, 'a broken manifest costs only the hints');
  });

  it('each preloaded page is a module of the dashboard (a rename fails here, not silently in production)', () => {
    const web = fileURLToPath(new URL('../../web/', import.meta.url));
    for (const route of PRELOADED_ROUTES) assert.ok(existsSync(join(web, route.module)), route.module);
  });
});
