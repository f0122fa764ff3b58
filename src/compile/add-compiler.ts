/**
 * `scopeward compilers add VERSION`: installs one solc release from the npm registry (the
 * `solc` package of that version, through npm itself) into the added-compilers folder, so
 * later compiles with that pragma use it instead of the nearest shipped patch. npm's
 * `solc@0.8.7` holds 0.7.5: that release is installed as `0.8.7-fixed`. The compiler is
 * loaded once after installing and must report the version asked for.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { CompileError } from './compile-error.ts';
import { loadSolc } from './load-solc.ts';
import { addedCompilersDir, installedSolcVersions, rescanInstalledSolc, type InstalledSolc } from './solc-versions.ts';

/** Releases whose npm package of the plain version holds another compiler. */
const NPM_VERSION: Readonly<Record<string, string>> = { '0.8.7': '0.8.7-fixed' };

function run(command: string, args: readonly string[], timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (error) => resolve({ code: -1, output: error.message }));
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

export async function addCompiler(version: string, options: { timeoutMs?: number } = {}): Promise<InstalledSolc> {
  const wanted = semver.valid(version.replace(/^v/, '').replace(/\+.*$/, ''));
  if (!wanted || semver.lt(wanted, '0.4.11'))
    throw new CompileError('bad-input', `not a solc release this service can load: ${version} (0.4.11 or later)`);
  const present = installedSolcVersions().find((v) => v.version === wanted || v.version === NPM_VERSION[wanted]);
  if (present) return present;
  const npmVersion = NPM_VERSION[wanted] ?? wanted;
  const prefix = join(addedCompilersDir(), npmVersion);
  mkdirSync(prefix, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = await run(
    npm,
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `solc@${npmVersion}`],
    options.timeoutMs ?? 300_000,
  );
  if (out.code !== 0) {
    rmSync(prefix, { recursive: true, force: true });
    throw new CompileError(
      'no-compiler',
      `npm could not install solc@${npmVersion}: ${out.output.trim().split('\n').slice(-3).join(' ')}`,
      { version: wanted },
    );
  }
  rescanInstalledSolc();
  const added = installedSolcVersions().find((v) => v.version === npmVersion);
  if (!added) throw new CompileError('no-compiler', `solc@${npmVersion} installed but not found in ${prefix}`, { version: wanted });
  const reported = loadSolc(added).version();
  if (!reported.startsWith(wanted)) {
    rmSync(prefix, { recursive: true, force: true });
    rescanInstalledSolc();
    throw new CompileError('no-compiler', `the npm package solc@${npmVersion} holds solc ${reported}, not ${wanted}`, { version: wanted });
  }
  return added;
}
