/**
 * Turns the facts a scan gathered into the spec's auditLayout. Pure: every field is
 * either computed from a fact or the documented empty value of its type.
 */
import type { AuditLayout, SmartAudit, Taxes } from '../interface/schemas/audit-layout.ts';
import type { ContractContext } from '../chain/read-contract-context.ts';
import type { AuditRecord } from '../interface/schemas/audit-record.ts';
import { SCORE_NAMES, type ScoreName } from '../interface/schemas/audit-layout.ts';
import { formatUnits } from 'viem';
import { emptySmartAudit } from '../analysis/report/smart-audit.ts';
import type { MarketHistory } from '../market/read-market.ts';
import type { EnrichmentLayoutFields } from '../enrichment/enrichment-fields.ts';

/** The empty smartAudit (defined once, from the spec schema, in src/analysis/report/smart-audit.ts). */
export const EMPTY_SMART_AUDIT: SmartAudit = emptySmartAudit();

export const EMPTY_TAXES: Taxes = { buyTax: null, sellTax: null, transferTax: null, buyGas: 0, sellGas: 0, transferGas: 0, error: '' };

/** The auditLayout of an address about which nothing is known yet. */
export function emptyAuditLayout(network: string, address: string, now: string): AuditLayout {
  return {
    id: `${network}:${address}`,
    slug: '',
    name: '',
    description: '',
    logo: '',
    website: '',
    address,
    network,
    addressDetails: {},
    auditSlug: '',
    bitcointalk: '',
    discord: '',
    facebook: '',
    github: '',
    linkedin: '',
    medium: '',
    reddit: '',
    telegram: '',
    twitter: '',
    aggregatorA: { rank: 0, id: '' },
    aggregatorB: { rank: 0, slug: '' },
    scopeRef: null,
    dexAnalytics: { chain: '', pair: '' },
    contract: {
      updatedAt: now,
      network,
      address,
      contractName: '',
      contractVersion: '',
      runs: '',
      licenseType: '',
      proxy: false,
      unverified: true,
      renounced: false,
      contractOwner: '',
      decimals: 0,
      deadAmount: 0,
      symbol: '',
      totalSupply: 0,
      error: '',
      commonAddresses: [],
      poolExplorerUrl: '',
      poolExplorerUrlUpdatedAt: '',
    },
    communityScore: 0,
    decentralisationScore: 0,
    fundamentalsScore: 0,
    marketScore: 0,
    securityScore: 0,
    totalScore: 0,
    rawCommunityScore: 0,
    rawDecentralisationScore: 0,
    rawFundamentalsScore: 0,
    rawMarketScore: 0,
    rawSecurityScore: 0,
    rawTotalScore: null,
    communityScorePercentile: 0,
    decentralisationScorePercentile: 0,
    fundamentalsScorePercentile: 0,
    marketScorePercentile: 0,
    securityScorePercentile: 0,
    totalScorePercentile: 0,
    communityScoreHistory: [],
    decentralisationScoreHistory: [],
    fundamentalsScoreHistory: [],
    marketScoreHistory: [],
    securityScoreHistory: [],
    totalScoresHistory: [],
    discordMembersHistory: [],
    facebookLikesHistory: [],
    redditMembersHistory: [],
    telegramMembersHistory: [],
    topHoldersHistory: [],
    twitterFollowersHistory: [],
    discordMembers: 0,
    telegramMembers: 0,
    twitterFollowers: 0,
    facebookLikes: null,
    redditMembers: null,
    socialCounters: { twitter: 0, telegram: 0 },
    domainInfo: {
      lighthouse: { audits: {}, metrics: { performance: 0, accessibility: 0, bestPractices: 0, seo: 0, pwa: 0, security: 0 } },
      whois: { creationDate: '' },
      dns: {
        missingSPF: false,
        missingDMARC: false,
        missingDKIM: false,
        ineffectiveSPF: false,
        softfailWithoutDMARC: false,
        nameServerVersion: false,
        recursiveQueries: false,
        cNameInNS: false,
        mxPrivateIPs: false,
        mxInvalidChars: false,
      },
    },
    githubRepositoryStats: {
      owner: '',
      contributionsPerDay: [],
      totalRepositories: 0,
      contributors: 0,
      stars: 0,
      forks: 0,
      openIssues: 0,
      watchers: 0,
      commits: 0,
      organizationAge: '',
    },
    pools: { pairs: [], tokens: [], dexes: [] },
    price: 0,
    marketcap: 0,
    tradingVolume: 0,
    price30: 0,
    price60: 0,
    onChainInfo: { price: 0 },
    projectAge: '',
    rank: '',
    similarity: { ranks: [], contracts: [] },
    smartAudit: EMPTY_SMART_AUDIT,
    taxes: EMPTY_TAXES,
    tokenCreation: { contractCreator: '', value: 0, generatedAt: '', txHash: '' },
    topHolders: { total: 0, addresses: [] },
    addressDescriptors: [{ network, address }],
    poolExplorerUrl: '',
    override: {},
    createdAt: now,
    updatedAt: now,
    slowPollUpdatedAt: now,
    expiresAt: null,
    auditFindings: null,
    tokenProgram: null,
    lockers: null,
  };
}

export interface HistoryPoint {
  readonly v: number;
  readonly t: string;
}

export interface ScanFacts {
  readonly network: string;
  readonly address: string;
  readonly now: string;
  /** When the first snapshot of this address was taken ("" for the first). */
  readonly firstSeenAt: string;
  readonly chain: ContractContext | null;
  /** Addresses among the top holders and pools that have code. */
  readonly contractAddresses: ReadonlySet<string>;
  readonly smartAudit: SmartAudit | null;
  readonly similarity: AuditLayout['similarity'] | null;
  readonly taxes: Taxes | null;
  readonly audit: AuditRecord | undefined;
  readonly scores: Record<ScoreName, number | null>;
  readonly raw: Record<ScoreName, number | null>;
  readonly rank: string;
  readonly percentiles: Record<ScoreName, number>;
  /** Earlier snapshots' values, oldest first (this snapshot is appended by the builder). */
  readonly histories: Readonly<Record<ScoreName | 'topHolders', readonly HistoryPoint[]>>;
  /** Explorer page of an address, when the network has an explorer. */
  readonly explorerUrl: (address: string) => string;
  /** Issue 19: 24-hour volume and price change from the chain; null leaves them 0 (meta.sources.marketHistory says why). */
  readonly market?: Pick<MarketHistory, 'tradingVolume' | 'price30' | 'price60'> | null;
  /** Issue 19: project links, socials, counters and histories, domain and repository facts; absent without enrichment. */
  readonly enrichment?: EnrichmentLayoutFields | undefined;
}

const lower = (a: string) => a.toLowerCase();

type NumberField = { [K in keyof AuditLayout]: AuditLayout[K] extends number ? K : never }[keyof AuditLayout];
type HistoryField = { [K in keyof AuditLayout]: AuditLayout[K] extends readonly HistoryPoint[] ? K : never }[keyof AuditLayout];

/** Where each score goes in the layout (the spec names the total's history `totalScoresHistory`). */
const SCORE_FIELDS: Readonly<
  Record<ScoreName, { score: NumberField; raw: NumberField | null; percentile: NumberField; history: HistoryField }>
> = {
  security: { score: 'securityScore', raw: 'rawSecurityScore', percentile: 'securityScorePercentile', history: 'securityScoreHistory' },
  decentralisation: {
    score: 'decentralisationScore',
    raw: 'rawDecentralisationScore',
    percentile: 'decentralisationScorePercentile',
    history: 'decentralisationScoreHistory',
  },
  market: { score: 'marketScore', raw: 'rawMarketScore', percentile: 'marketScorePercentile', history: 'marketScoreHistory' },
  community: {
    score: 'communityScore',
    raw: 'rawCommunityScore',
    percentile: 'communityScorePercentile',
    history: 'communityScoreHistory',
  },
  fundamentals: {
    score: 'fundamentalsScore',
    raw: 'rawFundamentalsScore',
    percentile: 'fundamentalsScorePercentile',
    history: 'fundamentalsScoreHistory',
  },
  // rawTotalScore may be null: set on its own.
  total: { score: 'totalScore', raw: null, percentile: 'totalScorePercentile', history: 'totalScoresHistory' },
};

function marketFacts(chain: ContractContext) {
  const price = chain.pools?.priceUsd ?? 0;
  const circulating = Math.max(0, chain.contract.totalSupply - chain.contract.deadAmount);
  return { price, marketcap: price * circulating };
}

function addressDetails(chain: ContractContext, contracts: ReadonlySet<string>): AuditLayout['addressDetails'] {
  const details: AuditLayout['addressDetails'] = {};
  const decimals = chain.contract.decimals;
  const pools = new Set((chain.pools?.pairs ?? []).map((p) => lower(p.address)));
  const lockers = new Set((chain.lockers ?? []).map((l) => lower(l.address)));
  const owner = lower(chain.contract.contractOwner);
  for (const holder of chain.holders?.top ?? []) {
    const key = lower(holder.address);
    const label = pools.has(key)
      ? 'pool'
      : lockers.has(key)
        ? 'locker'
        : key === owner
          ? 'owner'
          : /^0x0{40}$|^0x0{36}dead$/.test(key)
            ? 'dead'
            : '';
    details[holder.address] = { balance: Number(formatUnits(holder.balance, decimals)), contract: contracts.has(key), label };
  }
  return details;
}

function withPoint(history: readonly HistoryPoint[], value: number | null, t: string): HistoryPoint[] {
  return value === null ? [...history] : [...history, { v: value, t }];
}

/** The layout with its percentile fields set to `percentiles` (computed when the answer is served). */
export function withPercentiles(layout: AuditLayout, percentiles: Readonly<Record<ScoreName, number>>): AuditLayout {
  const out = { ...layout };
  for (const name of SCORE_NAMES) out[SCORE_FIELDS[name].percentile] = percentiles[name];
  return out;
}

/** The auditLayout for a scan. */
export function buildAuditLayout(facts: ScanFacts): AuditLayout {
  const layout = emptyAuditLayout(facts.network, facts.address, facts.now);
  const { chain, scores, raw, percentiles, histories, now } = facts;
  layout.createdAt = facts.firstSeenAt || now;
  if (facts.smartAudit) layout.smartAudit = facts.smartAudit;
  if (facts.similarity) layout.similarity = facts.similarity;
  if (facts.taxes) layout.taxes = facts.taxes;
  if (facts.audit) layout.auditSlug = facts.audit.slug;

  for (const name of SCORE_NAMES) {
    const fields = SCORE_FIELDS[name];
    layout[fields.score] = scores[name] ?? 0;
    layout[fields.percentile] = percentiles[name];
    layout[fields.history] = withPoint(histories[name], scores[name], now);
    if (fields.raw) layout[fields.raw] = raw[name] ?? 0;
  }
  layout.rawTotalScore = raw.total;
  layout.rank = facts.rank;
  // slowPollUpdatedAt stays updatedAt until a slow source has answered for this token (docs/decisions/0182-issue-19-slowpollupdatedat.md).
  if (facts.enrichment) Object.assign(layout, facts.enrichment, { slowPollUpdatedAt: facts.enrichment.slowPollUpdatedAt || now });

  if (!chain) return layout;
  layout.contract = { ...chain.contract, updatedAt: now, poolExplorerUrlUpdatedAt: chain.contract.poolExplorerUrl ? now : '' };
  layout.name = chain.token?.name ?? '';
  layout.slug = chain.contract.symbol
    ? `${chain.contract.symbol.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${facts.network.toLowerCase()}`
    : '';
  layout.topHolders = { total: chain.holders?.total ?? 0, addresses: (chain.holders?.top ?? []).map((h) => h.address) };
  layout.topHoldersHistory = withPoint(histories.topHolders, chain.holders ? chain.holders.total : null, now);
  layout.addressDetails = addressDetails(chain, facts.contractAddresses);
  if (chain.proxy?.implementation) layout.addressDescriptors.push({ network: facts.network, address: chain.proxy.implementation });
  if (chain.lockers) layout.lockers = chain.lockers.map(({ token: _token, ...lock }) => ({ ...lock }));

  if (chain.pools) {
    layout.pools = {
      pairs: chain.pools.pairs.map(({ version: _v, dex: _d, ...pair }) => ({ ...pair })),
      tokens: chain.pools.tokens.map((t) => ({ ...t })),
      dexes: chain.pools.dexes.map((d) => ({ ...d })),
    };
    const deepest = [...chain.pools.pairs].sort((a, b) => b.worth - a.worth)[0];
    if (deepest) {
      layout.dexAnalytics = { chain: facts.network.toLowerCase(), pair: deepest.address };
      layout.poolExplorerUrl = facts.explorerUrl(deepest.address);
      layout.contract.poolExplorerUrl = layout.poolExplorerUrl;
      layout.contract.poolExplorerUrlUpdatedAt = layout.poolExplorerUrl ? now : '';
    }
    const market = marketFacts(chain);
    layout.price = market.price;
    layout.onChainInfo = { price: market.price };
    layout.marketcap = market.marketcap;
    if (facts.market) {
      layout.tradingVolume = facts.market.tradingVolume;
      layout.price30 = facts.market.price30;
      layout.price60 = facts.market.price60;
    }
  }

  if (chain.creation) {
    const generatedAt = new Date(chain.creation.timestamp * 1000).toISOString();
    layout.tokenCreation = {
      contractCreator: chain.creation.creator ?? '',
      value: Number(formatUnits(chain.creation.value, 18)),
      generatedAt,
      txHash: chain.creation.txHash ?? '',
    };
    layout.projectAge = generatedAt;
  }
  return layout;
}
