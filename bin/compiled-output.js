/**
 * Where the compiled JavaScript lives and whether it is current. `npm run build` (run by
 * `prepare`, so by `npm ci`) compiles src/ into compiled/ at the same folder depth, so a
 * path relative to a module (an asset, node_modules, dist/web) means the same in both.
 * Plain JavaScript: bin/scopeward.js reads it before anything is compiled.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const SOURCE_DIR = join(REPO_ROOT, 'src');
export const COMPILED_DIR = join(REPO_ROOT, 'compiled');
export const FINGERPRINT_FILE = '.fingerprint';
/** Files outside src/ that change what is emitted. */
const BUILD_CONFIG = ['tsconfig.json', 'tsconfig.build.json'];
/** Folders of src/ that are not part of the compiled output: the dashboard (Vite builds it) and test helpers. */
const SKIPPED_TOP_FOLDERS = new Set(['web', 'testing']);

/** Every file under src/ that the compiled output is made from (TypeScript and assets), relative to src/, sorted. */
export function sourceFiles(dir = SOURCE_DIR, prefix = '') {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const name = entry.name;
    if (name.startsWith('.') || name === 'node_modules') continue;
    if (entry.isDirectory()) {
      if (name === '__fixtures__' || (prefix === '' && SKIPPED_TOP_FOLDERS.has(name))) continue;
      out.push(...sourceFiles(join(dir, name), `${prefix}${name}/`));
    } else if (!/\.test\.tsx?$/.test(name)) {
      out.push(`${prefix}${name}`);
    }
  }
  return out.sort();
}

/**
 * Names, sizes and modification times of the inputs under `root`: cheap enough to check at
 * every start (stat only, no reads), and any edit, added, removed or renamed file changes it.
 */
export function sourceFingerprint(root = REPO_ROOT) {
  const source = join(root, 'src');
  const hash = createHash('sha256');
  for (const file of sourceFiles(source)) {
    const stat = statSync(join(source, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  for (const file of BUILD_CONFIG) {
    const stat = statSync(join(root, file), { throwIfNoEntry: false });
    hash.update(`${file}\0${stat?.size}\0${stat?.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Whether `compiledDir` was built from the sources under `root` as they are now. */
export function isCompiledCurrent(compiledDir = COMPILED_DIR, root = REPO_ROOT) {
  // Any failure (never built, a file removed while it was listed) means: run the sources.
  try {
    return readFileSync(join(compiledDir, FINGERPRINT_FILE), 'utf8') === sourceFingerprint(root);
  } catch {
    return false;
  }
}
