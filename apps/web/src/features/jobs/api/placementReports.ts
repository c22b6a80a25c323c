import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyPlacementReport, PlacementReportRequest, PlacementReportResult } from '@pb/core';
import { api } from '../../../lib/http';
import { jobKeys } from './jobs';

/** What the forms send; the server trims, checks and forces the reporter's fields. */
export type PlacementReportInput =
  | (Omit<Extract<PlacementReportRequest, { variant: 'company' }>, 'placementBonus' | 'actualSalary'> & {
      placementBonus: number;
      actualSalary: number;
    })
  | (Omit<Extract<PlacementReportRequest, { variant: 'consultant' }>, 'placementBonus' | 'actualSalary'> & {
      placementBonus: number;
      actualSalary: number;
    });

/** POST /api/placement-reports: stores the report and deactivates the advertisement. */
export function useReportPlacement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: PlacementReportInput) =>
      api<{ data: PlacementReportResult }>('/placement-reports', { method: 'POST', body: { data } }).then(
        (r) => r.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/** Query keys of the placement reports (the live updates invalidate `all`). */
export const placementReportKeys = {
  all: ['placement-reports'] as const,
  mine: () => ['placement-reports', 'mine'] as const,
};

/** GET /api/placement-reports/mine: consultants' reports on the company's ads, with objection state. */
export function useCompanyPlacementReports(enabled: boolean) {
  return useQuery({
    queryKey: placementReportKeys.mine(),
    queryFn: () => api<{ data: CompanyPlacementReport[] }>('/placement-reports/mine').then((r) => r.data),
    enabled,
    staleTime: 30_000,
  });
}

/** POST /api/placement-reports/:id/objection: the ad is active again, the report flagged for the office. */
export function useObjectToPlacement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      api<{ data: CompanyPlacementReport }>(`/placement-reports/${id}/objection`, {
        method: 'POST',
        body: { data: { note } },
      }).then((r) => r.data),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: jobKeys.all }),
        client.invalidateQueries({ queryKey: placementReportKeys.mine() }),
      ]),
  });
}
