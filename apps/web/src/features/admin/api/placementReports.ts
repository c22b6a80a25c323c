import {
  MSG,
  type AdminPlacementReport,
  type InvoiceAddress,
  type InvoiceCorrection,
  type PlacementStatusChange,
  type PlacementReviewRequest,
  type Single,
} from '@pb/core';
import { downloadWithToken } from '../../../lib/download';
import { api, toQuery } from '../../../lib/http';
import { useAdminList, useAdminMutation, type ListParams } from './adminQueries';

/** The back office's placement reports: /api/admin/placement-reports. */

export const useAdminPlacementReports = (params: ListParams) =>
  useAdminList<AdminPlacementReport>('placement-reports', '/admin/placement-reports', params);

export const useChangePlacementStatus = () =>
  useAdminMutation(
    (v: { id: number; status: PlacementStatusChange['status']; invoiceAddress?: InvoiceAddress | undefined }) =>
      api<Single<AdminPlacementReport>>(`/admin/placement-reports/${v.id}/status`, {
        method: 'PUT',
        body: { status: v.status, ...(v.invoiceAddress ? { invoiceAddress: v.invoiceAddress } : {}) },
      }),
  );

/** POST /api/admin/placement-reports/:id/correction: new bonus/salary; storno and a new invoice. */
export const useCorrectInvoicedAmount = () =>
  useAdminMutation((v: { id: number; correction: InvoiceCorrection }) =>
    api<Single<AdminPlacementReport>>(`/admin/placement-reports/${v.id}/correction`, {
      method: 'POST',
      body: v.correction,
    }),
  );

/** The CSV needs the Bearer token, so it is fetched and handed to the browser as a file. */
export function downloadPlacementCsv(params: ListParams): Promise<void> {
  return downloadWithToken(`/api/admin/placement-reports.csv${toQuery(params)}`, MSG.internal);
}

/** PUT /api/admin/placement-reports/:id/review: release (with the amounts to invoice) or discard, audited. */
export const useReviewPlacement = () =>
  useAdminMutation((v: { id: number; review: PlacementReviewRequest }) =>
    api<Single<AdminPlacementReport>>(`/admin/placement-reports/${v.id}/review`, { method: 'PUT', body: v.review }),
  );
