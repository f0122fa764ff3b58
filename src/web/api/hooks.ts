/** TanStack Query hooks over the resources: caching, refetching and the session's CSRF token. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../../shared/account.ts';
import { setCsrfToken } from './client.ts';
import { api, queryKeys } from './resources.ts';

export function useSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: async () => {
      const info = await api.session();
      setCsrfToken(info.csrfToken);
      return info;
    },
    staleTime: 60_000,
  });
}

/** After log-in, verification or reset: the new session's token and account, and fresh data. */
export function useAdoptSession() {
  const client = useQueryClient();
  return (info: SessionInfo) => {
    setCsrfToken(info.csrfToken);
    client.removeQueries({ queryKey: ['account'] });
    client.setQueryData(queryKeys.session, info);
  };
}

export function useLogOut(everywhere = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: everywhere ? api.logOutEverywhere : api.logOut,
    onSuccess: async () => {
      client.removeQueries({ queryKey: ['account'] });
      await client.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

export function useOverview() {
  return useQuery({ queryKey: queryKeys.overview, queryFn: api.overview });
}

export function useKeys() {
  return useQuery({ queryKey: queryKeys.keys, queryFn: api.keys });
}

export function useCreateKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: api.createKey, onSuccess: () => client.invalidateQueries({ queryKey: ['account'] }) });
}

export function useRevokeKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: api.revokeKey, onSuccess: () => client.invalidateQueries({ queryKey: ['account'] }) });
}
