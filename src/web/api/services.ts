/** The Services page's resources and hooks: offers, requests, vouchers (typed from src/spec/schemas/services.ts). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { OffersSchema, RedemptionSchema, ServiceRequest, ServiceRequestInput } from '../../spec/schemas/services.ts';
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
