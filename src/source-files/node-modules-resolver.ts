/**
 * Resolves library imports (`@openzeppelin/contracts/...`) against installed packages:
 * the node_modules folders of the given roots (by default the working directory and
 * this project's own). Returns a function to pass to `analyzeSources`.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LIBRARY_FILE_BYTES = 2 * 1024 * 1024;

export interface NodeModulesResolverOptions {
  /** Folders whose `node_modules` are searched, in order. */
  readonly roots?: readonly string[];
}

export function projectRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
}

export function createNodeModulesResolver(options: NodeModulesResolverOptions = {}): (path: string) => string | undefined {
  const roots = [...new Set((options.roots ?? [process.cwd(), projectRoot()]).map((r) => resolve(r, 'node_modules')))];
  const cache = new Map<string, string | undefined>();
  return (path: string) => {
    if (cache.has(path)) return cache.get(path);
    const found = lookup(roots, path);
    cache.set(path, found);
    return found;
  };
}

function lookup(roots: string[], path: string): string | undefined {
  // Only package paths: no absolute paths, no climbing out of node_modules.
  if (!path.endsWith('.sol') || path.startsWith('/') || path.split(/[\\/]/).some((seg) => seg === '..' || seg === '.')) return undefined;
  for (const root of roots) {
    const file = resolve(root, path);
    if (!file.startsWith(root + sep)) continue;
    try {
      const st = statSync(file);
      if (!st.isFile() || st.size > MAX_LIBRARY_FILE_BYTES) continue;
      return readFileSync(file, 'utf8');
    } catch {
      continue;
    }
  }
  return undefined;
}
