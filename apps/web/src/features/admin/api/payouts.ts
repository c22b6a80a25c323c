import { useQuery } from '@tanstack/react-query';
import type {
  CreditNoteObjectionResolution,
  PayoutBatch,
  PayoutBatchRequest,
  PayoutDecision,
  PayoutItem,
} from '@pb/core';
import { api } from '../../../lib/http';
import { adminKeys, useAdminMutation } from './adminQueries';

/** The back office's outgoing money (issue 34): /api/admin/payout-items and /api/admin/payout-batches. */

export function usePayoutItems(state: 'offen' | 'alle') {
  return useQuery({
    queryKey: adminKeys.list('payout-items', { state }),
    queryFn: ({ signal }) =>
      api<{ data: PayoutItem[] }>(`/admin/payout-items?state=${state}`, { signal }).then((r) => r.data),
  });
}

export function usePayoutBatches() {
  return useQuery({
    queryKey: adminKeys.list('payout-batches', {}),
    queryFn: ({ signal }) => api<{ data: PayoutBatch[] }>('/admin/payout-batches', { signal }).then((r) => r.data),
  });
}

/** Issues the credit notes of every agency share due now; answers how many. */
export const useSettleDueShares = () =>
  useAdminMutation(() =>
    api<{ data: { settled: number } }>('/admin/payout-items/settle', { method: 'POST' }).then((r) => r.data.settled),
  );

export const useCreatePayoutBatch = () =>
  useAdminMutation((batch: PayoutBatchRequest) =>
    api<{ data: PayoutBatch }>('/admin/payout-batches', { method: 'POST', body: { data: batch } }).then((r) => r.data),
  );

/** What the bank did with one transfer of a batch. */
export const useDecidePayout = () =>
  useAdminMutation(({ batchId, itemId, decision }: { batchId: number; itemId: number; decision: PayoutDecision }) =>
    api<{ data: { decided: number } }>(`/admin/payout-batches/${batchId}/items/${itemId}`, {
      method: 'PUT',
      body: { data: decision },
    }).then((r) => r.data.decided),
  );

/** Every open transfer of the batch is paid out. */
export const useMarkBatchPaid = () =>
  useAdminMutation((batchId: number) =>
    api<{ data: { decided: number } }>(`/admin/payout-batches/${batchId}/paid`, { method: 'POST' }).then(
      (r) => r.data.decided,
    ),
  );

/** How the office resolved an agency's objection to a credit note (once): its payout may be paid again. */
export const useResolveObjection = () =>
  useAdminMutation(
    ({ creditNoteId, resolution }: { creditNoteId: number; resolution: CreditNoteObjectionResolution }) =>
      api<null>(`/admin/credit-notes/${creditNoteId}/objection`, { method: 'PUT', body: { data: resolution } }),
  );
