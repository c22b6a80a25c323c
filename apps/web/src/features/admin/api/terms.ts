import { useQuery } from '@tanstack/react-query';
import type { AdminTermsDecision, AdminTermsVersion, TermsVersionRequest } from '@pb/core';
import { api } from '../../../lib/http';
import { adminKeys, useAdminMutation } from './adminQueries';

/** The back office's terms versions: /api/admin/terms-versions (issue 31). */

export function useTermsVersions() {
  return useQuery({
    queryKey: adminKeys.list('terms-versions', {}),
    queryFn: ({ signal }) =>
      api<{ data: AdminTermsVersion[] }>('/admin/terms-versions', { signal }).then((r) => r.data),
  });
}

export function useTermsDecisions(versionId: number | null) {
  return useQuery({
    queryKey: adminKeys.list('terms-decisions', { versionId }),
    queryFn: ({ signal }) =>
      api<{ data: AdminTermsDecision[] }>(`/admin/terms-versions/${versionId}/decisions`, { signal }).then(
        (r) => r.data,
      ),
    enabled: versionId !== null,
  });
}

export const usePublishTermsVersion = () =>
  useAdminMutation((body: TermsVersionRequest) =>
    api<{ data: { id: number; told: number } }>('/admin/terms-versions', { method: 'POST', body }),
  );
