import { useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@pb/core';
import { api } from '../../../lib/http';

/**
 * Whether this session may use the back office: admins must have proved a second factor
 * (decision 0028; the server answers 403 SecondFactorRequired otherwise). Same key as the
 * security page's status, so enrolling there opens the back office at once.
 */
export function useSecondFactorGate() {
  return useQuery({ queryKey: ['two-factor'], queryFn: () => api<TwoFactorStatus>('/two-factor'), staleTime: 0 });
}
