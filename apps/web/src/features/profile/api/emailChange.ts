import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnUser } from '@pb/core';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';
import { ownUserKey } from './ownUser';

/** The pending e-mail change (docs/decisions/0009): both answers are the own user, put into its query. */

/** Mails a fresh confirmation link for the pending e-mail change. */
export function resendEmailChange(): Promise<OwnUser> {
  return api<OwnUser>('/users/me/email-change/resend', { method: 'POST' });
}

/** Withdraws the pending e-mail change; the current address stays. */
export function cancelEmailChange(): Promise<OwnUser> {
  return api<OwnUser>('/users/me/email-change', { method: 'DELETE' });
}

function useEmailChangeMutation(fn: () => Promise<OwnUser>, userId: number, config: MutationConfig<OwnUser, void>) {
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

export const useResendEmailChange = (userId: number, config: MutationConfig<OwnUser, void> = {}) =>
  useEmailChangeMutation(resendEmailChange, userId, config);

export const useCancelEmailChange = (userId: number, config: MutationConfig<OwnUser, void> = {}) =>
  useEmailChangeMutation(cancelEmailChange, userId, config);
