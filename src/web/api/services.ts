/** The Services page's resources and hooks: offers, requests, vouchers (typed from src/interface/schemas/services.ts). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type {
  AdminServiceRequestSchema,
  OffersSchema,
  RedemptionSchema,
  ServiceRequest,
  ServiceRequestInput,
  ServiceRequestUpdate,
  VoucherSchema,
} from '../../shared/services.ts';
import { request } from './client.ts';

export type Offers = Static<typeof OffersSchema>;
export type Redemption = Static<typeof RedemptionSchema>;

const keys = { offers: ['services', 'offers'] as const, mine: ['account', 'service-requests'] as const };

export function useOffers() {
  return useQuery({ queryKey: keys.offers, queryFn: () => request<Offers>('GET', '/api/services'), staleTime: 3600_000 });
}

export function useMyRequests(enabled: boolean) {
  return useQuery({
    queryKey: keys.mine,
    queryFn: async () => (await request<{ items: ServiceRequest[] }>('GET', '/api/service-requests')).items,
    enabled,
  });
}

export function useSendRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceRequestInput) => request<{ message: string; request: ServiceRequest }>('POST', '/api/service-requests', body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.mine }),
  });
}

export function useRedeemVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) =>
      request<Redemption>('POST', `/api/service-requests/${encodeURIComponent(id)}/voucher`, { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.mine }),
  });
}

// The operator panel (admin accounts): every request, quotes, vouchers.
export type AdminRequest = Static<typeof AdminServiceRequestSchema>;
export type Voucher = Static<typeof VoucherSchema>;
const adminKeys = { requests: ['account', 'admin', 'service-requests'] as const, vouchers: ['account', 'admin', 'vouchers'] as const };

export function useAllRequests() {
  return useQuery({
    queryKey: adminKeys.requests,
    queryFn: async () => (await request<{ items: AdminRequest[] }>('GET', '/api/admin/service-requests')).items,
  });
}

export function useUpdateRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ServiceRequestUpdate }) =>
      request<AdminRequest>('POST', `/api/admin/service-requests/${encodeURIComponent(id)}`, change),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account'] }),
  });
}

export function useVouchers() {
  return useQuery({
    queryKey: adminKeys.vouchers,
    queryFn: async () => (await request<{ items: Voucher[] }>('GET', '/api/admin/vouchers')).items,
  });
}

export function useIssueVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { valueUsdt: number; recipient?: string; note?: string }) =>
      request<{ code: string; voucher: Voucher }>('POST', '/api/admin/vouchers', body),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.vouchers }),
  });
}
