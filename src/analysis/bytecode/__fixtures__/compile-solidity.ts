/**
 * Test helper: compiles Solidity with the installed solc-js (0.8.30, never a remote
 * version) and returns ABI, runtime bytecode and method identifiers per contract.
 * Imports resolve from node_modules (`@openzeppelin/...`) or beside the importing file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Abi } from 'viem';

const require = createRequire(import.meta.url);

interface Solc {
  compile(input: string, callbacks?: { import: (path: string) => { contents: string } | { error: string } }): string;
}
let solc: Solc | undefined;

export interface CompiledContract {
  readonly file: string;
  readonly name: string;
  readonly abi: Abi;
  /** Runtime bytecode, 0x-prefixed. */
  readonly runtime: `0x${string}`;
  /** Function signature -> selector (hex, no 0x), as solc reports them. */
  readonly methodIdentifiers: Record<string, string>;
}

function findImport(path: string, baseDirs: readonly string[]): { contents: string } | { error: string } {
  for (const dir of baseDirs) {
    const local = join(dir, path);
    if (existsSync(local)) return { contents: readFileSync(local, 'utf8') };
  }
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `not found: ${path}` };
  }
}

/** Compiles `sources` (path -> text); throws on any compiler error. */
export function compileSolidity(
  sources: Record<string, string>,
  options: { baseDirs?: string[]; optimize?: boolean } = {},
): CompiledContract[] {
  solc ??= require('solc') as Solc;
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([path, content]) => [path, { content }])),
    settings: {
      optimizer: { enabled: options.optimize ?? true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object', 'evm.methodIdentifiers'] } },
    },
  };
  const baseDirs = options.baseDirs ?? [];
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: (p) => findImport(p, baseDirs) })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<
      string,
      Record<string, { abi: Abi; evm: { deployedBytecode: { object: string }; methodIdentifiers: Record<string, string> } }>
    >;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const out: CompiledContract[] = [];
  for (const [file, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [name, c] of Object.entries(contracts)) {
      out.push({ file, name, abi: c.abi, runtime: `0x${c.evm.deployedBytecode.object}`, methodIdentifiers: c.evm.methodIdentifiers });
    }
  }
  return out;
}

/** Directory of a file URL (for baseDirs). */
export function dirOf(url: string | URL): string {
  return dirname(new URL(url).pathname);
}
