import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EarningsOverview,
  GuaranteeClaim,
  GuaranteeClaimRequest,
  GuaranteeDecisionRequest,
  Invoice,
  StoredFile,
} from '@pb/core';
import { api } from '../../lib/http';
import { useServerEvent } from '../../lib/socket';

/** The money after a placement (issue 12): earnings, billing, invoices, guarantee claims. */

export const moneyKeys = {
  all: ['money'] as const,
  earnings: ['money', 'earnings'] as const,
  billing: ['money', 'billing'] as const,
  adminInvoices: ['money', 'admin', 'invoices'] as const,
  adminClaims: ['money', 'admin', 'claims'] as const,
};

/** GET /api/earnings: 'Meine Vermittlungen' (consultant). */
export function useEarnings() {
  return useQuery({
    queryKey: moneyKeys.earnings,
    queryFn: ({ signal }) => api<{ data: EarningsOverview }>('/earnings', { signal }),
  });
}

/** GET /api/billing: 'Rechnungen und Vermittlungen' (company). */
export function useBilling() {
  return useQuery({
    queryKey: moneyKeys.billing,
    queryFn: ({ signal }) => api<{ data: EarningsOverview }>('/billing', { signal }),
  });
}

/** POST /api/placements/:id/guarantee-claim, then the documents (if any) to the new claim. */
export function useClaimGuarantee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      reportId,
      claim,
      files,
    }: {
      reportId: number;
      claim: GuaranteeClaimRequest;
      files: File[];
    }) => {
      const created = await api<{ data: GuaranteeClaim }>(`/placements/${reportId}/guarantee-claim`, {
        method: 'POST',
        body: { data: claim },
      });
      if (files.length > 0) {
        const form = new FormData();
        for (const file of files) form.append('files', file, file.name);
        await api<{ data: StoredFile[] }>(`/guarantee-claims/${created.data.id}/documents`, {
          method: 'POST',
          body: form,
        });
      }
      return created.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export function useAdminInvoices() {
  return useQuery({
    queryKey: moneyKeys.adminInvoices,
    queryFn: ({ signal }) => api<{ data: Invoice[] }>('/admin/invoices', { signal }),
  });
}

export function useAdminClaims() {
  return useQuery({
    queryKey: moneyKeys.adminClaims,
    queryFn: ({ signal }) => api<{ data: GuaranteeClaim[] }>('/admin/guarantee-claims', { signal }),
  });
}

/** PUT /api/admin/guarantee-claims/:id: accept, or reject with a reason. */
export function useDecideClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: GuaranteeDecisionRequest }) =>
      api<{ data: GuaranteeClaim }>(`/admin/guarantee-claims/${id}`, { method: 'PUT', body: { data: decision } }),
    onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

/** An invoice issued or a claim filed or decided elsewhere: the pages reload (`billing:changed`). */
export function useBillingLiveUpdates(): void {
  const client = useQueryClient();
  useServerEvent('billing:changed', () => void client.invalidateQueries({ queryKey: moneyKeys.all }));
}
