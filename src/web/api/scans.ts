/**
 * The dashboard scans API (docs/dashboard-scans-api.md, issue 15): scans from five inputs,
 * their stages and results, repository checks and the GitHub connection. The shapes are
 * the ones that document fixes; the result's cyberscan part is the spec's scan result.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditLayout, ScanMeta } from '../../spec/schemas/audit-layout.ts';
import type { Verdict } from '../../spec/schemas/verdict.ts';
import { request } from './client.ts';
import type { GrantedRepository, RepositoryCheck, ScanSummary, Stage } from '../../spec/schemas/dashboard-scans.ts';

// The shapes the routes validate (one source of truth); the result's parts are typed here
// from the scan result schema because the route leaves them open.
export type { ScanSummary, Stage, RepositoryCheck, GrantedRepository } from '../../spec/schemas/dashboard-scans.ts';

/** A finding as the engine reports it (src/analysis/findings.ts) with the API's line fields. */
export interface ScanFinding {
  readonly id?: string;
  readonly detector?: string;
  readonly severity: string;
  readonly confidence?: string;
  readonly title: string;
  readonly description?: string;
  readonly recommendation?: string;
  readonly file?: string;
  readonly line?: number;
  readonly endLine?: number;
  readonly ranges?: ReadonlyArray<readonly [number, number]>;
  readonly snippet?: string;
}

export interface ScoreFactor {
  readonly score: string;
  readonly factor: string;
  readonly effect: number;
  readonly detail: string;
}

export interface SimulationEvidence {
  readonly mode?: string;
  readonly scope?: string;
  readonly reason: string;
  readonly error?: string;
  /** Absent when the simulation could not start (the reason says why). */
  readonly stages?: ReadonlyArray<{ stage: string; outcome: string; reason: string; gas: number }>;
  readonly ownerActions?: ReadonlyArray<{
    kind: string;
    signature: string;
    executed: boolean;
    sellAfter: string;
    statement: string;
    line: number | null;
  }>;
}

export interface AddressResult {
  readonly type: 'address';
  readonly auditLayout: AuditLayout;
  readonly meta: ScanMeta;
  readonly sources: Readonly<Record<string, string>>;
}

export interface SourceResult {
  readonly type: 'source';
  readonly sources: Readonly<Record<string, string>>;
  readonly skipped?: ReadonlyArray<{ path: string; reason: string }>;
  readonly report: {
    readonly smartAudit?: AuditLayout['smartAudit'];
    readonly findings: readonly ScanFinding[];
    readonly similarity?: AuditLayout['similarity'];
    readonly taxes?: AuditLayout['taxes'];
    readonly score: { security: number | null; total: number | null; rank: string | null };
    readonly contracts?: readonly unknown[];
    readonly diagnostics?: readonly unknown[];
  };
  readonly meta: {
    readonly sources?: ScanMeta['sources'];
    readonly simulation?: SimulationEvidence | null;
    readonly scoreFactors?: readonly ScoreFactor[];
    readonly notApplicable?: ReadonlyArray<string | { field?: string; what?: string; reason?: string }>;
    readonly verdict?: Verdict;
  };
}

export interface ScanDetail {
  readonly scan: ScanSummary;
  readonly stages: readonly Stage[];
  readonly error: { message: string } | null;
  readonly result: AddressResult | SourceResult | null;
}

export interface ScanNetwork {
  readonly symbol: string;
  readonly name: string;
  readonly family: 'evm' | 'solana';
}

export type CreateScan =
  | { kind: 'url'; url: string }
  | { kind: 'address'; network: string; address: string }
  | { kind: 'repository'; url: string }
  | { kind: 'files'; files: readonly File[] }
  | { kind: 'zip'; zip: File };

function body(input: CreateScan): unknown {
  if (input.kind === 'files') {
    const form = new FormData();
    form.append('kind', 'files');
    for (const file of input.files) form.append('files', file, file.name);
    return form;
  }
  if (input.kind === 'zip') {
    const form = new FormData();
    form.append('kind', 'zip');
    form.append('zip', input.zip, input.zip.name);
    return form;
  }
  return input;
}

const id = (value: string) => encodeURIComponent(value);

export const scansApi = {
  create: (input: CreateScan) => request<{ scan: ScanSummary }>('POST', '/api/scans', body(input)),
  list: () => request<{ scans: ScanSummary[] }>('GET', '/api/scans'),
  get: (scanId: string) => request<ScanDetail>('GET', `/api/scans/${id(scanId)}`),
  networks: () => request<{ networks: ScanNetwork[] }>('GET', '/api/scans/networks'),
  checkRepository: (url: string) => request<RepositoryCheck>('POST', '/api/repositories/check', { url }),
  githubRepositories: () => request<{ connected: boolean; repositories: GrantedRepository[] }>('GET', '/api/github/repositories'),
  disconnectGithub: () => request<{ message: string }>('DELETE', '/api/github/connection'),
};

export const scanKeys = {
  list: ['account', 'scans'] as const,
  one: (scanId: string) => ['account', 'scans', scanId] as const,
  networks: ['scan-networks'] as const,
  github: ['account', 'github'] as const,
};

export function useScans() {
  return useQuery({ queryKey: scanKeys.list, queryFn: async () => (await scansApi.list()).scans });
}

/** A scan, asked again every second while it runs, so its stages show as they finish. */
export function useScan(scanId: string) {
  return useQuery({
    queryKey: scanKeys.one(scanId),
    queryFn: () => scansApi.get(scanId),
    refetchInterval: (query) => {
      const status = query.state.data?.scan.status;
      return status === 'queued' || status === 'running' ? 1000 : false;
    },
  });
}

export function useScanNetworks() {
  return useQuery({ queryKey: scanKeys.networks, queryFn: async () => (await scansApi.networks()).networks, staleTime: 5 * 60_000 });
}

export function useCreateScan() {
  const client = useQueryClient();
  return useMutation({ mutationFn: scansApi.create, onSuccess: () => client.invalidateQueries({ queryKey: scanKeys.list }) });
}

export function useGithubRepositories(enabled: boolean) {
  return useQuery({ queryKey: scanKeys.github, queryFn: scansApi.githubRepositories, enabled });
}
