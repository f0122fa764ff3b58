/**
 * The dashboard bundle: built by Vite from src/web into dist/web, at `npm ci` (the
 * `prepare` script) and again at start whenever its inputs changed since (a fingerprint
 * of every input file is stored beside the bundle). Offline: Vite and its bundler ship
 * in npm packages.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_SOURCE = join(REPO_ROOT, 'src', 'web');
export const WEB_DIST = join(REPO_ROOT, 'dist', 'web');
const FINGERPRINT_FILE = '.fingerprint';
/**
 * Everything the bundle is made from: the app, what it imports from the server side (the
 * shared folder, the view models, and the wire contract, chain table, offers catalogue and
 * upload limits behind them), the build's config and packages.
 */
const INPUTS = [
  WEB_SOURCE,
  ...['shared', 'scan-view', 'interface', 'chain', 'offers'].map((folder) => join(REPO_ROOT, 'src', folder)),
  join(REPO_ROOT, 'src', 'dashboard-scans', 'upload-limits.ts'),
  join(REPO_ROOT, 'vite.config.ts'),
  join(REPO_ROOT, 'package-lock.json'),
];

function files(path: string, out: string[]): string[] {
  if (!existsSync(path)) return out;
  if (statSync(path).isFile()) {
    out.push(path);
    return out;
  }
  for (const entry of readdirSync(path).sort()) {
    if (entry === 'node_modules' || entry.startsWith('.') || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    files(join(path, entry), out);
  }
  return out;
}

export function webFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => files(input, []))) {
    hash.update(relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export async function isWebBundleFresh(dist = WEB_DIST): Promise<boolean> {
  try {
    return (await readFile(join(dist, FINGERPRINT_FILE), 'utf8')) === webFingerprint() && existsSync(join(dist, 'index.html'));
  } catch {
    return false;
  }
}

/**
 * Builds into a temporary folder and swaps it in, so a server never serves a half-written
 * bundle and two processes building at once do not corrupt each other's output.
 */
export async function buildWebBundle(dist = WEB_DIST): Promise<void> {
  const fingerprint = webFingerprint();
  const { build } = await import('vite');
  const temporary = `${dist}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(join(dist, '..'), { recursive: true });
  try {
    await build({ configFile: join(REPO_ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: temporary, emptyOutDir: true } });
    await writeFile(join(temporary, FINGERPRINT_FILE), fingerprint);
    const old = `${dist}.old-${process.pid}-${Date.now()}`;
    await rename(dist, old).catch(() => {});
    await rename(temporary, dist);
    await rm(old, { recursive: true, force: true });
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    // Another process may have put a fresh bundle in place meanwhile.
    if (!(await isWebBundleFresh(dist))) throw error;
  }
}

/** Builds the bundle unless it is already up to date; returns whether it built. */
export async function ensureWebBundle(dist = WEB_DIST): Promise<boolean> {
  if (await isWebBundleFresh(dist)) return false;
  await buildWebBundle(dist);
  return true;
}
