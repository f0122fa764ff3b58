/**
 * Verified source and contract creation from an explorer-family API (Etherscan and its
 * clones, Blockscout's compatible module): `module=contract&action=getsourcecode` and
 * `action=getcontractcreation`. With `EXPLORER_API_KEY` set it uses Etherscan's unified
 * V2 endpoint (one key, any chain id); without, each network's own explorer API.
 */
import { chainDetails } from './chain-details.ts';
import { networkBySymbol } from './networks.ts';
import type { CreationLookup } from './get-contract-creation.ts';
import { fetchJson } from './fetch-json.ts';
import { VerifiedSourceError, type VerifiedSource, type VerifiedSourceProvider } from './verified-source.ts';

export interface ExplorerOptions {
  readonly apiKey?: string;
  /** Network symbol -> API URL; default EXPLORER_API_URL_<SYMBOL>, Etherscan V2 with a key, else the network's explorer API. */
  readonly apiUrlFor?: (network: string) => string | null;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly timeoutMs?: number;
  readonly fetchFn?: typeof fetch;
}

interface ExplorerEnvelope {
  status?: string;
  message?: string;
  result?: unknown;
}

interface SourceRow {
  SourceCode?: string;
  ABI?: string;
  ContractName?: string;
  CompilerVersion?: string;
  OptimizationUsed?: string;
  Runs?: string;
  EVMVersion?: string;
  LicenseType?: string;
  Proxy?: string;
  Implementation?: string;
}

/** SourceCode is plain Solidity, a `{sources}` map, or standard JSON wrapped in double braces. */
export function parseExplorerSourceCode(
  sourceCode: string,
  contractName: string,
): { sources: Record<string, string>; settings: Record<string, unknown> } {
  const trimmed = sourceCode.trim();
  if (trimmed.startsWith('{')) {
    const json = trimmed.startsWith('{{') ? trimmed.slice(1, -1) : trimmed;
    try {
      const parsed = JSON.parse(json) as { sources?: Record<string, { content?: string }>; settings?: Record<string, unknown> } & Record<
        string,
        { content?: string }
      >;
      const map = parsed.sources ?? parsed;
      const sources = Object.fromEntries(
        Object.entries(map).map(([path, s]) => [path, typeof s === 'object' && s !== null ? (s.content ?? '') : '']),
      );
      return { sources, settings: parsed.settings ?? {} };
    } catch {
      // Not JSON after all: a single file that starts with a brace is not Solidity, but keep it.
    }
  }
  return { sources: { [`${contractName || 'Contract'}.sol`]: sourceCode }, settings: {} };
}

export function createExplorerSourceProvider(options: ExplorerOptions = {}): VerifiedSourceProvider & CreationLookup {
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? env.EXPLORER_API_KEY ?? '';
  const apiUrlFor =
    options.apiUrlFor ??
    ((network: string) => {
      const override = env[`EXPLORER_API_URL_${network}`];
      if (override) return override;
      const chainId = networkBySymbol(network)?.chainId;
      if (apiKey && chainId) return `https://api.etherscan.io/v2/api?chainid=${chainId}`;
      return chainDetails(network)?.explorer.apiUrl ?? null;
    });

  async function call(network: string, params: Record<string, string>): Promise<unknown[] | null> {
    const base = apiUrlFor(network);
    if (!base) return null;
    const url = new URL(base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    if (apiKey) url.searchParams.set('apikey', apiKey);
    const { status, body } = await fetchJson(url.toString(), {
      timeoutMs: options.timeoutMs ?? 8_000,
      provider: 'explorer',
      ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
    });
    const envelope = body as ExplorerEnvelope;
    if (status !== 200 || typeof envelope !== 'object' || envelope === null)
      throw new VerifiedSourceError(`explorer answered HTTP ${status}`, { network, status });
    if (envelope.status === '1' && Array.isArray(envelope.result)) return envelope.result;
    const text = typeof envelope.result === 'string' ? envelope.result : (envelope.message ?? '');
    if (/rate limit/i.test(text)) throw new VerifiedSourceError('explorer rate limit exceeded', { network, result: text });
    // "No data found" / "Contract source code not verified" are answers, not failures.
    if (/no (data|records?) found|not verified/i.test(text)) return null;
    throw new VerifiedSourceError(`explorer error: ${text || 'unknown'}`, { network, result: text });
  }

  return {
    name: 'explorer',
    async getSource(network, address) {
      const rows = await call(network, { module: 'contract', action: 'getsourcecode', address });
      const row = rows?.[0] as SourceRow | undefined;
      if (!row || !row.SourceCode) return null;
      const contractName = row.ContractName ?? '';
      const { sources, settings } = parseExplorerSourceCode(row.SourceCode, contractName);
      let abi: unknown[] | null;
      try {
        abi = row.ABI ? (JSON.parse(row.ABI) as unknown[]) : null;
      } catch {
        abi = null;
      }
      const evm = row.EVMVersion && row.EVMVersion.toLowerCase() !== 'default' ? row.EVMVersion : null;
      const mainSourcePath = Object.keys(sources).find((p) => sources[p]?.includes(`contract ${contractName}`)) ?? null;
      return {
        provider: 'explorer',
        network,
        address,
        contractName,
        compilerVersion: row.CompilerVersion ?? '',
        optimizer: { enabled: row.OptimizationUsed === '1', runs: Number(row.Runs ?? 0) || 0 },
        evmVersion: evm,
        license: row.LicenseType && row.LicenseType !== 'None' ? row.LicenseType : '',
        sources,
        mainSourcePath,
        abi,
        match: null,
        settings,
        proxyImplementation: row.Proxy === '1' && row.Implementation ? row.Implementation : null,
      } satisfies VerifiedSource;
    },
    async getContractCreation(network, address) {
      const rows = await call(network, { module: 'contract', action: 'getcontractcreation', contractaddresses: address });
      const row = rows?.[0] as { contractCreator?: string; txHash?: string } | undefined;
      return row?.contractCreator && row.txHash ? { creator: row.contractCreator, txHash: row.txHash } : null;
    },
  };
}
