import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutAccount, PayoutAccountRequest, PayoutsPage } from '@pb/core';
import { api } from '../../lib/http';
import { billingKeys } from '../../components/billing/api';

/**
 * 'Auszahlungen' of an organisation (issue 34): GET /api/payouts and PUT
 * /api/organisation/payout-account. Under the billing keys, so `billing:changed` reloads it too.
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
