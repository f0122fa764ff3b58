/**
 * A scan of a Solana token (network SOL): reads the mint, its metadata and holders
 * within a time cap, derives the finding codes, scores them, and fills the auditLayout
 * fields that apply to a Solana token. What does not apply (taxes, smartAudit, pools…)
 * keeps its documented empty value and `meta.sources` says why. An address that is not
 * a readable mint, or a node that fails, gives `tokenProgram.error` (never a 500).
 */
import type { AuditLayout, ScanMeta, ScanResult, ScoreName, DataSourceReport } from '../interface/schemas/audit-layout.ts';
import { buildAuditLayout, type HistoryPoint } from '../scan/build-audit-layout.ts';
import { runDataSource, unavailableDataSource } from '../scan/run-data-source.ts';
import { scoreScan, type ScoringInput } from '../scan/scoring/score-scan.ts';
import { FINDING_RULES, findingCodes, type FindingCode } from './finding-codes.ts';
import type { SolanaMintFacts } from './mint-facts.ts';
import { SolanaReadError, type SolanaTokenRead } from './read-solana-token.ts';
import { INCINERATOR } from './solana-programs.ts';
import { buildTokenProgram, tokenProgramError, wholeTokens } from './token-program.ts';
import { solanaVerdict } from '../scan/verdict/solana-verdict.ts';

export interface SolanaScanner {
  /** Reads a mint; throws SolanaReadError. Must stop when `signal` aborts. */
  read(address: string, signal: AbortSignal): Promise<SolanaTokenRead>;
  /** The time cap of a whole read (ms). */
  readonly timeoutMs: number;
}

export interface SolanaScanContext {
  readonly network: string;
  readonly address: string;
  readonly now: string;
  readonly firstSeenAt: string;
  readonly histories: Readonly<Record<ScoreName | 'topHolders', readonly HistoryPoint[]>>;
  readonly percentiles: (scores: Record<ScoreName, number | null>) => Promise<Record<ScoreName, number>>;
  readonly started: number;
}

export interface SolanaScanOutcome {
  readonly result: ScanResult;
  /** Store a snapshot only of a mint that was read (errors are retried on the next request). */
  readonly store: boolean;
  readonly scores: Record<ScoreName, number | null>;
  readonly topHolders: number | null;
}

const LAYOUT_FIELDS = ['tokenProgram', 'contract', 'name', 'slug', 'topHolders', 'addressDetails', 'scores'];

/** Why the EVM-only sources have nothing to say about a Solana token. */
function notApplicable(): Record<string, DataSourceReport> {
  return {
    analysis: unavailableDataSource(
      ['smartAudit'],
      'not applicable: a Solana mint runs the shared SPL Token or Token-2022 program, there is no token-specific code to analyse; its powers are in tokenProgram.findingCodes',
    ),
    simulation: unavailableDataSource(
      ['taxes'],
      'not applicable: the trade simulation covers EVM pools; a Token-2022 transfer fee is in tokenProgram.extensions.transferFeeConfig',
    ),
    pools: unavailableDataSource(['pools', 'price', 'marketcap', 'lockers'], 'Solana pools and prices are not read yet'),
    tokenCreation: unavailableDataSource(['tokenCreation', 'projectAge'], 'the creation transaction of a Solana mint is not read yet'),
  };
}

/** Every authority that can still change the mint or move tokens; none left means renounced. */
function authorities(facts: SolanaMintFacts): string[] {
  const e = facts.extensions;
  return [
    facts.mintAuthority,
    facts.freezeAuthority,
    facts.metaplex?.isMutable ? facts.metaplex.updateAuthority : null,
    e.permanentDelegate?.delegate,
    e.transferHook?.authority,
    e.transferFeeConfig?.transferFeeConfigAuthority,
    e.interestBearingMintConfig?.rateAuthority,
    e.metadataPointer?.authority,
    e.tokenMetadata?.updateAuthority,
    e.mintCloseAuthority?.closeAuthority,
    e.groupPointer?.authority,
    e.memberPointer?.authority,
  ].filter((a): a is string => typeof a === 'string');
}

function scoringInput(read: SolanaTokenRead, codes: readonly FindingCode[]): ScoringInput {
  const { facts, holders } = read;
  const supply = wholeTokens(facts.supply, facts.decimals);
  const shares =
    holders && supply > 0
      ? holders.top.filter((h) => h.owner !== INCINERATOR).map((h) => wholeTokens(h.amount, facts.decimals) / supply)
      : null;
  const rules = new Map(FINDING_RULES.map((r) => [r.code, r]));
  return {
    findings: codes.map((code) => ({ detector: `solana:${code}`, severity: rules.get(code)!.severity, title: rules.get(code)!.title })),
    // The token programs are shared, audited and verified; the mint has no code of its own.
    unverified: false,
    proxy: false,
    renounced: authorities(facts).length === 0,
    taxes: null,
    sellImpossible: codes.includes('ST2NTT')
      ? 'the token is non-transferable: holders cannot sell'
      : codes.includes('ST2FDAS')
        ? 'new token accounts start frozen: a buyer cannot receive or sell until thawed'
        : null,
    topHolderShares: shares,
    holderCount: holders?.total ?? null,
    liquidityUsd: null,
    lockedLiquidityShare: null,
    marketcapUsd: null,
    socials: null,
    ageDays: null,
    audited: false,
    hasWebsite: false,
  };
}

function layoutOf(
  ctx: SolanaScanContext,
  read: SolanaTokenRead,
  scoring: ReturnType<typeof scoreScan>,
  ranks: Record<ScoreName, number>,
): AuditLayout {
  const { facts, holders } = read;
  const layout = buildAuditLayout({
    network: ctx.network,
    address: ctx.address,
    now: ctx.now,
    firstSeenAt: ctx.firstSeenAt,
    chain: null,
    contractAddresses: new Set(),
    smartAudit: null,
    similarity: null,
    taxes: null,
    audit: undefined,
    scores: scoring.scores,
    raw: scoring.raw,
    rank: scoring.rank,
    percentiles: ranks,
    histories: ctx.histories,
    explorerUrl: () => '',
  });
  const tokenProgram = buildTokenProgram(facts, ctx.now, layout.createdAt);
  const supply = wholeTokens(facts.supply, facts.decimals);
  const burned = holders?.top.find((h) => h.owner === INCINERATOR);
  layout.tokenProgram = tokenProgram;
  layout.name = tokenProgram.name;
  layout.slug = tokenProgram.symbol ? `${tokenProgram.symbol.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${ctx.network.toLowerCase()}` : '';
  layout.contract = {
    ...layout.contract,
    contractName: tokenProgram.name,
    symbol: tokenProgram.symbol,
    decimals: facts.decimals,
    totalSupply: supply,
    deadAmount: burned ? wholeTokens(burned.amount, facts.decimals) : 0,
    // The code is the shared token program's, verified and not upgradeable by the mint's owner.
    unverified: false,
    proxy: false,
    renounced: facts.mintAuthority === null,
    contractOwner: facts.mintAuthority ?? '',
    commonAddresses: [facts.programAddress],
  };
  if (holders) {
    layout.topHolders = { total: holders.total ?? holders.top.length, addresses: holders.top.map((h) => h.owner) };
    layout.topHoldersHistory =
      holders.total === null ? [...ctx.histories.topHolders] : [...ctx.histories.topHolders, { v: holders.total, t: ctx.now }];
    const details: AuditLayout['addressDetails'] = {};
    for (const h of holders.top) {
      const label = h.owner === INCINERATOR ? 'dead' : h.owner === facts.mintAuthority ? 'owner' : '';
      // Whether an owner is a program-derived account is not read (one more request per holder).
      details[h.owner] = { balance: wholeTokens(h.amount, facts.decimals), contract: false, label };
    }
    layout.addressDetails = details;
  }
  return layout;
}

function errorReport(error: SolanaReadError, report: DataSourceReport): DataSourceReport {
  const status = error.code === 'RPC_TIMEOUT' ? 'timeout' : error.code === 'RPC_UNAVAILABLE' ? 'failed' : 'ok';
  return { ...report, status, reason: `${error.code}: ${error.message}` };
}

export async function scanSolanaToken(scanner: SolanaScanner, ctx: SolanaScanContext): Promise<SolanaScanOutcome> {
  let failure: SolanaReadError | null = null;
  const run = await runDataSource(LAYOUT_FIELDS, scanner.timeoutMs, (signal) =>
    scanner.read(ctx.address, signal).catch((error: unknown) => {
      if (error instanceof SolanaReadError) failure = error;
      throw error;
    }),
  );
  const sources: Record<string, DataSourceReport> = {};
  const read = run.value;
  if (!read) {
    const error: SolanaReadError =
      failure ??
      (run.report.status === 'timeout'
        ? new SolanaReadError('RPC_TIMEOUT', run.report.reason ?? 'no answer in time')
        : new SolanaReadError('RPC_UNAVAILABLE', run.report.reason ?? 'no answer'));
    sources.solana = errorReport(error, run.report);
    Object.assign(sources, notApplicable());
    const layout = buildAuditLayout({
      network: ctx.network,
      address: ctx.address,
      now: ctx.now,
      firstSeenAt: ctx.firstSeenAt,
      chain: null,
      contractAddresses: new Set(),
      smartAudit: null,
      similarity: null,
      taxes: null,
      audit: undefined,
      scores: { security: null, decentralisation: null, market: null, community: null, fundamentals: null, total: null },
      raw: { security: null, decentralisation: null, market: null, community: null, fundamentals: null, total: null },
      rank: '',
      percentiles: { security: 0, decentralisation: 0, market: 0, community: 0, fundamentals: 0, total: 0 },
      histories: ctx.histories,
      explorerUrl: () => '',
    });
    layout.tokenProgram = tokenProgramError(ctx.address, error.code, ctx.now, layout.createdAt);
    const meta: ScanMeta = {
      cached: false,
      snapshotAt: ctx.now,
      durationMs: Math.round(performance.now() - ctx.started),
      sources,
      findings: [],
      scoreFactors: [],
      verdict: solanaVerdict(layout.tokenProgram),
    };
    return {
      result: { auditLayout: layout, auditResource: null, meta },
      store: false,
      scores: { security: null, decentralisation: null, market: null, community: null, fundamentals: null, total: null },
      topHolders: null,
    };
  }

  const codes = findingCodes(read.facts);
  const scoring = scoreScan(scoringInput(read, codes));
  const ranks = await ctx.percentiles(scoring.scores);
  const layout = layoutOf(ctx, read, scoring, ranks);
  sources.solana = { ...run.report, ...(read.facts.metadataNote ? { reason: `metadata: ${read.facts.metadataNote}` } : {}) };
  sources.holders = read.holders
    ? {
        status: 'ok',
        durationMs: read.holdersMs,
        fields: ['topHolders', 'addressDetails'],
        ...(read.holdersNote ? { reason: read.holdersNote } : {}),
      }
    : { status: 'failed', durationMs: read.holdersMs, fields: ['topHolders', 'addressDetails'], reason: read.holdersNote };
  sources.offChainMetadata = unavailableDataSource(
    ['tokenProgram.metadata.image', 'tokenProgram.metadata.description', 'tokenProgram.metadata.creator'],
    'the JSON at tokenProgram.uri is not fetched',
  );
  Object.assign(sources, notApplicable());
  const rules = new Map(FINDING_RULES.map((r) => [r.code, r]));
  const findings = codes.map((code) => {
    const rule = rules.get(code)!;
    return { origin: 'token-program' as const, detector: code, severity: rule.severity, title: rule.title, reads: rule.reads };
  });
  const meta: ScanMeta = {
    cached: false,
    snapshotAt: ctx.now,
    durationMs: Math.round(performance.now() - ctx.started),
    sources,
    findings,
    scoreFactors: scoring.factors.map((f) => ({ ...f })),
    verdict: solanaVerdict(layout.tokenProgram!),
  };
  return {
    result: { auditLayout: layout, auditResource: null, meta },
    store: true,
    scores: scoring.scores,
    topHolders: read.holders?.total ?? null,
  };
}
