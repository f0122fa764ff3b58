/**
 * The compiled JavaScript of the CLI and server: tsc (tsconfig.build.json, without its type
 * check, which `npm test` does) compiles src/ into compiled/, and the files modules read
 * beside themselves (seed data, contracts, the worker entry) are copied. Built at `npm ci`
 * (prepare) and by `npm run build`; bin/scopeward.js runs it only while its fingerprint
 * matches the sources (bin/compiled-output.js).
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  COMPILED_DIR,
  FINGERPRINT_FILE,
  REPO_ROOT,
  SOURCE_DIR,
  isCompiledCurrent,
  sourceFiles,
  sourceFingerprint,
} from '../../bin/compiled-output.js';

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * Builds into a sibling temporary folder (the same depth, so its relative paths hold) and
 * swaps it in: a CLI never starts from half-written output, and two builds at once do
 * not corrupt each other's.
 */
export async function buildCompiled(target = COMPILED_DIR): Promise<void> {
  // Taken before compiling: a source edited meanwhile leaves the output marked stale.
  const fingerprint = sourceFingerprint();
  const temporary = `${target}.tmp-${process.pid}-${Date.now()}`;
  try {
    await runTsc(['-p', join(REPO_ROOT, 'tsconfig.build.json'), '--outDir', temporary]);
    for (const file of sourceFiles().filter((f) => !f.endsWith('.ts'))) {
      await mkdir(dirname(join(temporary, file)), { recursive: true });
      await copyFile(join(SOURCE_DIR, file), join(temporary, file));
    }
    await writeFile(join(temporary, FINGERPRINT_FILE), fingerprint);
    const old = `${target}.old-${process.pid}-${Date.now()}`;
    await rename(target, old).catch(() => {});
    await rename(temporary, target);
    await rm(old, { recursive: true, force: true });
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    if (!isCompiledCurrent(target)) throw error;
  }
}

/** Builds unless compiled/ is current; returns whether it built. */
export async function ensureCompiled(target = COMPILED_DIR): Promise<boolean> {
  if (isCompiledCurrent(target)) return false;
  await buildCompiled(target);
  return true;
}

function runTsc(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSC, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`tsc failed (exit ${code}):\n${output.trim()}`))));
  });
}
