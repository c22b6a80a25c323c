import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlacementReportRequest } from '@pb/core';
import { api } from '../../../lib/http';
import { jobKeys } from './jobs';

export interface PlacementReportResult {
  id: number;
  placementFee: number;
  serviceFee: number;
}

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
