import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditNoteObjectionRequest, PayoutAccount, PayoutAccountRequest, PayoutsPage } from '@pb/core';
import { api } from '../../lib/http';
import { billingKeys } from '../../components/billing/api';

/**
 * 'Auszahlungen' of an organisation (issue 34): GET /api/payouts, PUT
 * /api/organisation/payout-account, an agency's objection to a credit note and the withdrawal of
 * its agreement to self-billing. Under the billing keys, so `billing:changed` reloads it too.
 */

export const payoutKeys = {
  page: [...billingKeys.all, 'payouts'] as const,
};

export function usePayouts() {
  return useQuery({
    queryKey: payoutKeys.page,
    queryFn: ({ signal }) => api<{ data: PayoutsPage }>('/payouts', { signal }).then((r) => r.data),
  });
}

/** Saves the account (an agency: with its taxation and, the first time, its agreement to self-billing). */
export function useSavePayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (account: PayoutAccountRequest) =>
      api<{ data: PayoutAccount }>('/organisation/payout-account', { method: 'PUT', body: { data: account } }).then(
        (r) => r.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.page }),
  });
}

/** The agency objects to one of its credit notes (once): its payout waits for the office. */
export function useObjectToCreditNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ creditNoteId, objection }: { creditNoteId: number; objection: CreditNoteObjectionRequest }) =>
      api<null>(`/credit-notes/${creditNoteId}/objection`, { method: 'POST', body: { data: objection } }),
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.page }),
  });
}

/** The agency withdraws its agreement to self-billing; answers the account without it. */
export function useWithdrawSelfBilling() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ data: PayoutAccount | null }>('/organisation/self-billing/withdrawal', { method: 'POST' }).then(
        (r) => r.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.page }),
  });
}
