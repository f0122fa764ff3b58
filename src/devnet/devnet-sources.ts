/**
 * The devnet as a verified-source provider: it knows the source of everything it
 * deployed, except contracts deployed as unverified (the `unverified` sample token and
 * the bare EIP-1167 clone).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { LOCAL_NETWORK } from '../chain/networks.ts';
import { spdxLicense, type VerifiedSource, type VerifiedSourceProvider } from '../chain/verified-source.ts';
import type { CompiledContracts } from './compile-contracts.ts';
import type { DeployedContract } from './deploy-devnet.ts';

// Uniswap's published builds were compiled by their repositories' waffle configs:
// v2-core with solc 0.5.16, v2-periphery with 0.6.6, both optimizer on at 999,999 runs
// and evmVersion istanbul.
const PACKAGE_COMPILERS = {
  'uniswap-v2-core': { pkg: '@uniswap/v2-core', compilerVersion: 'v0.5.16+commit.9c3226ce' },
  'uniswap-v2-periphery': { pkg: '@uniswap/v2-periphery', compilerVersion: 'v0.6.6+commit.6c089d02' },
} as const;

function listSol(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) listSol(path, out);
    else if (entry.endsWith('.sol')) out.push(path);
  }
  return out;
}

function packageSources(origin: keyof typeof PACKAGE_COMPILERS, contractName: string): { sources: Record<string, string>; main: string } {
  const root = dirname(createRequire(import.meta.url).resolve(`${PACKAGE_COMPILERS[origin].pkg}/package.json`));
  const files = listSol(join(root, 'contracts')).map((f) => relative(root, f));
  // WETH9 is the periphery's test copy, a single file; the rest excludes test contracts.
  const chosen =
    contractName === 'WETH9'
      ? files.filter((f) => f.endsWith('test/WETH9.sol'))
      : files.filter((f) => !f.includes('/test/') && !f.includes('/examples/'));
  const sources = Object.fromEntries(chosen.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
  const main = chosen.find((f) => f.endsWith(`/${contractName}.sol`)) ?? chosen[0] ?? '';
  return { sources, main };
}

export function createDevnetSourceProvider(compiled: CompiledContracts, deployed: readonly DeployedContract[]): VerifiedSourceProvider {
  const byAddress = new Map(deployed.map((d) => [d.address.toLowerCase(), d]));
  return {
    name: 'devnet',
    async getSource(network, address) {
      if (network !== LOCAL_NETWORK.symbol) return null;
      const contract = byAddress.get(address.toLowerCase());
      if (!contract || contract.unverified) return null;
      if (contract.origin === 'own') {
        const artifact = compiled.artifacts[contract.contractName];
        if (!artifact) return null;
        // Publish only the file that declares the contract, as a single-file verification would.
        const content = compiled.sources[artifact.sourcePath] ?? '';
        return source(contract, {
          compilerVersion: compiled.compilerVersion,
          optimizer: compiled.settings.optimizer,
          evmVersion: compiled.settings.evmVersion,
          sources: { [artifact.sourcePath]: content },
          main: artifact.sourcePath,
          abi: artifact.abi,
        });
      }
      const { sources, main } = packageSources(contract.origin, contract.contractName);
      return source(contract, {
        compilerVersion: PACKAGE_COMPILERS[contract.origin].compilerVersion,
        optimizer: { enabled: true, runs: 999_999 },
        evmVersion: 'istanbul',
        sources,
        main,
        abi: null,
      });
    },
  };
}

function source(
  contract: DeployedContract,
  parts: {
    compilerVersion: string;
    optimizer: { enabled: boolean; runs: number };
    evmVersion: string;
    sources: Record<string, string>;
    main: string;
    abi: readonly unknown[] | null;
  },
): VerifiedSource {
  return {
    provider: 'devnet',
    network: LOCAL_NETWORK.symbol,
    address: contract.address,
    contractName: contract.contractName,
    compilerVersion: parts.compilerVersion,
    optimizer: parts.optimizer,
    evmVersion: parts.evmVersion,
    license: spdxLicense(parts.sources[parts.main] ?? ''),
    sources: parts.sources,
    mainSourcePath: parts.main,
    abi: parts.abi,
    match: null,
    settings: { optimizer: parts.optimizer, evmVersion: parts.evmVersion },
    proxyImplementation: null,
  };
}
