import { useQuery } from '@tanstack/react-query';
import type { AdminJob, Single } from '@pb/core';
import type { JobPayload } from '../../../components/jobForm/JobFields';
import { api, ApiError } from '../../../lib/http';
import { adminKeys, useAdminList, useAdminMutation, type ListParams } from './adminQueries';

/** The back office's advertisements: /api/admin/jobs. */

export const useAdminJobs = (params: ListParams) => useAdminList<AdminJob>('jobs', '/admin/jobs', params);

export function useAdminJob(id: number | null) {
  return useQuery({
    queryKey: adminKeys.list('job', { id }),
    // null when the server answers 404: the editor says the advertisement is gone.
    queryFn: ({ signal }) =>
      api<Single<AdminJob>>(`/admin/jobs/${id}`, { signal }).then(
        (r) => r.data,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
    enabled: id !== null,
  });
}

export const useCreateAdminJob = () =>
  useAdminMutation((v: { companyId: number; data: JobPayload }) =>
    api<Single<AdminJob>>('/admin/jobs', { method: 'POST', body: { companyId: v.companyId, data: { ...v.data } } }),
  );

export const useUpdateAdminJob = () =>
  useAdminMutation((v: { id: number; data: JobPayload }) =>
    api<Single<AdminJob>>(`/admin/jobs/${v.id}`, { method: 'PUT', body: { data: { ...v.data } } }),
  );

export const usePublishAdminJob = () =>
  useAdminMutation((v: { id: number; published: boolean }) =>
    api<Single<AdminJob>>(`/admin/jobs/${v.id}/publish`, { method: 'PUT', body: { published: v.published } }),
  );
