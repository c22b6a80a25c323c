import { useQuery } from '@tanstack/react-query';
import type { Introduction, IntroductionDetail, Single } from '@pb/core';
import { api } from '../../../lib/http';
import { adminKeys, useAdminList, useAdminMutation, type ListParams } from './adminQueries';

/** The introductions register in the back office: /api/admin/introductions. */

export const useAdminIntroductions = (params: ListParams) =>
  useAdminList<Introduction>('introductions', '/admin/introductions', params);

/** One introduction with its timeline (admins read every one). */
export function useAdminIntroduction(id: number | null) {
  return useQuery({
    queryKey: [...adminKeys.all, 'introduction', id] as const,
    queryFn: ({ signal }) => api<Single<IntroductionDetail>>(`/introductions/${id}`, { signal }),
    enabled: id !== null,
  });
}

export const useResolveIntroduction = () =>
  useAdminMutation((v: { id: number; note: string }) =>
    api<Single<IntroductionDetail>>(`/admin/introductions/${v.id}/resolution`, {
      method: 'POST',
      body: { data: { note: v.note } },
    }),
  );
