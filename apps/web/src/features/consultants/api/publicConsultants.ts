import { useQuery } from '@tanstack/react-query';
import type { PublicConsultant } from '@pb/core';
import { api, toQuery } from '../../../lib/http';

export const publicConsultantsKey = ['users', 'public-consultants'] as const;

/** Spec §7: GET /users?filters[public][$eq]=true — the listed consultants. */
export async function fetchPublicConsultants(): Promise<PublicConsultant[]> {
  const result = await api<PublicConsultant[] | { data: PublicConsultant[] }>(
    `/users${toQuery({ filters: { public: { $eq: true } } })}`,
  );
  return Array.isArray(result) ? result : result.data;
}

export function usePublicConsultants() {
  return useQuery({
    queryKey: publicConsultantsKey,
    queryFn: fetchPublicConsultants,
    staleTime: 0,
  });
}
