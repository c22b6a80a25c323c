import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionList } from '@pb/core';
import { api } from '../../../lib/http';

/** The own open sessions (decision 0028). */
export const sessionsKey = ['sessions'] as const;

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => api<SessionList>('/sessions'), staleTime: 0 });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndAllSessions() {
  return useMutation({ mutationFn: () => api('/sessions/logout-all', { method: 'POST' }) });
}
