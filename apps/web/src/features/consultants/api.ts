import { useQuery } from '@tanstack/react-query';
import type { PublicConsultant } from '@pb/core';
import { api, toQuery } from '../../lib/http';

/** Spec §7: GET /users?filters[public][$eq]=true — the listed consultants. */
export function usePublicConsultants() {
  return useQuery({
    queryKey: ['users', 'public-consultants'],
    queryFn: async () => {
      const result = await api<PublicConsultant[] | { data: PublicConsultant[] }>(
        `/users${toQuery({ filters: { public: { $eq: true } } })}`,
      );
      return Array.isArray(result) ? result : result.data;
    },
    staleTime: 0,
  });
}
