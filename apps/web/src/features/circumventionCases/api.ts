import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CircumventionCase } from '@pb/core';
import { api } from '../../lib/http';

/**
 * The circumvention cases about the member's company (issue 34), for its administrators:
 * GET /api/circumvention-cases and the statement, PUT /api/circumvention-cases/:id/answer.
 */

export const caseKeys = { all: ['circumvention-cases'] as const };

export function useCircumventionCases(enabled: boolean) {
  return useQuery({
    queryKey: caseKeys.all,
    queryFn: ({ signal }) => api<{ data: CircumventionCase[] }>('/circumvention-cases', { signal }).then((r) => r.data),
    enabled,
  });
}

/** The company's written statement: once, until the deadline. */
export function useAnswerCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: string }) =>
      api<{ data: CircumventionCase }>(`/circumvention-cases/${id}/answer`, {
        method: 'PUT',
        body: { data: { answer } },
      }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: caseKeys.all }),
  });
}
