/**
 * The watches API (issue 32): watches, their events and their delivery log. Shapes come
 * from src/shared/watches.ts (the wire schemas' types); none is declared here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Watch, WatchDelivery, WatchDetail, WatchInput } from '../../shared/watches.ts';
import { request } from './client.ts';

export type { Watch, WatchDelivery, WatchDetail, WatchEvent, WatchInput } from '../../shared/watches.ts';

const id = (value: string) => encodeURIComponent(value);

export const watchesApi = {
  list: () => request<{ watches: Watch[] }>('GET', '/api/watches'),
  get: (watchId: string) => request<WatchDetail>('GET', `/api/watches/${id(watchId)}`),
  create: (input: WatchInput) => request<{ watch: Watch; secret: string | null }>('POST', '/api/watches', input),
  remove: (watchId: string) => request<unknown>('DELETE', `/api/watches/${id(watchId)}`),
  deliveries: (watchId: string) => request<{ deliveries: WatchDelivery[] }>('GET', `/api/watches/${id(watchId)}/deliveries`),
  redeliver: (watchId: string, deliveryId: string) =>
    request<{ delivery: WatchDelivery }>('POST', `/api/watches/${id(watchId)}/deliveries/${id(deliveryId)}/redeliver`),
};

const keys = {
  all: ['watches'] as const,
  one: (watchId: string) => ['watches', watchId] as const,
  deliveries: (watchId: string) => ['watches', watchId, 'deliveries'] as const,
};

/** The account's watches; refreshed every 10 s, so a verdict changed by an event shows in the list too. */
export function useWatches() {
  return useQuery({ queryKey: keys.all, queryFn: async () => (await watchesApi.list()).watches, refetchInterval: 10_000 });
}

/** A watch and its events; refreshed every 10 s while open, so a new alert appears without a reload. */
export function useWatch(watchId: string | undefined) {
  return useQuery({
    queryKey: keys.one(watchId ?? ''),
    queryFn: () => watchesApi.get(watchId!),
    enabled: watchId !== undefined,
    refetchInterval: 10_000,
  });
}

export function useDeliveries(watchId: string | undefined) {
  return useQuery({
    queryKey: keys.deliveries(watchId ?? ''),
    queryFn: async () => (await watchesApi.deliveries(watchId!)).deliveries,
    enabled: watchId !== undefined,
    refetchInterval: 5_000,
  });
}

export function useCreateWatch() {
  const client = useQueryClient();
  return useMutation({ mutationFn: watchesApi.create, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export function useRemoveWatch() {
  const client = useQueryClient();
  return useMutation({ mutationFn: watchesApi.remove, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export function useRedeliver(watchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => watchesApi.redeliver(watchId, deliveryId),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.deliveries(watchId) }),
  });
}
