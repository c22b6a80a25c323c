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

/** Billing after a placement (issue 12, the server's billing area): earnings, company billing, invoices, guarantee claims. */

export const billingKeys = {
  all: ['billing'] as const,
  earnings: ['billing', 'earnings'] as const,
  companyBilling: ['billing', 'company'] as const,
  adminInvoices: ['billing', 'admin', 'invoices'] as const,
  adminClaims: ['billing', 'admin', 'claims'] as const,
};

/** The query of 'Meine Vermittlungen': one member of the agency, or all (administrators, Buchhaltung). */
export function earningsQuery(member: number | undefined): string {
  return member === undefined ? '' : `?member=${member}`;
}

/** GET /api/earnings: 'Meine Vermittlungen' (the agency's, or the consultant's own). */
export function useEarnings(member?: number) {
  return useQuery({
    queryKey: [...billingKeys.earnings, member ?? 'all'],
    queryFn: ({ signal }) => api<{ data: EarningsOverview }>(`/earnings${earningsQuery(member)}`, { signal }),
  });
}

/** GET /api/billing: 'Rechnungen und Vermittlungen' (company). */
export function useBilling() {
  return useQuery({
    queryKey: billingKeys.companyBilling,
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
    onSettled: () => client.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

export function useAdminInvoices() {
  return useQuery({
    queryKey: billingKeys.adminInvoices,
    queryFn: ({ signal }) => api<{ data: Invoice[] }>('/admin/invoices', { signal }),
  });
}

export function useAdminClaims() {
  return useQuery({
    queryKey: billingKeys.adminClaims,
    queryFn: ({ signal }) => api<{ data: GuaranteeClaim[] }>('/admin/guarantee-claims', { signal }),
  });
}

/** PUT /api/admin/guarantee-claims/:id: accept, or reject with a reason. */
export function useDecideClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: GuaranteeDecisionRequest }) =>
      api<{ data: GuaranteeClaim }>(`/admin/guarantee-claims/${id}`, { method: 'PUT', body: { data: decision } }),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/** An invoice issued or a claim filed or decided elsewhere: the pages reload (`billing:changed`). */
export function useBillingLiveUpdates(): void {
  const client = useQueryClient();
  useServerEvent('billing:changed', () => void client.invalidateQueries({ queryKey: billingKeys.all }));
}
