/**
 * Compiles Solidity sources with an installed solc chosen from their pragmas, through
 * standard JSON. Imports resolve among the given sources first, then OpenZeppelin from
 * node_modules. Warnings are returned; errors throw a CompileError with solc's messages.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Abi, Hex } from 'viem';
import { CompileError, type CompileErrorKind } from './compile-error.ts';
import { loadSolc } from './load-solc.ts';
import { resolveImport } from './resolve-import.ts';
import { fittingSolcVersions, pickSolcVersion, type InstalledSolc } from './solc-versions.ts';
import { basename, dirname, join } from 'node:path';

/** A relative import resolved by file name among the input's own files (uploads lose their folders). */
function sameNameInInput(sources: Readonly<Record<string, string>>, path: string): string | null {
  if (path.startsWith('@')) return null;
  const name = basename(path);
  const matches = Object.keys(sources).filter((f) => basename(f) === name);
  return matches.length === 1 ? (sources[matches[0]!] ?? null) : null;
}

export interface CompiledContract {
  readonly file: string;
  readonly name: string;
  readonly abi: Abi;
  /** Creation bytecode; '0x' for interfaces and abstract contracts. */
  readonly bytecode: Hex;
  readonly deployedBytecode: Hex;
  /** Storage slots of the state variables (solc ≥ 0.5.13 reports them; empty before). */
  readonly storage: readonly StorageEntry[];
}

export interface StorageEntry {
  readonly label: string;
  /** The contract that declares the variable. */
  readonly contract: string;
  readonly slot: string;
  readonly offset: number;
  readonly type: string;
}

export interface CompileSolidityOptions {
  /** An installed version to use instead of choosing from the pragmas. */
  readonly version?: string;
  readonly optimize?: boolean;
  /** A folder keeping compile outputs across processes (keyed by a hash of the sources and settings). */
  readonly cacheDir?: string;
}

export interface CompileSolidityReturnType {
  readonly version: string;
  /** The full version string solc reports (with commit). */
  readonly longVersion: string;
  readonly contracts: readonly CompiledContract[];
  readonly warnings: readonly string[];
  readonly durationMs: number;
  /** What was not as asked: a near compiler patch, imports left out because the input already defines them. */
  readonly notes: readonly string[];
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage?: string; message: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi: Abi;
        storageLayout?: { storage?: { label: string; contract: string; slot: string; offset: number; type: string }[] };
        evm?: { bytecode?: { object?: string }; deployedBytecode?: { object?: string } };
      }
    >
  >;
}

/**
 * @example
 * const { version, contracts } = compileSolidity({ 'Token.sol': source });
 */
export function compileSolidity(
  sources: Readonly<Record<string, string>>,
  options: CompileSolidityOptions = {},
): CompileSolidityReturnType {
  // Source scans of the same files repeat (rescans, simulate after analyse): keep recent outcomes.
  const key = compileCacheKey(sources, options);
  const known = cache.get(key) ?? (options.cacheDir ? readCached(options.cacheDir, key) : null);
  if (known) {
    remember(key, known);
    return answer(known, 0);
  }
  let outcome: CachedCompile;
  try {
    outcome = { ok: compileUncached(sources, options) };
  } catch (error) {
    // A compile error is a result: the same sources fail the same way, so the next scan of
    // them answers at once instead of running solc again. Missing compilers and bad input
    // are not kept (`compilers add` or another request changes them).
    if (!(error instanceof CompileError) || !CACHED_FAILURES.has(error.kind)) throw error;
    outcome = { error: { kind: error.kind, message: error.message, details: { ...error.details } } };
  }
  if (options.cacheDir) writeCached(options.cacheDir, key, outcome);
  remember(key, outcome);
  return answer(outcome, 'ok' in outcome ? outcome.ok.durationMs : 0);
}

/**
 * The cache key of a compile: the exact sources and the settings. Exact, not modulo
 * comments or whitespace: solc sees both (NatSpec comments are parsed and can fail a
 * compile, the metadata hash in the bytecode covers the source text, error positions
 * move), so a normalised key would answer another text's output (docs/decisions/0223-compilation-off-the-event-loop-and-what.md).
 */
export function compileCacheKey(
  sources: Readonly<Record<string, string>>,
  options: Pick<CompileSolidityOptions, 'version' | 'optimize'>,
): string {
  const hash = createHash('sha256').update(JSON.stringify([COMPILE_OUTPUT_VERSION, options.version ?? '', options.optimize ?? true]));
  for (const [file, content] of Object.entries(sources).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    hash.update(`\0${file.length}:${file}\0${content.length}:`).update(content);
  return hash.digest('hex');
}

/** What a compile came to: its output, or the compile error it ended with. */
export type CachedCompile =
  | { readonly ok: CompileSolidityReturnType }
  | { readonly error: { readonly kind: CompileErrorKind; readonly message: string; readonly details: Record<string, unknown> } };

const CACHED_FAILURES: ReadonlySet<CompileErrorKind> = new Set(['compile-failed', 'import-not-found']);

function answer(outcome: CachedCompile, durationMs: number): CompileSolidityReturnType {
  if ('ok' in outcome) return { ...outcome.ok, durationMs };
  throw new CompileError(outcome.error.kind, outcome.error.message, outcome.error.details);
}

function remember(key: string, outcome: CachedCompile): void {
  cache.delete(key);
  cache.set(key, outcome);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
}

const CACHE_ENTRIES = 32;
/** Bump when the output shape changes, so disk caches of older shapes are not read. */
const COMPILE_OUTPUT_VERSION = 3;

function readCached(dir: string, key: string): CachedCompile | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as CachedCompile;
    return 'ok' in parsed || 'error' in parsed ? parsed : null;
  } catch {
    return null;
  }
}

function writeCached(dir: string, key: string, out: CachedCompile): void {
  try {
    mkdirSync(dir, { recursive: true });
    // Write then rename: a concurrent reader never sees half a file.
    const tmp = join(dir, `${key}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify(out));
    renameSync(tmp, join(dir, `${key}.json`));
  } catch {
    // A cache that cannot be written only costs the next compile its time.
  }
}
const cache = new Map<string, CachedCompile>();

function compileUncached(sources: Readonly<Record<string, string>>, options: CompileSolidityOptions): CompileSolidityReturnType {
  const started = performance.now();
  if (Object.keys(sources).length === 0) throw new CompileError('bad-input', 'no sources to compile');
  const solc = pickSolcVersion(sources, options.version);
  if (!options.version && !solc.note) {
    // A file without a pragma, or with a wide one (`>=0.4.22`), is usually older than the
    // newest compiler that accepts it: on a parse or type error, try the older lines too.
    const older = fittingSolcVersions(sources)
      .filter((v) => v.version !== solc.version)
      .slice(0, 4);
    let first: unknown;
    for (const candidate of [solc, ...older]) {
      try {
        const out = compileSources(candidate, sources, options, started);
        return candidate === solc
          ? out
          : {
              ...out,
              notes: [
                ...out.notes,
                `solc ${solc.version} rejected the code (${firstLine(first)}); the older ${candidate.version} compiled it`,
              ],
            };
      } catch (error) {
        if (!(error instanceof CompileError) || error.kind !== 'compile-failed') throw error;
        first ??= error;
      }
    }
    throw first;
  }
  return compileSources(solc, sources, options, started);
}

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

function compileSources(
  solc: InstalledSolc,
  sources: Readonly<Record<string, string>>,
  options: CompileSolidityOptions,
  started: number,
): CompileSolidityReturnType {
  // Flattened files repeat the licence line of every file they joined; solc refuses a second one.
  sources = withOneLicence(sources);
  // solc refuses a pragma it does not satisfy: with a near patch, the pragmas name that patch.
  if (solc.note)
    sources = Object.fromEntries(
      Object.entries(sources).map(([f, c]) => [f, c.replace(/pragma\s+solidity\s+[^;]+;/g, `pragma solidity ${solc.version};`)]),
    );
  try {
    return compileWith(solc, sources, options, started, solc.note ? [solc.note] : []);
  } catch (error) {
    // Flattened files often keep `import "./X.sol";` lines whose contracts are already in the
    // input: drop the unresolvable imports and try once more, saying so.
    if (!(error instanceof CompileError) || error.kind !== 'import-not-found') throw error;
    const missing = (error.details.missing as string[] | undefined) ?? [];
    const stripped = withoutImports(sources, new Set(missing));
    try {
      return compileWith(solc, stripped, options, started, [
        ...(solc.note ? [solc.note] : []),
        `imports not in the input were left out (the input defines what the code uses): ${missing.join(', ')}`,
      ]);
    } catch (retry) {
      if (retry instanceof CompileError && retry.kind === 'compile-failed') {
        throw new CompileError('import-not-found', `imports not found: ${missing.join(', ')} (without them: ${retry.message})`, {
          ...error.details,
          retry: retry.message,
        });
      }
      throw retry;
    }
  }
}

/**
 * Sources whose licence identifier lines after the first of each file are disarmed (the
 * words kept, the tag broken, lines unchanged): a flattened file's repeats of `// SPDX-License-Identifier:`.
 */
export function withOneLicence(sources: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, content] of Object.entries(sources)) {
    let seen = false;
    out[file] = content.replace(/SPDX-License-Identifier:/g, (tag) => {
      if (!seen) return ((seen = true), tag);
      return 'SPDX-License-Identifier (repeated):';
    });
  }
  return out;
}

/** Sources with every `import` of one of `paths` (as written) commented out. */
function withoutImports(sources: Readonly<Record<string, string>>, paths: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, content] of Object.entries(sources)) {
    out[file] = content.replace(/^[ \t]*import\b[^;]*?["']([^"']+)["'][^;]*;/gm, (statement, path: string) => {
      const resolved = [path, join(dirname(file), path).replace(/\\/g, '/')];
      return resolved.some((p) => paths.has(p) || [...paths].some((m) => m.endsWith(p.replace(/^\.\//, ''))))
        ? `// ${statement.replace(/\n/g, ' ')}`
        : statement;
    });
  }
  return out;
}

function compileWith(
  solc: InstalledSolc,
  sources: Readonly<Record<string, string>>,
  options: CompileSolidityOptions,
  started: number,
  notes: string[],
): CompileSolidityReturnType {
  const compiler = loadSolc(solc);
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([path, content]) => [path, { content }])),
    settings: {
      optimizer: { enabled: options.optimize ?? true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'storageLayout'] } },
    },
  };
  const missing: string[] = [];
  const findImports = (path: string) => {
    const contents = resolveImport(path, solc.version) ?? sameNameInInput(sources, path);
    if (contents !== null) return { contents };
    missing.push(path);
    return { error: `File not found: ${path}` };
  };
  let output: SolcOutput;
  try {
    output = JSON.parse(compiler.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  } catch (cause) {
    throw new CompileError('compile-failed', `solc ${solc.version} crashed or answered garbage`, { version: solc.version }, { cause });
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error').map((e) => e.formattedMessage ?? e.message);
  const warnings = (output.errors ?? []).filter((e) => e.severity !== 'error').map((e) => e.formattedMessage ?? e.message);
  if (missing.length > 0)
    throw new CompileError('import-not-found', `imports not found: ${missing.join(', ')}`, { version: solc.version, missing, errors });
  if (errors.length > 0)
    throw new CompileError('compile-failed', `solc ${solc.version}: ${errors[0]?.split('\n')[0] ?? 'compile error'}`, {
      version: solc.version,
      errors,
    });
  const contracts: CompiledContract[] = [];
  for (const [file, byName] of Object.entries(output.contracts ?? {})) {
    for (const [name, c] of Object.entries(byName)) {
      contracts.push({
        file,
        name,
        abi: c.abi,
        bytecode: `0x${c.evm?.bytecode?.object ?? ''}` as Hex,
        deployedBytecode: `0x${c.evm?.deployedBytecode?.object ?? ''}` as Hex,
        storage: (c.storageLayout?.storage ?? []).map((e) => ({
          label: e.label,
          contract: e.contract.slice(e.contract.lastIndexOf(':') + 1),
          slot: e.slot,
          offset: e.offset,
          type: e.type,
        })),
      });
    }
  }
  return {
    version: solc.version,
    longVersion: compiler.version(),
    contracts,
    warnings,
    durationMs: Math.round(performance.now() - started),
    notes,
  };
}
