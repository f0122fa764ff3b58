/**
 * Starts the dashboard's scans and runs them in the background: records the scan, keeps
 * its stages current as each source finishes, stores the result, and tells subscribers
 * (the server-sent events route) each stage and the end. A scan that throws is stored as
 * failed with the reason; nothing escapes as an unhandled rejection.
 */
import { randomBytes } from 'node:crypto';
import type { ScanResult, DataSourceReport } from '../interface/schemas/audit-layout.ts';
import type { SourceScanOptions, SourceScanResult } from '../scan/scan-source.ts';
import type { DashboardScanKind, RepositoryRef, ScanSummary, Stage } from '../interface/schemas/dashboard-scans.ts';
import type { DashboardScanRepository } from './dashboard-scan-repository.ts';

export type ScanEvent = { readonly type: 'stage'; readonly stage: Stage } | { readonly type: 'end'; readonly scan: ScanSummary };

export interface DashboardScanRunnerDeps {
  readonly repository: DashboardScanRepository;
  readonly scanAddress?: (network: string, address: string) => Promise<ScanResult>;
  readonly scanSource?: (sources: Readonly<Record<string, string>>, options?: SourceScanOptions) => Promise<SourceScanResult>;
  /** The verified source of an address, shown beside its findings (absent: none shown). */
  readonly verifiedSource?: (network: string, address: string) => Promise<Readonly<Record<string, string>> | null>;
  readonly now: () => Date;
  /** The message a failed scan keeps (the operation's own words for known failures). */
  readonly describeFailure: (error: unknown) => string;
  readonly onError: (error: unknown, scanId: string) => void;
  readonly newId?: () => string;
  /** This process as the owner of the scans it starts (scan-owner.ts). */
  readonly owner: string;
}

export interface AddressScanInput {
  readonly accountId: string;
  readonly kind: Extract<DashboardScanKind, 'url' | 'address'>;
  readonly network: string;
  readonly address: string;
}

export interface SourceScanInput {
  readonly accountId: string;
  readonly kind: Extract<DashboardScanKind, 'files' | 'zip' | 'repository'>;
  readonly title: string;
  readonly visibility: 'public' | 'private';
  readonly repository: RepositoryRef | null;
  readonly sources: Readonly<Record<string, string>>;
  /** Entries of an archive that were not .sol files (ignored, reported in the input stage). */
  readonly ignoredEntries: number;
}

export interface DashboardScanRunner {
  readonly canScanAddresses: boolean;
  readonly canScanSources: boolean;
  startAddress(input: AddressScanInput): Promise<ScanSummary>;
  startSource(input: SourceScanInput): Promise<ScanSummary>;
  /** Listens to one scan's events; returns the unsubscribe function. */
  subscribe(id: string, listener: (event: ScanEvent) => void): () => void;
  /** Resolves when every scan started so far has finished (tests; shutdown). */
  idle(): Promise<void>;
  /** Says in the database that this process's scans still run (none running: nothing to say). */
  heartbeat(): Promise<void>;
  /** Ends the event streams of these scans, closed elsewhere (interrupted): each gets its `end`. */
  announceEnded(ids: readonly string[]): Promise<void>;
}

/** What a source scan cannot show, and why: these need a deployed address. */
export const NOT_APPLICABLE_TO_SOURCE = [
  { field: 'holders', reason: 'a source scan has no deployed token, so no holders' },
  { field: 'pools', reason: 'no deployed token, so no liquidity pools' },
  { field: 'lockers', reason: 'no deployed token, so no locked liquidity' },
  { field: 'owner', reason: 'the owner is an on-chain fact of a deployed contract' },
  { field: 'market', reason: 'price, market cap and volume need a traded token' },
  { field: 'scores', reason: 'only the security score is computed from code; the others need chain data' },
] as const;

const PENDING = (name: string): Stage => ({ name, status: 'pending', message: null, finishedAt: null });

export function createDashboardScanRunner(deps: DashboardScanRunnerDeps): DashboardScanRunner {
  const listeners = new Map<string, Set<(event: ScanEvent) => void>>();
  const running = new Set<Promise<void>>();
  const newId = deps.newId ?? (() => randomBytes(16).toString('base64url').slice(0, 22));
  const iso = () => deps.now().toISOString();

  const emit = (id: string, event: ScanEvent) => {
    for (const listener of listeners.get(id) ?? []) {
      try {
        listener(event);
      } catch (error) {
        deps.onError(error, id);
      }
    }
  };

  /** Runs the body in the background, tracked for idle(); a throw is recorded as the scan's failure. */
  const track = (id: string, stages: Stage[], body: () => Promise<unknown>) => {
    const task = (async () => {
      let result: unknown = null;
      let error: string | null = null;
      try {
        result = await body();
      } catch (failure) {
        deps.onError(failure, id);
        error = deps.describeFailure(failure);
        for (const stage of stages) {
          if (stage.status === 'pending' || stage.status === 'running') {
            Object.assign(stage, { status: 'failed', message: error, finishedAt: iso() });
            emit(id, { type: 'stage', stage: { ...stage } });
          }
        }
      }
      const status = error === null ? 'done' : 'failed';
      try {
        await deps.repository.finish(id, { status, stages, result: error === null ? result : null, error, at: iso() });
        const record = await deps.repository.find(id);
        if (record) emit(id, { type: 'end', scan: record.summary });
      } catch (failure) {
        deps.onError(failure, id);
      }
    })();
    running.add(task);
    void task.finally(() => running.delete(task));
  };

  const setStage = async (id: string, stages: Stage[], name: string, patch: Partial<Stage>) => {
    let stage = stages.find((s) => s.name === name);
    if (!stage) {
      stage = PENDING(name);
      stages.splice(Math.max(0, stages.length - 1), 0, stage);
    }
    Object.assign(stage, patch);
    emit(id, { type: 'stage', stage: { ...stage } });
    await deps.repository.saveProgress(id, 'running', stages);
  };

  return {
    canScanAddresses: deps.scanAddress !== undefined,
    canScanSources: deps.scanSource !== undefined,

    async startAddress(input) {
      const scanAddress = deps.scanAddress;
      if (!scanAddress) throw new Error('address scans are not configured');
      const id = newId();
      const createdAt = iso();
      // The scan service runs its sources inside one job; their reports replace this stage at the end.
      const stages: Stage[] = [{ name: 'scan', status: 'running', message: null, finishedAt: null }, PENDING('score')];
      await deps.repository.insert({
        id,
        accountId: input.accountId,
        kind: input.kind,
        visibility: 'public',
        title: `${input.network} ${input.address}`,
        network: input.network,
        address: input.address,
        repository: null,
        stages,
        createdAt,
        owner: deps.owner,
      });
      track(id, stages, async () => {
        await deps.repository.saveProgress(id, 'running', stages);
        const result = await scanAddress(input.network, input.address);
        const finishedAt = iso();
        stages.splice(0, stages.length, ...Object.entries(result.meta.sources).map(([name, report]) => stageOf(name, report, finishedAt)));
        stages.push({ name: 'score', status: 'done', message: null, finishedAt });
        for (const stage of stages) emit(id, { type: 'stage', stage: { ...stage } });
        const sources = deps.verifiedSource ? await deps.verifiedSource(input.network, input.address).catch(() => null) : null;
        return { type: 'address', ...result, sources: sources ?? {} };
      });
      return (await deps.repository.find(id))!.summary;
    },

    async startSource(input) {
      const scanSource = deps.scanSource;
      if (!scanSource) throw new Error('source scans are not configured');
      const id = newId();
      const createdAt = iso();
      const files = Object.keys(input.sources).length;
      const ignored = input.ignoredEntries > 0 ? `; ${input.ignoredEntries} other entries ignored` : '';
      const stages: Stage[] = [
        { name: 'input', status: 'done', message: `${files} .sol file${files === 1 ? '' : 's'} read${ignored}`, finishedAt: createdAt },
        PENDING('analysis'),
        PENDING('similarity'),
        PENDING('simulation'),
        PENDING('score'),
      ];
      await deps.repository.insert({
        id,
        accountId: input.accountId,
        kind: input.kind,
        visibility: input.visibility,
        title: input.title,
        network: null,
        address: null,
        repository: input.repository,
        stages,
        createdAt,
        owner: deps.owner,
      });
      track(id, stages, async () => {
        for (const name of ['analysis', 'similarity', 'simulation']) {
          const stage = stages.find((s) => s.name === name)!;
          stage.status = 'running';
        }
        await deps.repository.saveProgress(id, 'running', stages);
        // Progress saves are chained so they land in order; a failed save does not stop the scan.
        let saving: Promise<void> = Promise.resolve();
        const result = await scanSource(input.sources, {
          client: `account:${input.accountId}`,
          onSource: (name, report) => {
            const stage = stageOf(name, report, iso());
            saving = saving.then(() => setStage(id, stages, name, stage)).catch((error: unknown) => deps.onError(error, id));
          },
        });
        await saving;
        const score = result.score.security;
        await setStage(id, stages, 'score', {
          status: score === null ? 'failed' : 'done',
          message: score === null ? 'no security score: the analysis did not finish' : null,
          finishedAt: iso(),
        });
        return {
          type: 'source',
          sources: input.sources,
          report: {
            smartAudit: result.smartAudit,
            findings: result.findings,
            similarity: result.similarity,
            taxes: result.taxes,
            score: { security: result.score.security, total: null, rank: result.score.rank },
            contracts: result.contracts,
            diagnostics: result.diagnostics,
          },
          meta: {
            sources: result.sources,
            simulation: result.simulation,
            scoreFactors: result.score.factors,
            notApplicable: NOT_APPLICABLE_TO_SOURCE,
            verdict: result.verdict,
          },
        };
      });
      return (await deps.repository.find(id))!.summary;
    },

    subscribe(id, listener) {
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(id);
      };
    },

    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    async heartbeat() {
      if (running.size > 0) await deps.repository.heartbeat(deps.owner, iso());
    },

    async announceEnded(ids) {
      for (const id of ids) {
        if (!listeners.has(id)) continue;
        const record = await deps.repository.find(id);
        if (record) emit(id, { type: 'end', scan: record.summary });
      }
    },
  };
}

function stageOf(name: string, report: DataSourceReport, finishedAt: string): Stage {
  // A stale source answered with its last good value: done, with why it was not refreshed.
  if (report.status === 'ok' || report.status === 'partial' || report.status === 'stale')
    return { name, status: 'done', message: report.status === 'ok' ? null : (report.reason ?? report.status), finishedAt };
  // Not configured on this server (no provider): off, not a failure of this scan (issue 29).
  if (report.status === 'skipped' || report.status === 'unavailable')
    return { name, status: 'skipped', message: report.reason ?? null, finishedAt };
  return { name, status: 'failed', message: report.reason ?? report.status, finishedAt };
}
