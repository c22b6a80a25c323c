import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** The provider's office address from GET /api/public-config. */
export function useOfficeEmail(): string | undefined {
  const { data } = useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => api<{ officeEmail: string }>('/public-config', { signal }),
    staleTime: 5 * 60_000,
  });
  return data?.officeEmail;
}
