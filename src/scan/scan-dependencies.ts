/**
 * Wires the scan service to the real components: chain clients per network (the
 * embedded devnet for LOCAL), verified-source providers, and the analysis engine.
 * Shared by the API process and `scopeward worker`.
 */
import type { Config } from '../config.ts';
import type { Store } from '../store/open-store.ts';
import { createChainClient, type ChainClient } from '../chain/create-chain-client.ts';
import { createSourcifySourceProvider } from '../chain/sourcify-source-provider.ts';
import { createExplorerSourceProvider } from '../chain/explorer-source-provider.ts';
import type { VerifiedSourceProvider } from '../chain/verified-source.ts';
import { LOCAL_NETWORK } from '../spec/networks.ts';
import { createAuditLookup } from '../audits/audit-repository.ts';
import { analyzeSources } from '../analysis/analyze.ts';
import { createNodeModulesResolver } from '../sources/node-modules-resolver.ts';
import type { ScanFinding, ScanServiceDeps, SourceAnalysis } from './scan-service.ts';

export interface ScanDependencyOptions {
  readonly config: Config;
  readonly store: Store;
  /** JSON-RPC URL of the devnet (`…/rpc` of the API process) when it runs. */
  readonly localRpcUrl: () => string | undefined;
  /** Verified sources of what the devnet deployed. */
  readonly devnetSources?: VerifiedSourceProvider | undefined;
}

/** The analysis engine over a verified source map, as the scan reports it. */
export function analyzeVerifiedSources(resolveImport: (path: string) => string | undefined) {
  return (sources: Readonly<Record<string, string>>): SourceAnalysis => {
    const result = analyzeSources(sources, { resolveImport });
    const findings: ScanFinding[] = result.findings.map((f) => ({ ...f, origin: 'source' as const }));
    return { smartAudit: result.smartAudit, findings };
  };
}

export function scanDependencies(options: ScanDependencyOptions): Omit<ScanServiceDeps, 'freshnessMs'> {
  const { config, store } = options;
  const clients = new Map<string, ChainClient>();
  const sourcify = createSourcifySourceProvider();
  const explorer = createExplorerSourceProvider({ env: config.env });
  return {
    store,
    findAudit: createAuditLookup(store),
    chainClient(network) {
      const rpcUrl = network === LOCAL_NETWORK.symbol ? options.localRpcUrl() : undefined;
      const key = `${network}|${rpcUrl ?? ''}`;
      let client = clients.get(key);
      if (!client) {
        client = createChainClient(network, { env: config.env, ...(rpcUrl ? { rpcUrl } : {}) });
        clients.set(key, client);
      }
      return client;
    },
    sourceProviders(network) {
      if (network === LOCAL_NETWORK.symbol) return options.devnetSources ? [options.devnetSources] : [];
      return [sourcify, explorer];
    },
    explorer: (network) => (network === LOCAL_NETWORK.symbol ? undefined : explorer),
    analyze: analyzeVerifiedSources(createNodeModulesResolver()),
  };
}
