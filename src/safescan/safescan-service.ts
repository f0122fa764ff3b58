/**
 * Safescan: screens a wallet on every configured network at once. Each network's history
 * is read with a deadline; a network that cannot be read is named in `meta` with why,
 * never reported as a clean zero.
 */
import { AppError } from '../errors/app-error.ts';
import { MESSAGES } from '../interface/messages.ts';
import type { AuditLookup } from '../audits/audit-repository.ts';
import type { LabelLookup } from '../labels/label-repository.ts';
import { BLACKLIST_CATEGORIES, type AddressLabel } from '../labels/label-record.ts';
import { HistoryError, type HistoryErrorKind, type HistoryReader } from './history.ts';
import { counterparties, screenNetwork, type NetworkAudit, type Reason } from './screen.ts';

export interface SafescanNetwork {
  readonly symbol: string;
  readonly history: HistoryReader;
  /** Whether the address holds code there (contracts are screened too, and said so). */
  readonly isContract?: (address: string) => Promise<boolean>;
  /** The network's block explorer (links to transactions in the dashboard). */
  readonly explorerUrl?: string;
}

export interface SafescanDeps {
  readonly networks: readonly SafescanNetwork[];
  readonly labels: LabelLookup;
  readonly findAudit?: AuditLookup;
  /** Deadline of each network's read (SAFESCAN_TIMEOUT_MS). */
  readonly timeoutMs: number;
}

export interface Aggregation {
  readonly networks: number;
  readonly suspicious: boolean;
  readonly blacklisted: boolean;
  readonly totalTx: number;
  readonly totalInternalTx: number;
  readonly firstTxDate: string;
  readonly latestTxDate: string;
  readonly labeledTx: number;
}

export interface NetworkMeta {
  readonly network: string;
  readonly status: 'read' | 'partial' | 'failed';
  readonly source?: 'explorer' | 'rpc';
  readonly explorerUrl?: string;
  readonly contract?: boolean;
  readonly error?: HistoryErrorKind;
  readonly notes: string[];
  readonly durationMs: number;
}

export interface SafescanResult {
  readonly ownerContracts: string[];
  readonly ownerCoinSlugs: string[];
  readonly addressAudit: { readonly networks: NetworkAudit[]; readonly aggregation: Aggregation };
  readonly meta: {
    readonly address: string;
    readonly reasons: Reason[];
    readonly networks: NetworkMeta[];
    readonly notes: string[];
  };
}

/** Answered 503 with the spec's words and what each network said. */
export class SafescanUnavailableError extends AppError {
  override readonly name = 'SafescanUnavailableError';
  constructor(readonly networks: readonly NetworkMeta[]) {
    super(503, 'no network could be read', { clientMessage: MESSAGES.safescan.unavailable, fields: { networks } });
  }
}

function withDeadline<T>(run: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new HistoryError('timeout', `not read within ${ms} ms`));
    }, ms);
  });
  return Promise.race([run(controller.signal), deadline]).finally(() => clearTimeout(timer));
}

export function createSafescan(deps: SafescanDeps) {
  async function screenOn(network: SafescanNetwork, address: string) {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const contract = network.isContract ? await network.isContract(address).catch(() => undefined) : undefined;
    try {
      const history = await withDeadline((signal) => network.history(address, signal), deps.timeoutMs);
      const labels = await deps.labels(network.symbol, counterparties(address, history));
      const screening = screenNetwork(address, history, labels);
      const meta: NetworkMeta = {
        network: network.symbol,
        status: history.complete ? 'read' : 'partial',
        source: history.source,
        ...(network.explorerUrl ? { explorerUrl: network.explorerUrl } : {}),
        ...(contract !== undefined ? { contract } : {}),
        notes: [...history.notes],
        durationMs: elapsed(),
      };
      return { screening, meta };
    } catch (error) {
      const kind: HistoryErrorKind = error instanceof HistoryError ? error.kind : 'unreachable';
      const message = error instanceof Error ? error.message : String(error);
      // The address's own labels need no history: a sanctioned address stays blacklisted.
      const own = (await deps.labels(network.symbol, [address]).catch(() => new Map<string, AddressLabel[]>())).get(address) ?? [];
      const reasons: Reason[] = own
        .filter((l) => BLACKLIST_CATEGORIES.has(l.category))
        .map((l) => ({
          network: network.symbol,
          kind: 'blacklisted' as const,
          category: l.category,
          label: l.label,
          source: l.source,
          address,
        }));
      const meta: NetworkMeta = {
        network: network.symbol,
        status: 'failed',
        error: kind,
        ...(contract !== undefined ? { contract } : {}),
        notes: [message],
        durationMs: elapsed(),
      };
      return { failedReasons: reasons, meta };
    }
  }

  return {
    networks: deps.networks.map((n) => n.symbol),
    async screen(rawAddress: string, only?: string): Promise<SafescanResult> {
      const address = rawAddress.toLowerCase();
      const targets = only ? deps.networks.filter((n) => n.symbol === only) : deps.networks;
      const results = await Promise.all(targets.map((n) => screenOn(n, address)));
      if (results.every((r) => r.meta.status === 'failed') && results.every((r) => !r.failedReasons?.length))
        throw new SafescanUnavailableError(results.map((r) => r.meta));
      const networks: NetworkAudit[] = [];
      const reasons: Reason[] = [];
      const created = new Set<string>();
      for (const r of results) {
        if (r.screening) {
          networks.push(r.screening.audit);
          reasons.push(...r.screening.reasons);
          for (const c of r.screening.created) created.add(`${r.meta.network}|${c}`);
        } else reasons.push(...(r.failedReasons ?? []));
      }
      const dates = (key: 'firstTxDate' | 'latestTxDate') =>
        networks
          .map((n) => n[key])
          .filter((d) => d !== '')
          .sort();
      const firsts = dates('firstTxDate');
      const latests = dates('latestTxDate');
      const ownerContracts = [...new Set([...created].map((k) => k.split('|')[1]!))];
      const slugs = new Set<string>();
      if (deps.findAudit) {
        for (const key of created) {
          const [network, contract] = key.split('|') as [string, string];
          const audit = await deps.findAudit({ network, address: contract }).catch(() => undefined);
          if (audit) slugs.add(audit.slug);
        }
      }
      const notes: string[] = [];
      const contractOn = results.filter((r) => r.meta.contract === true).map((r) => r.meta.network);
      if (contractOn.length > 0)
        notes.push(`the address is a contract on ${contractOn.join(', ')}: screened like a wallet, by its transactions`);
      return {
        ownerContracts,
        ownerCoinSlugs: [...slugs],
        addressAudit: {
          networks,
          aggregation: {
            networks: networks.length,
            suspicious: reasons.some((r) => r.kind === 'counterparty'),
            blacklisted: reasons.some((r) => r.kind === 'blacklisted'),
            totalTx: networks.reduce((s, n) => s + n.totalTx, 0),
            totalInternalTx: networks.reduce((s, n) => s + n.totalInternalTx, 0),
            firstTxDate: firsts[0] ?? '',
            latestTxDate: latests.at(-1) ?? '',
            labeledTx: networks.reduce((s, n) => s + n.labeledTx.length, 0),
          },
        },
        meta: { address, reasons, networks: results.map((r) => r.meta), notes },
      };
    },
  };
}

export type Safescan = ReturnType<typeof createSafescan>;
