/**
 * The scan service: address in, the spec's scan result out. Serves a stored snapshot
 * while it is fresh; otherwise gathers the sources (chain readers first, then analysis,
 * similarity, bytecode and simulation concurrently, each with its own time limit),
 * scores, stores the snapshot and answers. One scan per (network, address) runs at a
 * time however many requests ask for it.
 */
import type { Hex } from 'viem';
import type { Store } from '../store/open-store.ts';
import type { AuditLookup } from '../audits/audit-repository.ts';
import type { ChainClient } from '../chain/create-chain-client.ts';
import type { VerifiedSource, VerifiedSourceProvider } from '../chain/verified-source.ts';
import type { CreationLookup } from '../chain/get-contract-creation.ts';
import { readContractContext, type ContractContext } from '../chain/read-contract-context.ts';
import type { AuditLayout, ScanMeta, ScanResult, SmartAudit, DataSourceReport, Taxes } from '../interface/schemas/audit-layout.ts';
import { networkBySymbol } from '../chain/networks.ts';
import { chainDetails } from '../chain/chain-details.ts';
import type { LabelLookup } from '../labels/label-repository.ts';
import { labelAddressDetails } from '../labels/label-address-details.ts';
import { buildAuditLayout, emptyAuditLayout, EMPTY_SMART_AUDIT, withPercentiles } from './build-audit-layout.ts';
import { smartAuditFromBytecode, unknownSmartAuditKeys, type CodeCoverage } from './smart-audit-coverage.ts';
import { scoreScan, type ScoringFinding, type ScoringInput } from './scoring/score-scan.ts';
import { loadHistories, loadSnapshot, saveSnapshot, snapshotTimes } from './snapshot-repository.ts';
import { createLivePercentiles, populationKey } from './live-percentiles.ts';
import { readPowerHolder, type PowerHolder } from './power-holder.ts';
import { MONEY_POWER_DETECTORS, type MoneyPower } from './scoring/score-scan.ts';
import { runDataSource, skippedDataSource, unavailableDataSource, withDiagnostics, type AnalysisDiagnostic } from './run-data-source.ts';
import { ChainUnavailableError, NotATokenError } from './scan-errors.ts';
import type { JobRunner, ScanJob } from './jobs/job-runner.ts';
import { createInProcessRunner } from './jobs/in-process-runner.ts';
import type { SolanaScanner } from '../solana/solana-scan.ts';
import { createPriceHistory } from '../market/price-history.ts';
import { runMarketSource } from '../market/market-source.ts';
import type { EnrichmentService, ScanEnrichment } from '../enrichment/enrichment-service.ts';
import { addressScanVerdict } from './verdict/scan-verdict.ts';

/** A finding as the scan reports it in `meta.findings` (from source, bytecode or simulation). */
export interface ScanFinding extends ScoringFinding {
  readonly origin: 'source' | 'bytecode' | 'simulation';
  readonly [key: string]: unknown;
}

export interface SourceAnalysis {
  readonly smartAudit: SmartAudit;
  readonly findings: readonly ScanFinding[];
  /** Privileged entry points other than the hand-over of ownership (docs/scoring.md). */
  readonly privilegedFunctions?: number;
  /** What kept the analysis from being complete; reported as `partial` in `meta.sources.analysis`. */
  readonly diagnostics?: readonly AnalysisDiagnostic[];
}

export interface SimulationOutcome {
  readonly taxes: Taxes;
  readonly evidence: readonly unknown[];
  /** `meta.simulation`: scope, stages, owner actions. */
  readonly meta?: ScanMeta['simulation'];
  readonly findings?: readonly ScanFinding[];
}

export interface ScanServiceDeps {
  readonly store: Store;
  readonly findAudit: AuditLookup;
  readonly chainClient: (network: string) => ChainClient;
  readonly sourceProviders: (network: string) => readonly VerifiedSourceProvider[];
  readonly explorer?: (network: string) => CreationLookup | undefined;
  /** The analysis engine over verified sources (in a worker pool in the server; aborting the signal ends the job). */
  readonly analyze?: (sources: Readonly<Record<string, string>>, job?: AnalysisJob) => SourceAnalysis | Promise<SourceAnalysis>;
  readonly similarity?: (sources: Readonly<Record<string, string>>) => Promise<AuditLayout['similarity']>;
  /** What an unverified contract can do, from its bytecode. */
  readonly bytecode?: (code: Hex, network: string) => Promise<{ findings: readonly ScanFinding[] }>;
  /** Called with each verified source a scan read (feeds the signature database). */
  readonly recordVerifiedSource?: (network: string, address: string, sources: Readonly<Record<string, string>>) => Promise<void>;
  readonly simulate?: (input: { network: string; address: string; client: ChainClient; signal: AbortSignal }) => Promise<SimulationOutcome>;
  /** Reads Solana tokens (network SOL); without it a Solana scan says tokenProgram is not read. */
  readonly solana?: SolanaScanner;
  /** How long a snapshot is served before a request rescans (ms). */
  readonly freshnessMs: number;
  readonly timeouts?: Partial<Record<'chain' | 'analysis' | 'similarity' | 'bytecode' | 'simulation' | 'holders' | 'market', number>>;
  readonly now?: () => Date;
  /** How long the population the percentiles are computed over is used before it is read again (ms; default 60 s). */
  readonly percentileRefreshMs?: number;
  /** Issue 17: the address labels that name top holders in addressDetails. */
  readonly labels?: LabelLookup;
  /** Issue 19: project links, socials, domain and repository facts within a budget; without it those sources are `unavailable`. */
  readonly enrichment?: EnrichmentService;
}

/** Who a job runs for (bounds a client's queued jobs) and its cancellation. */
export interface AnalysisJob {
  readonly signal?: AbortSignal;
  readonly client?: string;
}

export interface ScanRequest {
  readonly network: string;
  readonly address: string;
  /** Rescan even if a fresh snapshot exists. */
  readonly force?: boolean;
}

export interface ScanService {
  /** A fresh snapshot, or a scan through the job runner (joined if one is running). */
  scan(request: ScanRequest): Promise<ScanResult>;
  /** Runs a scan now, in this process: the job handler of the runners. */
  execute(request: ScanRequest, signal?: AbortSignal): Promise<ScanResult>;
  close(): Promise<void>;
  /**
   * The fresh stored snapshot as the JSON text of a cached answer, or undefined. The
   * text is kept in memory per snapshot, so a repeat request costs one indexed read.
   */
  cachedJson(request: ScanRequest): Promise<string | undefined>;
  /** The stored snapshot, fresh or not, without scanning. */
  stored(network: string, address: string): Promise<ScanResult | undefined>;
}

const DEFAULT_TIMEOUTS = {
  chain: 30_000,
  analysis: 15_000,
  similarity: 5_000,
  bytecode: 5_000,
  simulation: 20_000,
  holders: 5_000,
  market: 5_000,
};

/** The key a scan is stored and deduplicated under. */
export function scanKey(network: string, address: string): { network: string; address: string } {
  // EVM addresses ignore case; Solana's base58 does not.
  return { network, address: networkBySymbol(network)?.family === 'solana' ? address : address.toLowerCase() };
}

function flattenSources(source: VerifiedSource | null): Record<string, string> | null {
  return source && Object.keys(source.sources).length > 0 ? { ...source.sources } : null;
}

/** Builds the runner that executes scans (in process by default, BullMQ with Redis). */
export type RunnerFactory = (execute: (job: ScanJob, signal: AbortSignal) => Promise<ScanResult>) => JobRunner<ScanResult>;

export function createScanService(deps: ScanServiceDeps, makeRunner?: RunnerFactory): ScanService {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  // Snapshot times without the body: for freshness checks and the first-seen time.
  const timesOf = snapshotTimes(deps.store);
  const now = deps.now ?? (() => new Date());

  const isFresh = (updatedAt: string) => now().getTime() - Date.parse(updatedAt) <= deps.freshnessMs;
  const live = createLivePercentiles({ store: deps.store, refreshMs: deps.percentileRefreshMs ?? 60_000, now });

  /** The stored result when it is fresh, its percentiles computed now; a stale snapshot's body is never read. */
  async function fresh(network: string, address: string): Promise<ScanResult | undefined> {
    const times = await timesOf(network, address);
    if (!times || !isFresh(times.updatedAt)) return undefined;
    const snapshot = await loadSnapshot<ScanResult>(deps.store.db, network, address);
    if (!snapshot) return undefined;
    const ranks = await live.of(populationKey(network, address), snapshot.scores);
    return {
      ...snapshot.result,
      auditLayout: withPercentiles(snapshot.result.auditLayout, ranks.percentiles),
      meta: { ...snapshot.result.meta, cached: true, percentilesAt: ranks.at },
    };
  }

  async function run(network: string, address: string): Promise<ScanResult> {
    const started = performance.now();
    const at = now().toISOString();
    const sources: Record<string, DataSourceReport> = {};
    if (networkBySymbol(network)?.family === 'solana')
      return deps.solana ? runSolana(deps.solana, network, address, at, started) : solanaResult(network, address, at, sources, started);

    const client = deps.chainClient(network);
    const chainRun = await runDataSource(
      ['contract', 'pools', 'topHolders', 'lockers', 'tokenCreation', 'price', 'marketcap'],
      timeouts.chain,
      () =>
        readContractContext(client, {
          address,
          network,
          sourceProviders: deps.sourceProviders(network),
          ...(deps.explorer?.(network) ? { explorer: deps.explorer(network)! } : {}),
          topHolders: 10,
        }),
    );
    const chain = chainRun.value;
    if (!chain) throw new ChainUnavailableError(`the ${network} node could not be read: ${chainRun.report.reason ?? 'no answer'}`);
    if (chain.kind === 'no-code' || !chain.token?.isErc20) throw new NotATokenError(chain.contract.error || 'not a token');
    sources.chain = {
      ...chainRun.report,
      ...(Object.keys(chain.errors).length > 0
        ? {
            reason: `partial: ${Object.entries(chain.errors)
              .map(([k, v]) => `${k}: ${v}`)
              .join('; ')}`,
          }
        : {}),
    };

    const files = flattenSources(chain.sources.implementation) ?? flattenSources(chain.sources.contract);
    if (files && deps.recordVerifiedSource) {
      // Bookkeeping for Signaturescan: never holds up or fails the scan.
      deps.recordVerifiedSource(network, chain.address, files).catch(() => {});
    }
    // Issue 19: volume and price change from the chain (and our price history), alongside the sources below.
    const marketRun = runMarketSource(client, chain, network, createPriceHistory(deps.store.db), timeouts.market);
    const [analysis, similarity, bytecode, simulation, audit, contracts, holder, enriched] = await Promise.all([
      files && deps.analyze
        ? runDataSource(['smartAudit'], timeouts.analysis, (signal) => deps.analyze!(files, { signal }))
        : skippedDataSource<SourceAnalysis>(files ? 'no analysis engine configured' : 'no verified source'),
      files && deps.similarity
        ? runDataSource(['similarity'], timeouts.similarity, () => deps.similarity!(files))
        : skippedDataSource<AuditLayout['similarity']>(files ? 'no similarity index' : 'no verified source'),
      !files && chain.code && deps.bytecode
        ? runDataSource(['smartAudit'], timeouts.bytecode, () => deps.bytecode!(chain.code!, network))
        : skippedDataSource<{ findings: readonly ScanFinding[] }>(files ? 'verified source analysed instead' : 'no bytecode analyser'),
      deps.simulate
        ? runDataSource(['taxes'], timeouts.simulation, (signal) => deps.simulate!({ network, address: chain.address, client, signal }))
        : skippedDataSource<SimulationOutcome>('no simulator configured'),
      runDataSource(['auditSlug'], 2_000, () => deps.findAudit({ network, address })),
      runDataSource(['addressDetails'], timeouts.holders, () => contractAddresses(client, chain)),
      runDataSource(['powers'], timeouts.holders, () => readPowerHolder(client, chain.owner)),
      enrich(network, address),
    ]);
    sources.analysis = withDiagnostics(analysis.report, analysis.value?.diagnostics);
    sources.similarity = similarity.report;
    sources.bytecode = bytecode.report;
    sources.simulation = simulation.report;
    sources.auditRegistry = audit.report;
    sources.addressDetails = contracts.report;
    sources.powerHolder = holder.report;
    const powerHolder: PowerHolder = holder.value ?? {
      kind: 'unknown',
      reason: `the owner account could not be read: ${holder.report.reason ?? holder.report.status}`,
    };
    Object.assign(sources, unconfiguredSources(enriched?.sources));
    const market = await marketRun;
    sources.marketHistory = market.report;

    const findings: ScanFinding[] = [
      ...(analysis.value?.findings ?? []),
      ...(bytecode.value?.findings ?? []),
      ...(simulation.value?.findings ?? []),
    ];
    const codeAnalysed = analysis.value !== null || bytecode.value !== null;
    // Unverified code: the capabilities its bytecode reveals fill the keys they match.
    const smartAudit = analysis.value?.smartAudit ?? (bytecode.value ? smartAuditFromBytecode(bytecode.value.findings) : null);
    const coverage: CodeCoverage = analysis.value ? 'source' : bytecode.value ? 'bytecode' : 'none';
    const unknown = unknownSmartAuditKeys(
      coverage,
      smartAudit ?? EMPTY_SMART_AUDIT,
      (files ? analysis.report.reason : bytecode.report.reason) ?? 'no analysis ran',
    );
    const scoring = scoreScan({
      ...scoringInput(
        chain,
        codeAnalysed ? findings : null,
        simulation.value?.taxes ?? null,
        audit.value !== undefined && audit.value !== null,
      ),
      powerHolder,
      privilegedFunctions: analysis.value?.privilegedFunctions ?? null,
      trading: market.value && {
        volumeUsd: market.value.tradingVolume,
        change30Percent: market.value.changes.days30.then ? market.value.changes.days30.percent : null,
      },
      ...enriched?.scoring,
    });
    const { network: keyNetwork, address: keyAddress } = scanKey(network, address);
    const [ranks, histories, previous] = await Promise.all([
      live.of(populationKey(keyNetwork, keyAddress), scoring.scores),
      loadHistories(deps.store.db, keyNetwork, keyAddress),
      timesOf(keyNetwork, keyAddress),
    ]);
    const explorer = networkExplorer(network);
    const layout = buildAuditLayout({
      network,
      address: chain.address,
      now: at,
      firstSeenAt: previous?.createdAt ?? '',
      chain,
      contractAddresses: contracts.value ?? new Set(),
      smartAudit,
      similarity: similarity.value,
      taxes: simulation.value?.taxes ?? null,
      audit: audit.value ?? undefined,
      scores: scoring.scores,
      raw: scoring.raw,
      rank: scoring.rank,
      percentiles: ranks.percentiles,
      histories,
      explorerUrl: (a) => (explorer ? `${explorer}/address/${a}` : ''),
      market: market.value,
      enrichment: enriched?.fields,
    });
    // Issue 17: labelled holders (exchanges, sanctioned…) named; a failing lookup leaves the labels as they were.
    if (deps.labels) await labelAddressDetails(layout.addressDetails, network, deps.labels).catch(() => 0);
    const powers = powersHeld(findings, simulation.value?.taxes ?? null, powerHolder);
    const meta: ScanMeta = {
      cached: false,
      snapshotAt: at,
      durationMs: Math.round(performance.now() - started),
      sources,
      findings,
      scoreFactors: scoring.factors,
      ...(simulation.value?.meta ? { simulation: simulation.value.meta } : {}),
      powers,
      verdict: addressScanVerdict({
        taxes: simulation.value?.taxes ?? null,
        simulation: simulation.value?.meta,
        simulationReport: sources.simulation,
        findings: codeAnalysed ? findings : null,
        analysisReport: sources.analysis,
        unverified: chain.contract.unverified,
        smartAudit,
        powers,
      }),
      percentilesAt: ranks.at,
      unknown,
    };
    const result: ScanResult = { auditLayout: layout, auditResource: null, meta };
    await saveSnapshot(deps.store.db, {
      network: keyNetwork,
      address: keyAddress,
      result,
      scores: scoring.scores,
      topHolders: chain.holders?.total ?? null,
      createdAt: layout.createdAt,
      now: at,
      slowPollUpdatedAt: layout.slowPollUpdatedAt,
    });
    live.update(populationKey(keyNetwork, keyAddress), scoring.scores);
    return result;
  }

  /** Issue 19's enrichment; a failure of the store behind it is reported, never fails the scan. */
  async function enrich(
    network: string,
    address: string,
  ): Promise<(Partial<ScanEnrichment> & Pick<ScanEnrichment, 'sources'>) | undefined> {
    if (!deps.enrichment) return undefined;
    const key = scanKey(network, address);
    const started = performance.now();
    try {
      return await deps.enrichment.forScan(key.network, key.address);
    } catch (error) {
      const reason = `the enrichment could not be read or stored: ${error instanceof Error ? error.message : String(error)}`;
      const report: DataSourceReport = { status: 'failed', reason, durationMs: Math.round(performance.now() - started), fields: [] };
      return { sources: { enrichment: report } };
    }
  }

  async function runSolana(scanner: SolanaScanner, network: string, address: string, at: string, started: number): Promise<ScanResult> {
    const key = scanKey(network, address);
    const [previous, histories] = await Promise.all([
      timesOf(key.network, key.address),
      loadHistories(deps.store.db, key.network, key.address),
    ]);
    // Loaded on the first Solana scan: the Solana clients are large.
    const { scanSolanaToken } = await import('../solana/solana-scan.ts');
    const outcome = await scanSolanaToken(scanner, {
      network,
      address,
      now: at,
      firstSeenAt: previous?.createdAt ?? '',
      histories,
      percentiles: async (scores) => (await live.of(populationKey(key.network, key.address), scores)).percentiles,
      started,
    });
    // Issue 19: a Solana token's project facts too (read after the token is known to exist;
    // the Solana scores do not read them yet).
    const enriched = outcome.store ? await enrich(network, address) : undefined;
    Object.assign(outcome.result.meta.sources, unconfiguredSources(enriched?.sources));
    const layout = outcome.result.auditLayout;
    if (enriched?.fields)
      Object.assign(layout, enriched.fields, { slowPollUpdatedAt: enriched.fields.slowPollUpdatedAt || layout.updatedAt });
    if (outcome.store) {
      await saveSnapshot(deps.store.db, {
        ...key,
        result: outcome.result,
        scores: outcome.scores,
        topHolders: outcome.topHolders,
        createdAt: outcome.result.auditLayout.createdAt,
        now: at,
        slowPollUpdatedAt: layout.slowPollUpdatedAt,
      });
      live.update(populationKey(key.network, key.address), outcome.scores);
    }
    return outcome.result;
  }

  const execute = (request: ScanRequest) => run(request.network, request.address);
  const serialized = new Map<string, { updatedAt: string; percentilesAt: string; json: string }>();
  const runner = (makeRunner ?? ((handler) => createInProcessRunner(handler, { concurrency: 2 })))((job) => execute(job));
  return {
    execute,
    async scan(request) {
      const { network, address } = scanKey(request.network, request.address);
      if (!request.force) {
        const cached = await fresh(network, address);
        if (cached) return cached;
      }
      return runner.run({ network: request.network, address: request.address, ...(request.force ? { force: true } : {}) });
    },
    close: () => runner.close(),
    async cachedJson(request) {
      if (request.force) return undefined;
      const { network, address } = scanKey(request.network, request.address);
      const updatedAt = (await timesOf(network, address))?.updatedAt;
      if (!updatedAt || !isFresh(updatedAt)) return undefined;
      const key = `${network}:${address}`;
      const hit = serialized.get(key);
      // The text is reused while neither the snapshot nor the population changed.
      if (hit?.updatedAt === updatedAt && hit.percentilesAt === (await live.stamp())) return hit.json;
      const result = await fresh(network, address);
      if (!result) return undefined;
      const json = JSON.stringify(result);
      // A small bound: the text of a scan is ~10-50 KB.
      if (serialized.size >= 500) serialized.delete(serialized.keys().next().value!);
      serialized.set(key, { updatedAt, percentilesAt: result.meta.percentilesAt ?? '', json });
      return json;
    },
    async stored(network, address) {
      const key = scanKey(network, address);
      return (await loadSnapshot<ScanResult>(deps.store.db, key.network, key.address))?.result;
    },
  };
}

/** Each power found that lets an account take holders' money, with its detectors and holder (`meta.powers`). */
function powersHeld(findings: readonly ScoringFinding[], taxes: Taxes | null, holder: PowerHolder): NonNullable<ScanMeta['powers']> {
  const byPower = new Map<MoneyPower, Set<string>>();
  // A sell that failed in the simulation is a sell block proven, whatever the code analysis found.
  if (taxes?.error === 'SELL_FAILED') byPower.set('sell-block', new Set(['simulation:SELL_FAILED']));
  for (const finding of findings) {
    const power = MONEY_POWER_DETECTORS[finding.detector];
    if (power) byPower.set(power, (byPower.get(power) ?? new Set()).add(finding.detector));
  }
  return [...byPower].map(([power, detectors]) => ({ power, detectors: [...detectors], holder: { ...holder } }));
}

/**
 * Sources this build has no provider for: their fields keep their empty values. With the
 * enrichment (issue 19), its own reports replace socials, aggregators, domain and repository.
 */
function unconfiguredSources(enrichment?: Record<string, DataSourceReport>): Record<string, DataSourceReport> {
  const unconfigured: Record<string, DataSourceReport> = {
    socials: unavailableDataSource(
      [
        'twitter',
        'telegram',
        'discord',
        'reddit',
        'facebook',
        'socialCounters',
        'twitterFollowers',
        'telegramMembers',
        'discordMembers',
        'redditMembers',
        'facebookLikes',
      ],
      'no social-network provider is configured',
    ),
    aggregators: unavailableDataSource(
      ['aggregatorA', 'aggregatorB', 'logo', 'description', 'website'],
      'no market-data provider is configured',
    ),
    domain: unavailableDataSource(['domainInfo'], 'no project website is known'),
    repository: unavailableDataSource(['githubRepositoryStats'], 'no project repository is known'),
    // EVM scans replace this with the market source's own report (src/market/market-source.ts).
    marketHistory: unavailableDataSource(
      ['tradingVolume', 'price30', 'price60'],
      'trading volume and price history are read from EVM pools only',
    ),
  };
  if (!enrichment) return unconfigured;
  const { socials: _socials, aggregators: _aggregators, domain: _domain, repository: _repository, ...rest } = unconfigured;
  return { ...enrichment, ...rest };
}

/** The network's block explorer home page, without a trailing slash; undefined when it has none (LOCAL). */
function networkExplorer(network: string): string | undefined {
  return chainDetails(network)?.explorer.url?.replace(/\/$/, '') ?? undefined;
}

async function contractAddresses(client: ChainClient, chain: ContractContext): Promise<Set<string>> {
  const candidates = [...new Set((chain.holders?.top ?? []).map((h) => h.address))];
  const codes = await Promise.all(candidates.map((address) => client.public.getCode({ address })));
  return new Set(candidates.filter((_, i) => codes[i] !== undefined && codes[i] !== '0x').map((a) => a.toLowerCase()));
}

function scoringInput(
  chain: ContractContext,
  findings: readonly ScoringFinding[] | null,
  taxes: Taxes | null,
  audited: boolean,
): ScoringInput {
  const supply = chain.contract.totalSupply;
  const excluded = new Set([
    ...(chain.pools?.pairs ?? []).map((p) => p.address.toLowerCase()),
    ...(chain.lockers ?? []).map((l) => l.address.toLowerCase()),
  ]);
  const decimals = chain.contract.decimals;
  const shares =
    chain.holders && supply > 0
      ? chain.holders.top
          .filter((h) => !excluded.has(h.address.toLowerCase()) && !/^0x0{40}$|^0x0{36}dead$/i.test(h.address))
          .map((h) => Number(h.balance) / 10 ** decimals / supply)
      : null;
  const deepest = [...(chain.pools?.pairs ?? [])].sort((a, b) => b.worth - a.worth)[0];
  const lpLocks = (chain.lockers ?? []).filter(
    (l) => l.type !== 'token' && deepest && l.token.toLowerCase() === deepest.address.toLowerCase(),
  );
  const liquidityUsd = chain.pools ? chain.pools.pairs.reduce((sum, p) => sum + p.worth, 0) : null;
  const price = chain.pools?.priceUsd ?? null;
  return {
    findings,
    unverified: chain.contract.unverified,
    proxy: chain.contract.proxy,
    renounced: chain.owner ? chain.contract.renounced : null,
    taxes,
    topHolderShares: shares,
    holderCount: chain.holders?.total ?? null,
    liquidityUsd,
    lockedLiquidityShare: lockedShare(chain, deepest, lpLocks),
    marketcapUsd: price === null ? null : price * Math.max(0, supply - chain.contract.deadAmount),
    socials: null,
    ageDays: chain.creation ? Math.max(0, (Date.now() / 1000 - chain.creation.timestamp) / 86_400) : null,
    audited,
    hasWebsite: false,
  };
}

/**
 * Share of the deepest pool's LP tokens held by lockers. Unknown (null) when the lock
 * reader did not answer or there is no pool. The LP supply of a V2 pair is estimated as
 * sqrt(reserve0 × reserve1), what Uniswap V2 mints for the first liquidity (fees make
 * the real supply slightly smaller, so the share errs low, never high).
 */
function lockedShare(
  chain: ContractContext,
  deepest: { reserve0: number; reserve1: number } | undefined,
  locks: readonly { currentAmountLocked: number }[],
): number | null {
  if (chain.lockers === null || !deepest) return null;
  const lpSupply = Math.sqrt(deepest.reserve0 * deepest.reserve1);
  if (locks.length === 0 || lpSupply <= 0) return 0;
  return Math.min(1, locks.reduce((sum, l) => sum + l.currentAmountLocked, 0) / lpSupply);
}

function solanaResult(
  network: string,
  address: string,
  at: string,
  sources: Record<string, DataSourceReport>,
  started: number,
): ScanResult {
  sources.solana = unavailableDataSource(
    ['contract', 'tokenProgram', 'smartAudit', 'taxes', 'pools', 'topHolders'],
    'Solana token programs are not read yet: tokenProgram is null',
  );
  Object.assign(sources, unconfiguredSources());
  const layout = emptyAuditLayout(network, address, at);
  return {
    auditLayout: layout,
    auditResource: null,
    meta: {
      cached: false,
      snapshotAt: at,
      durationMs: Math.round(performance.now() - started),
      sources,
      findings: [],
      scoreFactors: [],
      unknown: unknownSmartAuditKeys('none', layout.smartAudit, 'Solana token programs are not read yet'),
    },
  };
}
