/**
 * The dashboard's JavaScript per route, gzipped, as a browser opening that route first
 * downloads it: the entry chunk, the route's own chunk, and every chunk they import
 * statically (recursively). Baseline: the whole bundle (every chunk) in the same build,
 * which is what each first visit cost before routes were split (issue 29: the first
 * route's JavaScript ≤ 200 kB gzipped).
 *
 *   npm run build:web && node --import tsx bench/web-bundle.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = join(import.meta.dirname, '..', 'dist', 'web');
const assets = join(dir, 'assets');
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/web/index.html: run npm run build:web first');

const text = (file: string): string => readFileSync(join(assets, file), 'utf8');
const gz = new Map<string, number>();
const gzipped = (file: string): number => {
  let size = gz.get(file);
  if (size === undefined) gz.set(file, (size = gzipSync(text(file), { level: 9 }).length));
  return size;
};

/** The chunk and every chunk it imports statically (`from"./x.js"`, `import"./x.js"`). */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of text(file).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) closure(m[1]!, seen);
  return seen;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;
const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
const whole = all.reduce((sum, f) => sum + gzipped(f), 0);
const entryClosure = closure(entry);
const routes = [...text(entry).matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((m) => m[1]!);

console.log(`whole bundle (baseline): ${all.length} chunks, ${kb(whole)} gzipped`);
console.log(`entry alone: ${kb([...entryClosure].reduce((s, f) => s + gzipped(f), 0))}\n`);
console.log(`${'first route'.padEnd(28)} ${'gzipped'.padStart(10)} ${'of whole'.padStart(9)}`);
let worst = 0;
for (const route of routes) {
  const files = closure(route, new Set(entryClosure));
  const size = [...files].reduce((s, f) => s + gzipped(f), 0);
  worst = Math.max(worst, size);
  console.log(`${route.replace(/-[\w-]{8}\.js$/, '').padEnd(28)} ${kb(size).padStart(10)} ${(size / whole).toFixed(2).padStart(9)}`);
}
console.log(`\nlargest first route: ${kb(worst)} (target ≤ 200 kB): ${worst <= 200 * 1024 ? 'met' : 'NOT met'}`);
