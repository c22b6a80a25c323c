import { useMutation } from '@tanstack/react-query';
import type { LoginOutcome } from '@pb/core';
import { deviceId } from '../../../lib/deviceId';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';
import { getSession } from '../../../lib/session';

export interface LoginInput {
  identifier: string;
  password: string;
}

/** POST /api/auth/local (spec §7): a session, or the second step's challenge (decision 0028). */
export function login({ identifier, password }: LoginInput): Promise<LoginOutcome> {
  return api<LoginOutcome>('/auth/local', {
    method: 'POST',
    body: { identifier, password, deviceId: deviceId() },
  });
}

export function useLogin(config: MutationConfig<LoginOutcome, LoginInput> = {}) {
  return useMutation({ ...config, mutationFn: login });
}

/** Spec §4 Login / §7: records the last login of the stored user; failures do not block the login. */
export async function recordLastLogin(): Promise<void> {
  const session = getSession();
  if (!session?.userId) return;
  try {
    await api(`/users/${session.userId}`, { method: 'PUT', body: { last_login: new Date().toISOString() } });
  } catch {
    // a missing last-login stamp must not keep anyone out
  }
}
