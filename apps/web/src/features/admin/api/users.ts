import { useQuery } from '@tanstack/react-query';
import type { AdminUser, Collection, Single } from '@pb/core';
import { api, toQuery } from '../../../lib/http';
import { adminKeys, useAdminList, useAdminMutation, type ListParams } from './adminQueries';

/** The back office's accounts: /api/admin/users. */

export const useAdminUsers = (params: ListParams) => useAdminList<AdminUser>('users', '/admin/users', params);

/** Every company, for the advertisement form's owner select. */
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

export const useResendUserConfirmation = () =>
  useAdminMutation((id: number) => api<unknown>(`/admin/users/${id}/resend-confirmation`, { method: 'POST' }));

export const useDeleteUser = () =>
  useAdminMutation((id: number) => api<unknown>(`/admin/users/${id}`, { method: 'DELETE' }));
