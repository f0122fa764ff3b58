/**
 * Wires the scan service to the real components: chain clients per network (the
 * embedded devnet for LOCAL), verified-source providers, and the analysis engine.
 * Shared by the API process and `scopeward worker`.
 */
import { enrichmentFromConfig } from '../enrichment/enrichment-setup.ts';
import type { Config } from '../config.ts';
import type { Store } from '../store/open-store.ts';
import { createChainClient, type ChainClient } from '../chain/create-chain-client.ts';
import { createSourcifySourceProvider } from '../chain/sourcify-source-provider.ts';
import { createExplorerSourceProvider } from '../chain/explorer-source-provider.ts';
import type { VerifiedSourceProvider } from '../chain/verified-source.ts';
import type { Eip1193Provider } from '../devnet/edr-provider.ts';
import { join } from 'node:path';
import { LOCAL_NETWORK, networkBySymbol } from '../chain/networks.ts';
import { secretBoxFromEnv } from '../codehosts/secret-box.ts';
import { createReceiptIssuer, type ReceiptIssuer } from '../receipts/receipt-issuer.ts';
import { createAuditLookup } from '../audits/audit-repository.ts';
import { createLabelLookup } from '../labels/label-repository.ts';
import { analyzeSources, type AnalysisResult } from '../analysis/analyze.ts';
import { createNodeModulesResolver } from '../source-files/node-modules-resolver.ts';
import type { ScanFinding, ScanServiceDeps, SimulationOutcome, SourceAnalysis } from './scan-service.ts';
import { scanSource, type SourceScanDeps, type SourceScanOptions } from './scan-source.ts';
import type { CorpusService } from '../corpus/corpus-service.ts';
import { compareInProcess, type CompareSimilarity } from '../corpus/similarity-pool.ts';
import type { AuditLayout } from '../interface/schemas/audit-layout.ts';
import type { CompilePool } from '../compile/compile-pool.ts';
import type { TokenPowersOfContract } from '../analysis/token-powers.ts';
import { createSolanaScanner, type EmbeddedSolana } from '../solana/create-solana-scanner.ts';

export interface ScanDependencyOptions {
  readonly config: Config;
  readonly store: Store;
  /** JSON-RPC URL of the devnet (`…/rpc` of the API process) when it runs. */
  readonly localRpcUrl: () => string | undefined;
  /** Headers the readers send to the devnet's /rpc (the service's own pass). */
  readonly localRpcHeaders?: Readonly<Record<string, string>>;
  /** The embedded devnet of this process: its verified sources, and its provider for simulations. */
  readonly devnet?: { readonly verifiedSources: VerifiedSourceProvider; readonly provider: Eip1193Provider } | undefined;
  /** The reference corpus and signature database (similarity, bytecode, signatures). */
  readonly corpus?: CorpusService | undefined;
  /** The embedded Solana network: the accounts it holds are read from it (network SOL). */
  readonly solana?: EmbeddedSolana | undefined;
  /** Where similarity is computed (the server's worker pool); in process by default. */
  readonly compareSimilarity?: CompareSimilarity | undefined;
}

/** The spec's similarity object of a source map against the corpus. */
export function similarityOf(corpus: CorpusService, compare: CompareSimilarity = compareInProcess) {
  return async (sources: Readonly<Record<string, string>>): Promise<AuditLayout['similarity']> => {
    const { ranks, contracts } = await compare(await corpus.index(), { ...sources });
    return { ranks, contracts };
  };
}

/** Ownable's standard entry points that hand ownership over (or give it up): not levers on holders. */
const OWNERSHIP_HANDOVER = /\.(transferOwnership|renounceOwnership|acceptOwnership)$/;

/** The analysis engine over a verified source map, as the scan reports it. */
export function analyzeVerifiedSources(resolveImport: (path: string) => string | undefined) {
  return (sources: Readonly<Record<string, string>>): SourceAnalysis & Pick<AnalysisResult, 'contracts' | 'diagnostics'> => {
    const result = analyzeSources(sources, { resolveImport });
    const findings: ScanFinding[] = result.findings.map((f) => ({ ...f, origin: 'source' as const }));
    // Every privileged entry point but the standard hand-over of ownership is a lever its holder keeps.
    const privileged = new Set(
      result.ownership
        .flatMap((o) => o.privilegedFunctions.map((f) => `${o.contract}.${f.name}`))
        .filter((n) => !OWNERSHIP_HANDOVER.test(n)),
    );
    return {
      smartAudit: result.smartAudit,
      findings,
      privilegedFunctions: privileged.size,
      contracts: result.contracts.filter((c) => !c.library),
      diagnostics: result.diagnostics,
    };
  };
}

/** Where a source scan's simulation compiles and reads the token's powers (the server's worker pools). */
export interface SourceSimulationWorkers {
  readonly compile?: CompilePool['compile'];
  readonly tokenPowers?: (
    sources: Readonly<Record<string, string>>,
    contract: string,
    job?: { client?: string; signal?: AbortSignal },
  ) => Promise<TokenPowersOfContract | undefined>;
  /** Compile outputs kept across processes when compiling in this process (without `compile`). */
  readonly compileCacheDir?: string;
  /** Signs and keeps a receipt of each simulated verdict (issue 33); absent: none is made. */
  readonly receipts?: ReceiptIssuer;
}

/**
 * Scans of source code: analysis, and a simulation of the compiled token on a fresh chain.
 * Without `workers`, solc and the powers' analysis run in this process (scripts, tests).
 */
export function sourceScanner(
  analyze: SourceScanDeps['analyze'],
  similarity?: SourceScanDeps['similarity'],
  workers: SourceSimulationWorkers = {},
) {
  const deps: SourceScanDeps = {
    analyze,
    ...(similarity ? { similarity } : {}),
    async simulateSource(sources, signal, job = {}) {
      const { simulateSource } = await import('../simulate/simulate-source.ts');
      const { simulationMeta } = await import('../simulate/simulation-meta.ts');
      const client = job.client !== undefined ? { client: job.client } : {};
      const result = await simulateSource(sources, {
        timeoutMs: 20_000,
        signal,
        ...(workers.compileCacheDir ? { compileCacheDir: workers.compileCacheDir } : {}),
        ...(workers.compile ? { compile: (s, o) => workers.compile!(s, { ...o, ...client }) } : {}),
        ...(workers.tokenPowers ? { tokenPowers: (s, c) => workers.tokenPowers!(s, c, { ...client, signal }) } : {}),
      });
      const receipt = workers.receipts
        ? await workers.receipts.issue({ result, network: LOCAL_NETWORK.symbol, chainId: 31337, token: result.token, sources })
        : undefined;
      return {
        taxes: result.taxes,
        reason: result.reason,
        compiler: result.compiler,
        meta: { ...simulationMeta(result), ...(receipt ? { receipt } : {}) },
      };
    },
  };
  return (sources: Readonly<Record<string, string>>, options?: SourceScanOptions) => scanSource(deps, sources, options);
}

/**
 * Loads the simulation's modules now, before the server listens: imported by the first
 * source scan instead, they held the event loop for 150-500 ms (the module graph through
 * tsx, and EDR's native binding, whose libc check calls the synchronous
 * `process.report.getReport()`).
 */
export async function preloadSourceSimulation(): Promise<void> {
  await Promise.all([import('../simulate/simulate-source.ts'), import('../simulate/simulation-meta.ts')]);
}

export function scanDependencies(
  options: ScanDependencyOptions,
): Omit<ScanServiceDeps, 'freshnessMs' | 'analyze'> & { analyze: ReturnType<typeof analyzeVerifiedSources>; receipts: ReceiptIssuer } {
  const { config, store } = options;
  // Issue 33: receipts signed with the instance's key, sealed like the code hosts' tokens.
  const receipts = createReceiptIssuer({
    db: store.db,
    secretBox: secretBoxFromEnv(config.env.SECRET_KEY, config.dataDir),
    // The public URL verifiers fetch the keys from: BASE_URL, else this process's own listener (known once it listens).
    issuer: () => config.baseUrl ?? options.localRpcUrl()?.replace(/\/rpc$/, '') ?? `http://localhost:${config.port}`,
  });
  const clients = new Map<string, ChainClient>();
  const sourcify = createSourcifySourceProvider();
  const explorer = createExplorerSourceProvider({ env: config.env });
  return {
    receipts,
    store,
    findAudit: createAuditLookup(store),
    labels: createLabelLookup(store),
    enrichment: enrichmentFromConfig(config, store.db),
    chainClient(network) {
      const rpcUrl = network === LOCAL_NETWORK.symbol ? options.localRpcUrl() : undefined;
      const key = `${network}|${rpcUrl ?? ''}`;
      let client = clients.get(key);
      if (!client) {
        client = createChainClient(network, {
          env: config.env,
          ...(rpcUrl ? { rpcUrl, ...(options.localRpcHeaders ? { headers: options.localRpcHeaders } : {}) } : {}),
        });
        clients.set(key, client);
      }
      return client;
    },
    sourceProviders(network) {
      if (network === LOCAL_NETWORK.symbol) return options.devnet ? [options.devnet.verifiedSources] : [];
      return [sourcify, explorer];
    },
    explorer: (network) => (network === LOCAL_NETWORK.symbol ? undefined : explorer),
    analyze: analyzeVerifiedSources(createNodeModulesResolver()),
    solana: createSolanaScanner({ env: config.env, embedded: options.solana }),
    ...(options.corpus ? corpusDependencies(options.corpus, options.compareSimilarity) : {}),
    async simulate({ network, address, client }) {
      const { simulateToken } = await import('../simulate/simulate-token.ts');
      // The devnet runs in this process: simulate under a snapshot of it. Elsewhere fork the node.
      const rpc = network === LOCAL_NETWORK.symbol && options.devnet ? { provider: options.devnet.provider } : { url: client.rpcUrl };
      // The signature database names the selector table beyond the well-known signatures (issue 27).
      const signatures = options.corpus?.signatures;
      const result = await simulateToken({
        network,
        token: address,
        rpc,
        cacheDir: join(config.dataDir, 'fork-cache'),
        ...(signatures ? { selectorNames: (selectors: readonly string[]) => signatures.resolveSelectors(selectors) } : {}),
      });
      const { simulationMeta } = await import('../simulate/simulation-meta.ts');
      // The exploration of the selector table (issue 27): its effects are findings of their own.
      const { exploration, ...meta } = simulationMeta(result);
      const chainId = networkBySymbol(network)?.chainId;
      const receipt = await receipts.issue({ result, network, chainId: chainId ?? 0, token: address });
      const { explorationFindings } = await import('../simulate/exploration-findings.ts');
      const findings = result.exploration ? explorationFindings(result.exploration, {}) : [];
      return {
        ...(findings.length > 0 ? { findings } : {}),
        taxes: result.taxes,
        evidence: [
          { reason: result.reason, mode: result.mode, pool: result.pool, steps: result.evidence, confirmations: result.confirmations },
        ],
        meta: {
          ...meta,
          receipt,
          stages: [...meta.stages],
          ownerActions: [...meta.ownerActions],
          // A plain copy: the outcome's meta type holds mutable arrays.
          ...(exploration
            ? { exploration: JSON.parse(JSON.stringify(exploration)) as NonNullable<NonNullable<SimulationOutcome['meta']>['exploration']> }
            : {}),
        },
      };
    },
  };
}

function corpusDependencies(
  corpus: CorpusService,
  compare?: CompareSimilarity,
): Pick<ScanServiceDeps, 'similarity' | 'bytecode' | 'recordVerifiedSource'> {
  return {
    similarity: similarityOf(corpus, compare),
    async bytecode(code) {
      const { scanBytecode } = await import('../signatures/scan-bytecode.ts');
      // The database is complete (seeds and corpus declarations) once the index is built.
      await corpus.index().catch(() => undefined);
      const scan = await scanBytecode(corpus.signatures, code);
      return { findings: scan.findings.map((f) => ({ ...f, origin: 'bytecode' as const })) };
    },
    // Every verified source scanned adds its declarations to Signaturescan.
    recordVerifiedSource: async (network, address, sources) => void (await corpus.signatures.addVerifiedSource(network, address, sources)),
  };
}

/** The verified source of an address from the providers of its network, or null. */
export function verifiedSourceLookup(deps: Pick<ScanServiceDeps, 'sourceProviders'>) {
  return async (network: string, address: string): Promise<Readonly<Record<string, string>> | null> => {
    for (const provider of deps.sourceProviders(network)) {
      const source = await provider.getSource(network, address).catch(() => null);
      if (source && Object.keys(source.sources).length > 0) return source.sources;
    }
    return null;
  };
}
