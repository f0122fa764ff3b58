/**
 * The solc versions installed side by side as npm aliases (package.json: `solc-0.4.26`
 * = `npm:solc@0.4.26`, …; the newest is `solc` itself) and the choice among them from
 * the sources' `pragma solidity` lines. Nothing is downloaded at run time.
 */
import { createRequire } from 'node:module';
import semver from 'semver';
import { CompileError } from './compile-error.ts';

const require = createRequire(import.meta.url);

export interface InstalledSolc {
  readonly version: string;
  /** The npm package (alias) holding its soljson.js. */
  readonly packageName: string;
}

const ALIASES = ['solc-0.4.26', 'solc-0.5.17', 'solc-0.6.12', 'solc-0.7.6'] as const;

let installed: readonly InstalledSolc[] | undefined;

/** Installed compilers, oldest first (read from each package's own package.json). */
export function installedSolcVersions(): readonly InstalledSolc[] {
  installed ??= [...ALIASES, 'solc'].flatMap((packageName) => {
    try {
      const { version } = require(`${packageName}/package.json`) as { version: string };
      return [{ version, packageName }];
    } catch {
      return [];
    }
  });
  return installed;
}

const PRAGMA = /pragma\s+solidity\s+([^;]+);/g;

/** The version constraints of every `pragma solidity` in the sources (comments removed first). */
export function solidityPragmas(sources: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const content of Object.values(sources)) {
    const code = content.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
    for (const match of code.matchAll(PRAGMA)) if (match[1]) out.push(match[1].trim());
  }
  return out;
}

/** Solidity writes `^0.8.0` like semver but also `>=0.4.22 <0.9.0`, `0.8`, `=0.5.17`: normalise the odd ones. */
function toRange(pragma: string): string {
  return pragma.replace(/\s+/g, ' ').replace(/([<>=^~]+)\s+/g, '$1');
}

/**
 * The newest installed compiler satisfying every pragma (or `requested` when given and installed).
 *
 * @example
 * pickSolcVersion({ 'A.sol': 'pragma solidity ^0.6.0; contract A {}' }).version // '0.6.12'
 */
export function pickSolcVersion(sources: Readonly<Record<string, string>>, requested?: string): InstalledSolc {
  const versions = installedSolcVersions();
  if (requested) {
    const exact = versions.find((v) => v.version === requested.replace(/^v/, '').replace(/\+.*$/, ''));
    if (!exact) throw new CompileError('no-compiler', `solc ${requested} is not installed (installed: ${versions.map((v) => v.version).join(', ')})`, { requested });
    return exact;
  }
  const pragmas = solidityPragmas(sources);
  const fitting = versions.filter((v) => pragmas.every((p) => semver.satisfies(v.version, toRange(p), { loose: true })));
  const newest = fitting.at(-1);
  if (!newest) {
    throw new CompileError('no-compiler', `no installed solc satisfies ${pragmas.map((p) => `"${p}"`).join(' and ')} (installed: ${versions.map((v) => v.version).join(', ')})`, { pragmas });
  }
  return newest;
}
