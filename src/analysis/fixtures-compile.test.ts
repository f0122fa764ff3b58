/**
 * Every Solidity fixture the detectors are tested on is valid Solidity: each compiles
 * with the installed solc its pragma selects (src/compile keeps 0.4 to 0.8 side by side),
 * OpenZeppelin imports resolved from node_modules. A fixture that only tree-sitter
 * accepts would test the engine on code no chain runs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import semver from 'semver';
import { compileSolidity } from '../compile/compile-solidity.ts';
import { solidityPragmas } from '../compile/solc-versions.ts';

const require = createRequire(import.meta.url);

const here = fileURLToPath(new URL('.', import.meta.url));

function solidityFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) solidityFiles(p, out);
    else if (p.endsWith('.sol')) out.push(p);
  }
  return out;
}

/**
 * Fixtures pin exact 0.8 patch versions (`0.8.19`) while one 0.8 compiler is installed:
 * an exact pin is read as "this patch or a later one of the same minor". Files whose
 * pragmas admit no common version (flattened files of several eras, written for the
 * pragma detectors) cannot compile by construction and are listed, not compiled.
 */
function relaxPins(source: string): string {
  return source.replace(/pragma\s+solidity\s+=?\s*(0\.\d+\.\d+)\s*;/g, 'pragma solidity ^$1;');
}

function pragmasConflict(source: string): boolean {
  const ranges = solidityPragmas({ f: relaxPins(source) });
  if (ranges.length < 2) return false;
  return !['0.4.26', '0.5.17', '0.6.12', '0.7.6', '0.8.30'].some((v) => ranges.every((r) => semver.satisfies(v, r)));
}

/**
 * Imports of the version-named OpenZeppelin aliases (`@openzeppelin/contracts-v4/…`) are
 * given to solc as sources, read from node_modules with everything they import.
 */
function aliasImports(source: string, path: string, out: Record<string, string>): void {
  for (const m of source.matchAll(/import\s+(?:[^'"]*from\s+)?["']([^"']+)["']/g)) {
    let target = m[1]!;
    if (target.startsWith('.')) target = join(path, '..', target).split('\\').join('/');
    if (!/^@openzeppelin\/contracts-v\d\//.test(target) || out[target] !== undefined) continue;
    const [scope, pkg, ...rest] = target.split('/');
    const file = join(require.resolve(`${scope}/${pkg}/package.json`), '..', ...rest);
    out[target] = readFileSync(file, 'utf8');
    aliasImports(out[target]!, target, out);
  }
}

test('every analysis fixture compiles with the solc its pragma selects', () => {
  const files = solidityFiles(here).sort();
  assert.ok(files.length > 0);
  const failures: string[] = [];
  for (const file of files) {
    const name = relative(here, file);
    const source = readFileSync(file, 'utf8');
    if (pragmasConflict(source)) continue;
    const sources: Record<string, string> = { [name.split('/').pop()!]: relaxPins(source) };
    aliasImports(source, '', sources);
    try {
      compileSolidity(sources, { optimize: false });
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message.split('\n').slice(0, 4).join(' | ')}`);
    }
  }
  assert.deepEqual(failures, []);
});
