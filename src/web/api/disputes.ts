/** Disputes of scan results (issue 33 item 4): filing one from the evidence page, and the operator's list and answers. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDispute, Dispute, DisputeInput, DisputeStatus, DisputeUpdate } from '../../shared/disputes.ts';
import { request } from './client.ts';

const keys = { all: ['admin', 'disputes'] as const };

export function useFileDispute(scanId: string) {
  return useMutation({
    mutationFn: (input: DisputeInput) =>
      request<{ message: string; dispute: Dispute }>('POST', `/api/scans/${encodeURIComponent(scanId)}/disputes`, input),
  });
}

export function useDisputes(status: DisputeStatus | 'all') {
  return useQuery({
    queryKey: [...keys.all, status],
    queryFn: async () =>
      (await request<{ items: AdminDispute[] }>('GET', `/api/admin/disputes${status === 'all' ? '' : `?status=${status}`}`)).items,
  });
}

export function useAnswerDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: DisputeUpdate }) =>
      request<AdminDispute>('POST', `/api/admin/disputes/${encodeURIComponent(id)}`, change),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
