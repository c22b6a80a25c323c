import { useQuery } from '@tanstack/react-query';
import type { CircumventionCase, CircumventionCaseDecisionRequest, CircumventionCaseOpenRequest } from '@pb/core';
import { api } from '../../../lib/http';
import { adminKeys, useAdminMutation } from './adminQueries';

/** The office's circumvention cases (issue 34): /api/admin/circumvention-cases. */

export type CaseFilter = 'offen' | 'alle';

/** Newest first, with the register's evidence; 'offen': not decided yet. */
export function useAdminCircumventionCases(state: CaseFilter, enabled = true) {
  return useQuery({
    queryKey: adminKeys.list('circumvention-cases', { state }),
    queryFn: ({ signal }) =>
      api<{ data: CircumventionCase[] }>(`/admin/circumvention-cases?state=${state}`, { signal }).then((r) => r.data),
    enabled,
  });
}

/** Opens a case on a flagged report: the hearing letter is mailed to the company. */
export const useOpenCircumventionCase = () =>
  useAdminMutation((opening: CircumventionCaseOpenRequest) =>
    api<{ data: CircumventionCase }>('/admin/circumvention-cases', { method: 'POST', body: { data: opening } }).then(
      (r) => r.data,
    ),
  );

/** Decides a heard case; a finding answers with the penalty invoice. */
export const useDecideCircumventionCase = () =>
  useAdminMutation(({ id, decision }: { id: number; decision: CircumventionCaseDecisionRequest }) =>
    api<{ data: CircumventionCase }>(`/admin/circumvention-cases/${id}/decision`, {
      method: 'POST',
      body: { data: decision },
    }).then((r) => r.data),
  );
