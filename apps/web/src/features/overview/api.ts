import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Overview } from '@pb/core';
import { api } from '../../lib/http';
import { useServerEvent, useSocketConnected } from '../../lib/socket';

const overviewKey = ['overview'] as const;

/**
 * GET /api/overview: the member's tasks, fetched again whenever something they count may have
 * changed (a live event, or a reconnect after which events may have been missed).
 */
export function useOverview() {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: overviewKey }), [queryClient]);
  useServerEvent('introduction:changed', refresh);
  useServerEvent('chat:message', refresh);
  useServerEvent('billing:changed', refresh);
  useServerEvent('placement:reported', refresh);
  useServerEvent('notification:new', refresh);
  useSocketConnected(refresh);
  return useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => api<{ data: Overview }>('/overview', { signal }).then((r) => r.data),
  });
}
