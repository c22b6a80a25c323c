import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
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

/**
 * What a change of the factors is confirmed with: the password and, once the account has a second
 * factor, a code from the app or a recovery code — or, with the code left empty, the own passkey.
 */
export interface Confirmation {
  password: string;
  code: string;
  /** Ask the browser for a passkey assertion when no code was typed (the account has a passkey). */
  passkey: boolean;
}

/** The body of a change: the password plus the second factor's proof (decision 0028). */
async function changeBody(c: Confirmation): Promise<Record<string, unknown>> {
  const code = c.code.trim();
  if (code) return { password: c.password, code };
  if (!c.passkey) return { password: c.password };
  const { options } = await api<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    '/two-factor/step-up/passkey-options',
    { method: 'POST', body: {} },
  );
  const assertion = await startAuthentication({ optionsJSON: options });
  return { password: c.password, passkey: assertion as unknown as Record<string, unknown> };
}

export const useTotpSetup = () =>
  useTwoFactorChange(async (c: Confirmation) =>
    api<TotpSetup>('/two-factor/totp/setup', { method: 'POST', body: await changeBody(c) }),
  );

export const useTotpConfirm = () =>
  useTwoFactorChange((code: string) =>
    api<RecoveryCodes>('/two-factor/totp/confirm', { method: 'POST', body: { code } }),
  );

export const useTotpDisable = () =>
  useTwoFactorChange(async (c: Confirmation) =>
    api('/two-factor/totp/disable', { method: 'POST', body: await changeBody(c) }),
  );

export const useNewRecoveryCodes = () =>
  useTwoFactorChange(async (c: Confirmation) =>
    api<RecoveryCodes>('/two-factor/recovery-codes', { method: 'POST', body: await changeBody(c) }),
  );

/** Registers a passkey: options from the server, the browser's authenticator, its answer back. */
export const useAddPasskey = () =>
  useTwoFactorChange(async ({ confirmation, name }: { confirmation: Confirmation; name: string }) => {
    const { options } = await api<{ options: PublicKeyCredentialCreationOptionsJSON }>('/two-factor/passkeys/options', {
      method: 'POST',
      body: await changeBody(confirmation),
    });
    const credential = await startRegistration({ optionsJSON: options });
    return api<PasskeyCreated>('/two-factor/passkeys', {
      method: 'POST',
      body: { name, credential: credential as unknown as Record<string, unknown> },
    });
  });

export const useRemovePasskey = () =>
  useTwoFactorChange(async ({ id, confirmation }: { id: number; confirmation: Confirmation }) =>
    api(`/two-factor/passkeys/${id}/remove`, { method: 'POST', body: await changeBody(confirmation) }),
  );
