import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@pb/core';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';
import { ownUserKey } from './ownUser';

/** The pending e-mail change (docs/decisions/0009): both answers are the own user, put into its query. */

/** Mails a fresh confirmation link for the pending e-mail change. */
export function resendEmailChange(): Promise<AuthUser> {
  return api<AuthUser>('/users/me/email-change/resend', { method: 'POST' });
}

/** Withdraws the pending e-mail change; the current address stays. */
export function cancelEmailChange(): Promise<AuthUser> {
  return api<AuthUser>('/users/me/email-change', { method: 'DELETE' });
}

function useEmailChangeMutation(fn: () => Promise<AuthUser>, userId: number, config: MutationConfig<AuthUser, void>) {
  const client = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation({
    ...rest,
    mutationFn: fn,
    onSuccess: (user, ...more) => {
      client.setQueryData(ownUserKey(userId), user);
      return onSuccess?.(user, ...more);
    },
  });
}

export const useResendEmailChange = (userId: number, config: MutationConfig<AuthUser, void> = {}) =>
  useEmailChangeMutation(resendEmailChange, userId, config);

export const useCancelEmailChange = (userId: number, config: MutationConfig<AuthUser, void> = {}) =>
  useEmailChangeMutation(cancelEmailChange, userId, config);
