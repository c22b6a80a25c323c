import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@pb/core';
import { api } from './http';

export const publicConfigKey = ['public-config'] as const;

/** GET /api/public-config: run-time settings of the public site (PublicConfig, @pb/core). */
export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/public-config', { signal });
}

/** Shared by the public pages and the guarded area (the office's address). */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: 5 * 60_000,
  });
}
