import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';

/** POST /api/auth/send-email-confirmation: a fresh confirmation link for an unconfirmed account. */
export function resendEmailConfirmation(email: string): Promise<unknown> {
  return api('/auth/send-email-confirmation', { method: 'POST', body: { email } });
}

export function useResendEmailConfirmation(config: MutationConfig<unknown, string> = {}) {
  return useMutation({ ...config, mutationFn: resendEmailConfirmation });
}
