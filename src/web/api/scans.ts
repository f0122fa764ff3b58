/**
 * The dashboard scans API (docs/dashboard-scans-api.md, issue 15): scans from five inputs,
 * their stages and results, repository checks and the GitHub connection. The shapes are
 * the ones that document fixes; the result's cyberscan part is the spec's scan result.
 * Every shape comes from src/shared/ (the wire schemas' types); none is declared here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client.ts';
import type { GrantedRepository, RepositoryCheck, ScanDetail, ScanNetwork, ScanSummary } from '../../shared/scan-result.ts';
import type { ReceiptWire } from '../../shared/receipts.ts';

// The shapes the routes validate (one source of truth, src/shared/scan-result.ts): the
// result's address and source parts, findings, score factors and simulation evidence.
export type {
  AddressResult,
  GrantedRepository,
  RepositoryCheck,
  ScanDetail,
  ScanFinding,
  ScanNetwork,
  ScanSummary,
  ScoreFactor,
  SimulationEvidence,
  SourceResult,
  SourceSimulationEvidence,
  Stage,
} from '../../shared/scan-result.ts';

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
  receipt: (scanId: string) => request<ReceiptWire>('GET', `/api/scans/${id(scanId)}/receipt`),
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
