/**
 * Resolves `import "@openzeppelin/contracts/…"` from node_modules, choosing the
 * OpenZeppelin release that fits the compiler (v5 for ≥0.8.20, v4 for 0.8.x, v3 for
 * 0.6–0.7, v2 for 0.5), then the others when the file exists only there. Only files
 * inside those packages are read: no path climbs out of them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import semver from 'semver';

const require = createRequire(import.meta.url);
const PREFIX = '@openzeppelin/contracts/';
const PACKAGES = [
  '@openzeppelin/contracts',
  '@openzeppelin/contracts-v4',
  '@openzeppelin/contracts-v3',
  '@openzeppelin/contracts-v2',
] as const;

function preferred(compilerVersion: string): readonly string[] {
  const first = semver.gte(compilerVersion, '0.8.20')
    ? PACKAGES[0]
    : semver.gte(compilerVersion, '0.8.0')
      ? PACKAGES[1]
      : semver.gte(compilerVersion, '0.6.0')
        ? PACKAGES[2]
        : PACKAGES[3];
  return [first, ...PACKAGES.filter((p) => p !== first)];
}

function packageRoot(name: string): string | null {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

/** The file's contents, or null when it is not an OpenZeppelin import or not found. */
export function resolveImport(path: string, compilerVersion: string): string | null {
  const upgradeable = path.startsWith('@openzeppelin/contracts-upgradeable/');
  if (!path.startsWith(PREFIX) || upgradeable) return null;
  const relative = normalize(path.slice(PREFIX.length));
  if (relative.startsWith('..') || relative.startsWith(sep)) return null;
  for (const name of preferred(compilerVersion)) {
    const root = packageRoot(name);
    if (!root) continue;
    try {
      return readFileSync(join(root, relative), 'utf8');
    } catch {
      // Not in this release: try the next.
    }
  }
  return null;
}
