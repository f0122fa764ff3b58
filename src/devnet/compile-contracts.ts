/**
 * Compiles the devnet's own Solidity sources (`contracts/*.sol`) with solc-js and caches
 * the artifacts under DATA_DIR keyed by a hash of the sources, compiler and settings, so
 * only the first start after a source change pays for the compiler (~1–3 s); later starts
 * read one JSON file.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

export interface ContractArtifact {
  readonly contractName: string;
  /** Source path as given to the compiler, e.g. `contracts/PlainToken.sol`. */
  readonly sourcePath: string;
  readonly abi: Abi;
  readonly bytecode: Hex;
  readonly deployedBytecode: Hex;
}

export interface CompiledContracts {
  /** Compiler version as explorers print it, e.g. `v0.8.30+commit.73712a01`. */
  readonly compilerVersion: string;
  readonly settings: CompilerSettings;
  /** path -> source text, the compiler input. */
  readonly sources: Readonly<Record<string, string>>;
  readonly artifacts: Readonly<Record<string, ContractArtifact>>;
  /** Whether this call compiled (false: read from the cache). */
  readonly compiled: boolean;
}

export interface CompilerSettings {
  readonly optimizer: { readonly enabled: boolean; readonly runs: number };
  readonly evmVersion: string;
}

export class ContractCompileError extends Error {
  override readonly name = 'ContractCompileError';
  readonly details: readonly string[];
  constructor(message: string, details: readonly string[]) {
    super(message);
    this.details = details;
  }
}

export const CONTRACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'contracts');
const SETTINGS: CompilerSettings = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' };

interface Solc {
  version(): string;
  compile(input: string): string;
}

let solcInstance: Solc | undefined;
function loadSolc(): Solc {
  // solc-js is CommonJS and loading it costs ~250 ms: only when the cache misses.
  solcInstance ??= createRequire(import.meta.url)('solc') as Solc;
  return solcInstance;
}

function solcPackageVersion(): string {
  return (createRequire(import.meta.url)('solc/package.json') as { version: string }).version;
}

async function readSources(): Promise<Record<string, string>> {
  const files = (await readdir(CONTRACTS_DIR)).filter((f) => f.endsWith('.sol')).sort();
  const sources: Record<string, string> = {};
  for (const file of files) sources[`contracts/${file}`] = await readFile(join(CONTRACTS_DIR, file), 'utf8');
  return sources;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}

function compile(sources: Record<string, string>): Omit<CompiledContracts, 'compiled'> {
  const solc = loadSolc();
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([path, content]) => [path, { content }])),
    settings: {
      ...SETTINGS,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error').map((e) => e.formattedMessage);
  if (errors.length > 0) throw new ContractCompileError('devnet contracts failed to compile', errors);
  const artifacts: Record<string, ContractArtifact> = {};
  for (const [sourcePath, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [contractName, c] of Object.entries(contracts)) {
      artifacts[contractName] = {
        contractName,
        sourcePath,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      };
    }
  }
  const match = /^(\d+\.\d+\.\d+\+commit\.[0-9a-f]+)/.exec(solc.version());
  return { compilerVersion: `v${match?.[1] ?? solc.version()}`, settings: SETTINGS, sources, artifacts };
}

/**
 * Artifacts committed beside the sources (`artifacts.generated.json`), so a fresh clone
 * starts without running the compiler; a test fails when they are stale
 * (regenerate: `node --import tsx src/devnet/compile-contracts.ts`).
 */
export const BUNDLED_ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts.generated.json');

/** The cache key of the current sources, compiler and settings. */
export function artifactsKey(sources: Readonly<Record<string, string>>): string {
  return createHash('sha256')
    .update(JSON.stringify({ solc: solcPackageVersion(), settings: SETTINGS, sources }))
    .digest('hex')
    .slice(0, 16);
}

type StoredArtifacts = Omit<CompiledContracts, 'compiled'> & { key?: string };

async function readStored(file: string, key: string): Promise<StoredArtifacts | undefined> {
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as StoredArtifacts;
    return stored.key === key ? stored : undefined;
  } catch {
    return undefined; // missing or unreadable: compile instead
  }
}

/**
 * Compiles every contract in `contracts/`, or reads the artifacts from the committed
 * bundle or the cache under `cacheDir` when their key matches the sources.
 */
export async function compileContracts(options: { cacheDir?: string; noBundle?: boolean } = {}): Promise<CompiledContracts> {
  const sources = await readSources();
  const key = artifactsKey(sources);
  const cacheFile = options.cacheDir ? join(options.cacheDir, `artifacts-${key}.json`) : undefined;
  for (const file of [options.noBundle ? undefined : BUNDLED_ARTIFACTS, cacheFile]) {
    if (!file) continue;
    const stored = await readStored(file, key);
    if (stored) {
      const { key: _key, ...rest } = stored;
      return { ...rest, compiled: false };
    }
  }
  const result = { ...compile(sources), key };
  if (cacheFile && options.cacheDir) {
    await mkdir(options.cacheDir, { recursive: true });
    // Write then rename so a concurrent start never reads half a file.
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(result));
    await rename(tmp, cacheFile);
  }
  const { key: _key, ...rest } = result;
  return { ...rest, compiled: true };
}

// Regenerates the committed bundle when run directly.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sources = await readSources();
  await writeFile(BUNDLED_ARTIFACTS, `${JSON.stringify({ ...compile(sources), key: artifactsKey(sources) })}\n`);
  process.stdout.write(`wrote ${BUNDLED_ARTIFACTS}\n`);
}
