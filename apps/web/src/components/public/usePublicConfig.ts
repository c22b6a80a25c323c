import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';

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

export const publicConfigQuery = {
  queryKey: ['public-config'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<PublicConfig>('/public-config', { signal }),
  staleTime: 5 * 60_000,
};

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
