import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyCreated, RecoveryCodes, TotpSetup, TwoFactorStatus } from '@pb/core';
import { api } from '../../../lib/http';

/** The own second factors (decision 0028): GET /api/two-factor and the changes to it. */
export const twoFactorKey = ['two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKey, queryFn: () => api<TwoFactorStatus>('/two-factor'), staleTime: 0 });
}

/** A change of the second factors; the status (and the back office's gate) is read again after it. */
function useTwoFactorChange<TInput, TData>(mutationFn: (input: TInput) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export const useTotpSetup = () =>
  useTwoFactorChange((password: string) =>
    api<TotpSetup>('/two-factor/totp/setup', { method: 'POST', body: { password } }),
  );

export const useTotpConfirm = () =>
  useTwoFactorChange((code: string) =>
    api<RecoveryCodes>('/two-factor/totp/confirm', { method: 'POST', body: { code } }),
  );

export const useTotpDisable = () =>
  useTwoFactorChange((password: string) => api('/two-factor/totp/disable', { method: 'POST', body: { password } }));

export const useNewRecoveryCodes = () =>
  useTwoFactorChange((password: string) =>
    api<RecoveryCodes>('/two-factor/recovery-codes', { method: 'POST', body: { password } }),
  );

/** Registers a passkey: options from the server, the browser's authenticator, its answer back. */
export const useAddPasskey = () =>
  useTwoFactorChange(async ({ password, name }: { password: string; name: string }) => {
    const { options } = await api<{ options: PublicKeyCredentialCreationOptionsJSON }>('/two-factor/passkeys/options', {
      method: 'POST',
      body: { password },
    });
    const credential = await startRegistration({ optionsJSON: options });
    return api<PasskeyCreated>('/two-factor/passkeys', {
      method: 'POST',
      body: { name, credential: credential as unknown as Record<string, unknown> },
    });
  });

export const useRemovePasskey = () =>
  useTwoFactorChange(({ id, password }: { id: number; password: string }) =>
    api(`/two-factor/passkeys/${id}/remove`, { method: 'POST', body: { password } }),
  );
