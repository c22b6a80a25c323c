import { useMutation } from '@tanstack/react-query';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { LoginResponse } from '@pb/core';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';

/** POST /api/auth/second-factor: the challenge and a TOTP or recovery code. */
export function completeWithCode(input: { challenge: string; code: string }): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/second-factor', { method: 'POST', body: input });
}

/** The passkey path: options from the server, the browser's authenticator, the assertion back. */
export async function completeWithPasskey(challenge: string): Promise<LoginResponse> {
  const { options } = await api<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    '/auth/second-factor/passkey-options',
    { method: 'POST', body: { challenge } },
  );
  const credential = await startAuthentication({ optionsJSON: options });
  return api<LoginResponse>('/auth/second-factor/passkey', {
    method: 'POST',
    body: { challenge, credential: credential as unknown as Record<string, unknown> },
  });
}

export function useCompleteWithCode(config: MutationConfig<LoginResponse, { challenge: string; code: string }> = {}) {
  return useMutation({ ...config, mutationFn: completeWithCode });
}

export function useCompleteWithPasskey(config: MutationConfig<LoginResponse, string> = {}) {
  return useMutation({ ...config, mutationFn: completeWithPasskey });
}
