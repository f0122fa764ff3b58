/**
 * Preload hints for the pages people open from a link (a scan's details, its evidence):
 * their chunks are named in index.html as `<link rel="modulepreload">`, so the browser
 * fetches them alongside the app's own script instead of after it has run and matched the
 * route. On this machine that waterfall cost 150–250 ms of the details page's first paint
 * (bench/verdict-render.ts). The chunk names come from Vite's manifest (dist/web/.vite/manifest.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A page opened from a link, and its module under src/web (the key Vite's manifest uses). */
export const PRELOADED_ROUTES: readonly { readonly pattern: RegExp; readonly module: string }[] = [
  { pattern: /^\/scans\/[^/?#]+\/evidence\/?(?:[?#].*)?$/, module: 'pages/receipt/ReceiptPage.tsx' },
  { pattern: /^\/scans\/[^/?#]+\/?(?:[?#].*)?$/, module: 'pages/scan-details/ScanDetailsPage.tsx' },
];

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}

type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The script files a module needs beyond the entry's own (which index.html loads already), in load order. */
export function chunkFiles(manifest: Manifest, module: string): string[] {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const loaded = new Set<string>();
  const mark = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const next of manifest[key]?.imports ?? []) mark(next);
  };
  // The entry and what it imports statically are in the page already.
  const entryKey = Object.keys(manifest).find((k) => manifest[k] === entry);
  if (entryKey) mark(entryKey);
  const files: string[] = [];
  const walk = (key: string) => {
    if (loaded.has(key) || !manifest[key]) return;
    loaded.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
    files.push(manifest[key].file);
  };
  walk(module);
  return files;
}

/**
 * index.html for a path: with modulepreload links for its page's chunks when the path is
 * one of PRELOADED_ROUTES and the bundle has a manifest; the plain page otherwise.
 */
export function pageWithPreloads(root: string, index: string): (path: string) => string {
  const manifestFile = join(root, '.vite', 'manifest.json');
  let manifest: Manifest | null = null;
  try {
    if (existsSync(manifestFile)) manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch {
    manifest = null; // a broken manifest costs the hints, not the page
  }
  const pages = new Map<string, string>();
  return (path) => {
    const route = manifest ? PRELOADED_ROUTES.find((r) => r.pattern.test(path)) : undefined;
    if (!route || !manifest) return index;
    let page = pages.get(route.module);
    if (page === undefined) {
      const links = chunkFiles(manifest, route.module)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      page = links && index.includes('</head>') ? index.replace('</head>', `${links}</head>`) : index;
      pages.set(route.module, page);
    }
    return page;
  };
}
