/**
 * The solc versions installed side by side as npm aliases (package.json: `solc-0.4.26`
 * = `npm:solc@0.4.26`, …; the newest is `solc` itself) and the choice among them from
 * the sources' `pragma solidity` lines. Nothing is downloaded at run time.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { CompileError } from './compile-error.ts';

const require = createRequire(import.meta.url);

export interface InstalledSolc {
  readonly version: string;
  /** The npm package (alias) holding its soljson.js, or the absolute path of an added compiler's package. */
  readonly packageName: string;
  /** Set when the pragmas asked for a version that is not installed and a near one is used instead. */
  readonly note?: string;
}

/** Where `scopeward compilers add` installs extra compilers (one npm prefix per version). */
export function addedCompilersDir(): string {
  return resolve(process.env.SOLC_DIR ?? join(process.env.DATA_DIR ?? './data', 'compilers'));
}

/** Compilers added with `scopeward compilers add` (`<dir>/<version>/node_modules/solc`). */
function addedSolcVersions(): InstalledSolc[] {
  const dir = addedCompilersDir();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const packageName = join(dir, name, 'node_modules', 'solc');
    try {
      const { version } = require(join(packageName, 'package.json')) as { version: string };
      return semver.valid(version) ? [{ version, packageName }] : [];
    } catch {
      return [];
    }
  });
}

/** Forget the list of installed compilers (after `compilers add`). */
export function rescanInstalledSolc(): void {
  installed = undefined;
}

const ALIASES = ['solc-0.4.26', 'solc-0.5.17', 'solc-0.6.12', 'solc-0.7.6'] as const;

let installed: readonly InstalledSolc[] | undefined;

/** Installed compilers, oldest first (read from each package's own package.json). */
export function installedSolcVersions(): readonly InstalledSolc[] {
  if (installed) return installed;
  const shipped = [...ALIASES, 'solc'].flatMap((packageName) => {
    try {
      const { version } = require(`${packageName}/package.json`) as { version: string };
      return [{ version, packageName }];
    } catch {
      return [];
    }
  });
  const byVersion = new Map<string, InstalledSolc>();
  for (const s of [...addedSolcVersions(), ...shipped]) byVersion.set(s.version, s);
  installed = [...byVersion.values()].sort((a, b) => semver.compare(a.version, b.version));
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

/** Every installed compiler satisfying every pragma, newest first (all of them when there is no pragma). */
export function fittingSolcVersions(sources: Readonly<Record<string, string>>): InstalledSolc[] {
  const pragmas = solidityPragmas(sources);
  return installedSolcVersions()
    .filter((v) => pragmas.every((p) => semver.satisfies(v.version, toRange(p), { loose: true })))
    .reverse();
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
    if (!exact)
      throw new CompileError(
        'no-compiler',
        `solc ${requested} is not installed (installed: ${versions.map((v) => v.version).join(', ')})`,
        { requested },
      );
    return exact;
  }
  const pragmas = solidityPragmas(sources);
  const fitting = versions.filter((v) => pragmas.every((p) => semver.satisfies(v.version, toRange(p), { loose: true })));
  const newest = fitting.at(-1) ?? nearestPatch(versions, pragmas);
  if (!newest) {
    throw new CompileError(
      'no-compiler',
      `no installed solc satisfies ${pragmas.map((p) => `"${p}"`).join(' and ')} (installed: ${versions.map((v) => v.version).join(', ')})`,
      { pragmas },
    );
  }
  return newest;
}

/**
 * An exact pin (`0.6.6`, `=0.8.4`) or a narrow range no installed compiler satisfies: the
 * installed compiler of the same 0.x line (the newest patch) usually compiles the same code.
 * The note says so and how to install the exact one.
 */
function nearestPatch(versions: readonly InstalledSolc[], pragmas: readonly string[]): InstalledSolc | undefined {
  let wanted: string | undefined;
  for (const p of pragmas) {
    let min: semver.SemVer | null;
    try {
      min = semver.minVersion(toRange(p), { loose: true });
    } catch {
      return undefined;
    }
    if (!min) return undefined;
    if (!wanted || semver.gt(min.version, wanted)) wanted = min.version;
  }
  if (!wanted) return undefined;
  const line = `${semver.major(wanted)}.${semver.minor(wanted)}`;
  const sameLine = versions.filter((v) => `${semver.major(v.version)}.${semver.minor(v.version)}` === line);
  // Newer patches first (they accept what older ones did, almost always), then the nearest older one.
  const choice = sameLine.filter((v) => semver.gte(v.version, wanted)).at(-1) ?? sameLine.at(-1);
  if (!choice) return undefined;
  return {
    ...choice,
    note: `the pragma asks for ${pragmas.map((p) => `"${p}"`).join(' and ')}; solc ${wanted} is not installed, so the nearest installed patch ${choice.version} compiled it (install the exact one with \`scopeward compilers add ${wanted}\`)`,
  };
}
