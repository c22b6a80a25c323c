import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';

/** POST /api/auth/forgot-password: mails a reset link. */
export function forgotPassword(email: string): Promise<unknown> {
  return api('/auth/forgot-password', { method: 'POST', body: { email } });
}

export function useForgotPassword(config: MutationConfig<unknown, string> = {}) {
  return useMutation({ ...config, mutationFn: forgotPassword });
}

export interface ResetPasswordInput {
  code: string;
  password: string;
  passwordConfirmation: string;
}

/** POST /api/auth/reset-password with the code from the mail. */
export function resetPassword({ code, password, passwordConfirmation }: ResetPasswordInput): Promise<unknown> {
  return api('/auth/reset-password', { method: 'POST', body: { code, password, passwordConfirmation } });
}

export function useResetPassword(config: MutationConfig<unknown, ResetPasswordInput> = {}) {
  return useMutation({ ...config, mutationFn: resetPassword });
}
