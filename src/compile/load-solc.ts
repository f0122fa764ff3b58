/**
 * Loads an installed solc through the newest package's wrapper (old versions' own
 * wrappers have another API). Loading costs ~240 ms and ~240 MB, so each version is
 * loaded once, on first use, and kept.
 */
import { createRequire } from 'node:module';
import { isAbsolute, join } from 'node:path';
import { CompileError } from './compile-error.ts';
import type { InstalledSolc } from './solc-versions.ts';

const require = createRequire(import.meta.url);

export interface SolcCompiler {
  version(): string;
  compile(input: string, callbacks?: { import?: (path: string) => { contents: string } | { error: string } }): string;
}

const loaded = new Map<string, SolcCompiler>();

export function loadSolc(solc: InstalledSolc): SolcCompiler {
  const cached = loaded.get(solc.version);
  if (cached) return cached;
  let compiler: SolcCompiler;
  try {
    const wrapper = require('solc/wrapper') as (soljson: unknown) => SolcCompiler;
    compiler =
      solc.packageName === 'solc'
        ? (require('solc') as SolcCompiler)
        : wrapper(require(isAbsolute(solc.packageName) ? join(solc.packageName, 'soljson.js') : `${solc.packageName}/soljson.js`));
  } catch (cause) {
    throw new CompileError(
      'no-compiler',
      `cannot load solc ${solc.version} from ${solc.packageName}`,
      { version: solc.version },
      { cause },
    );
  }
  loaded.set(solc.version, compiler);
  return compiler;
}
