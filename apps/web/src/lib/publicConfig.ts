import { useQuery } from '@tanstack/react-query';
import { api } from './http';

/** GET /api/public-config: run-time settings of the public site. */
export interface PublicConfig {
  introVideoUrl: string | null;
  officeEmail: string;
  imprint: {
    company: string;
    address: string;
    email: string;
    phone: string;
    register: string;
    vatId: string;
    ceo: string;
    chamber: string;
    authority: string;
    trade: string;
  };
}

export const publicConfigKey = ['public-config'] as const;

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
