import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@pb/core';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

/** POST /api/auth/change-password: answers with a fresh token (older ones are revoked). */
export function changePassword(body: ChangePasswordInput): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/change-password', { method: 'POST', body: { ...body } });
}

export function useChangePassword(config: MutationConfig<LoginResponse, ChangePasswordInput> = {}) {
  return useMutation({ ...config, mutationFn: changePassword });
}
