import { useQuery } from '@tanstack/react-query';
import type { AdminOrganisation, AdminOrganisationDetail, RegisterCheckRequest, Single } from '@pb/core';
import { api } from '../../../lib/http';
import { adminKeys, useAdminList, useAdminMutation, type ListParams } from './adminQueries';

/** The back office's organisations: /api/admin/organisations (issue 31). */

export const useAdminOrganisations = (params: ListParams) =>
  useAdminList<AdminOrganisation>('organisations', '/admin/organisations', params);

export function useAdminOrganisation(id: number | null) {
  return useQuery({
    queryKey: adminKeys.list('organisation', { id }),
    queryFn: ({ signal }) =>
      api<Single<AdminOrganisationDetail>>(`/admin/organisations/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
  });
}

export const useRecordRegisterCheck = () =>
  useAdminMutation((v: { id: number } & RegisterCheckRequest) =>
    api<Single<AdminOrganisationDetail>>(`/admin/organisations/${v.id}/register-checks`, {
      method: 'POST',
      body: { field: v.field, value: v.value, note: v.note },
    }),
  );
