/**
 * Verified source from Sourcify (no key): `GET {base}/v2/contract/{chainId}/{address}?fields=all`.
 */
import { networkBySymbol } from './networks.ts';
import { fetchJson } from './fetch-json.ts';
import { spdxLicense, VerifiedSourceError, type VerifiedSource, type VerifiedSourceProvider } from './verified-source.ts';

export interface SourcifyOptions {
  /** Default https://sourcify.dev/server (SOURCIFY_URL). */
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly fetchFn?: typeof fetch;
}

interface SourcifyContract {
  match?: string | null;
  compilation?: {
    compilerVersion?: string;
    compilerSettings?: { optimizer?: { enabled?: boolean; runs?: number }; evmVersion?: string } & Record<string, unknown>;
    name?: string;
    fullyQualifiedName?: string;
  };
  sources?: Record<string, { content?: string }>;
  abi?: unknown[];
}

export function createSourcifySourceProvider(options: SourcifyOptions = {}): VerifiedSourceProvider {
  const base = (options.baseUrl ?? process.env.SOURCIFY_URL ?? 'https://sourcify.dev/server').replace(/\/$/, '');
  return {
    name: 'sourcify',
    async getSource(network, address) {
      const chainId = networkBySymbol(network)?.chainId;
      if (chainId === null || chainId === undefined) return null;
      const url = `${base}/v2/contract/${chainId}/${address}?fields=all`;
      const { status, body } = await fetchJson(url, {
        timeoutMs: options.timeoutMs ?? 8_000,
        provider: 'sourcify',
        ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
      });
      if (status === 404) return null;
      if (status !== 200 || typeof body !== 'object' || body === null)
        throw new VerifiedSourceError(`sourcify answered HTTP ${status}`, { status, body });
      const c = body as SourcifyContract;
      if (!c.match || !c.compilation || !c.sources) return null;
      const sources = Object.fromEntries(Object.entries(c.sources).map(([path, s]) => [path, s.content ?? '']));
      const mainSourcePath = c.compilation.fullyQualifiedName?.split(':')[0] ?? null;
      const settings = c.compilation.compilerSettings ?? {};
      const version = c.compilation.compilerVersion ?? '';
      return {
        provider: 'sourcify',
        network,
        address,
        contractName: c.compilation.name ?? '',
        compilerVersion: version.startsWith('v') || version === '' ? version : `v${version}`,
        optimizer: { enabled: settings.optimizer?.enabled ?? false, runs: settings.optimizer?.runs ?? 0 },
        evmVersion: settings.evmVersion ?? null,
        license: spdxLicense((mainSourcePath && sources[mainSourcePath]) || Object.values(sources)[0] || ''),
        sources,
        mainSourcePath,
        abi: c.abi ?? null,
        match: c.match === 'exact_match' || c.match === 'perfect' ? 'full' : 'partial',
        settings,
        proxyImplementation: null,
      } satisfies VerifiedSource;
    },
  };
}
