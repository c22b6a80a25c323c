import { useMutation } from '@tanstack/react-query';
import type { RegisterResponse } from '@pb/core';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';

export interface RegisterBody {
  username: string;
  email: string;
  password: string;
  description?: string;
  role: 'company' | 'consultant';
}

/** POST /api/auth/local/register (the role is chosen here, never later). */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return api<RegisterResponse>('/auth/local/register', { method: 'POST', body: { ...body } });
}

export function useRegister(config: MutationConfig<RegisterResponse, RegisterBody> = {}) {
  return useMutation({ ...config, mutationFn: register });
}
