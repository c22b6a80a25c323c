import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MSG,
  type AdminAuditEntry,
  type AdminContactMessage,
  type AdminDashboard,
  type AdminJob,
  type AdminPlacementReport,
  type AdminUser,
  type AuthUser,
  type Collection,
  type District,
  type PlacementStatus,
  type Single,
} from '@pb/core';
import { api, toQuery } from '../../lib/http';
import { downloadWithToken } from '../../lib/download';
import type { JobPayload } from '../../components/jobForm/JobFields';

/** Back office endpoints (/api/admin/*): one fetcher and hook per endpoint. */

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  list: (name: string, params: Record<string, unknown>) => ['admin', name, params] as const,
};

export type ListParams = Record<string, unknown>;

function useAdminList<T>(name: string, path: string, params: ListParams) {
  return useQuery({
    queryKey: adminKeys.list(name, params),
    queryFn: ({ signal }) => api<Collection<T>>(`${path}${toQuery(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every admin write may change any list and the dashboard: refresh the whole back office. */
function useAdminMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useMe() {
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => api<AuthUser>('/users/me', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => api<Single<AdminDashboard>>('/admin/dashboard', { signal }).then((r) => r.data),
  });
}

// ---------- advertisements ----------

export const useAdminJobs = (params: ListParams) => useAdminList<AdminJob>('jobs', '/admin/jobs', params);

export function useAdminJob(id: number | null) {
  return useQuery({
    queryKey: adminKeys.list('job', { id }),
    queryFn: ({ signal }) =>
      api<Collection<AdminJob>>(`/admin/jobs${toQuery({ filters: { id: { $eq: id } } })}`, { signal }).then(
        (r) => r.data[0] ?? null,
      ),
    enabled: id !== null,
  });
}

export type AdminJobPayload = JobPayload;

export const useCreateAdminJob = () =>
  useAdminMutation((v: { companyId: number; data: AdminJobPayload }) =>
    api<Single<AdminJob>>('/admin/jobs', { method: 'POST', body: { companyId: v.companyId, data: { ...v.data } } }),
  );

export const useUpdateAdminJob = () =>
  useAdminMutation((v: { id: number; data: AdminJobPayload }) =>
    api<Single<AdminJob>>(`/admin/jobs/${v.id}`, { method: 'PUT', body: { data: { ...v.data } } }),
  );

export const usePublishAdminJob = () =>
  useAdminMutation((v: { id: number; published: boolean }) =>
    api<Single<AdminJob>>(`/admin/jobs/${v.id}/publish`, { method: 'PUT', body: { published: v.published } }),
  );

// ---------- placement reports ----------

export const usePlacementReports = (params: ListParams) =>
  useAdminList<AdminPlacementReport>('placement-reports', '/admin/placement-reports', params);

export const useChangePlacementStatus = () =>
  useAdminMutation((v: { id: number; status: Exclude<PlacementStatus, 'gemeldet'> }) =>
    api<Single<AdminPlacementReport>>(`/admin/placement-reports/${v.id}/status`, {
      method: 'PUT',
      body: { status: v.status },
    }),
  );

/** The CSV needs the Bearer token, so it is fetched and handed to the browser as a file. */
export function downloadPlacementCsv(params: ListParams): Promise<void> {
  return downloadWithToken(`/api/admin/placement-reports.csv${toQuery(params)}`, MSG.internal);
}

// ---------- users ----------

export const useAdminUsers = (params: ListParams) => useAdminList<AdminUser>('users', '/admin/users', params);

export function useCompanies() {
  return useQuery({
    queryKey: adminKeys.list('companies', {}),
    queryFn: ({ signal }) =>
      api<Collection<AdminUser>>(
        `/admin/users${toQuery({ filters: { role: { $eq: 'company' } }, sort: 'username:asc', pagination: { limit: 500 } })}`,
        { signal },
      ).then((r) => r.data),
    staleTime: 60_000,
  });
}

export const useBlockUser = () =>
  useAdminMutation((v: { id: number; blocked: boolean }) =>
    api<Single<AdminUser>>(`/admin/users/${v.id}/block`, { method: 'PUT', body: { blocked: v.blocked } }),
  );

export const useResendConfirmation = () =>
  useAdminMutation((id: number) => api<unknown>(`/admin/users/${id}/resend-confirmation`, { method: 'POST' }));

export const useDeleteUser = () =>
  useAdminMutation((id: number) => api<unknown>(`/admin/users/${id}`, { method: 'DELETE' }));

// ---------- contact messages ----------

export const useContactMessages = (params: ListParams) =>
  useAdminList<AdminContactMessage>('contact-messages', '/admin/contact-messages', params);

export const useMarkHandled = () =>
  useAdminMutation((v: { id: number; handled: boolean }) =>
    api<Single<AdminContactMessage>>(`/admin/contact-messages/${v.id}/handled`, {
      method: 'PUT',
      body: { handled: v.handled },
    }),
  );

// ---------- districts ----------

export function useAllDistricts() {
  return useQuery({
    queryKey: adminKeys.list('districts', {}),
    queryFn: ({ signal }) =>
      api<Collection<District>>('/districts?pagination[limit]=500', { signal }).then((r) => r.data),
  });
}

export function useDistrictMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['districts'] });
  };
  const create = useMutation({
    mutationFn: (v: { name: string; state: string }) =>
      api<Single<District>>('/admin/districts', { method: 'POST', body: v }),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: (v: { id: number; name: string }) =>
      api<Single<District>>(`/admin/districts/${v.id}`, { method: 'PUT', body: { name: v.name } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api<Single<District>>(`/admin/districts/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, rename, remove };
}

// ---------- audit log ----------

export const useAuditLog = (params: ListParams) =>
  useAdminList<AdminAuditEntry>('audit-log', '/admin/audit-log', params);
