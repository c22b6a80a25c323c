import { useQuery } from '@tanstack/react-query';
import type { BankStatement, BankStatementImport, IncomingPayment, PaymentAssignment, PaymentClearing } from '@pb/core';
import { api } from '../../../lib/http';
import { adminKeys, useAdminMutation } from './adminQueries';

/** The back office's incoming money (issue 34): /api/admin/bank-statements and /api/admin/payments. */

export function usePayments(state: 'unklar' | 'alle') {
  return useQuery({
    queryKey: adminKeys.list('payments', { state }),
    queryFn: ({ signal }) =>
      api<{ data: IncomingPayment[] }>(`/admin/payments?state=${state}`, { signal }).then((r) => r.data),
  });
}

export function useBankStatements() {
  return useQuery({
    queryKey: adminKeys.list('bank-statements', {}),
    queryFn: ({ signal }) => api<{ data: BankStatement[] }>('/admin/bank-statements', { signal }).then((r) => r.data),
  });
}

/** POST the file as multipart (field 'files'); the answer says what was booked. */
export const useImportBankStatement = () =>
  useAdminMutation((file: File) => {
    const form = new FormData();
    form.append('files', file, file.name);
    return api<{ data: BankStatementImport }>('/admin/bank-statements', { method: 'POST', body: form }).then(
      (r) => r.data,
    );
  });

export const useAssignPayment = () =>
  useAdminMutation(({ id, assignment }: { id: number; assignment: PaymentAssignment }) =>
    api<{ data: IncomingPayment }>(`/admin/payments/${id}/allocations`, {
      method: 'POST',
      body: { data: assignment },
    }),
  );

export const useClearPayment = () =>
  useAdminMutation(({ id, clearing }: { id: number; clearing: PaymentClearing }) =>
    api<{ data: IncomingPayment }>(`/admin/payments/${id}/clear`, { method: 'POST', body: { data: clearing } }),
  );
