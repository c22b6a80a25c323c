import type { AuthUser, EmailObjectionResult, LoginResponse } from '@pb/core';
import { MSG } from '@pb/core';
import { api, ApiError } from '../../lib/http';
import { getSession } from '../../lib/session';

/** Account calls of the public auth screens (spec §7). */

export interface RegisterBody {
  username: string;
  email: string;
  password: string;
  description?: string;
  role: 'company' | 'consultant';
}

export function login(identifier: string, password: string): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/local', { method: 'POST', body: { identifier, password } });
}

export function register(body: RegisterBody): Promise<{ user: AuthUser }> {
  return api<{ user: AuthUser }>('/auth/local/register', { method: 'POST', body: { ...body } });
}

export function resendConfirmation(email: string): Promise<unknown> {
  return api('/auth/send-email-confirmation', { method: 'POST', body: { email } });
}

export function forgotPassword(email: string): Promise<unknown> {
  return api('/auth/forgot-password', { method: 'POST', body: { email } });
}

export function resetPassword(code: string, password: string, passwordConfirmation: string): Promise<unknown> {
  return api('/auth/reset-password', { method: 'POST', body: { code, password, passwordConfirmation } });
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

/** The German text to show for a failed call: the server's message, or a generic one when offline. */
export function errorText(error: unknown, fallback: string = MSG.internal): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** The objection from the notice to the old address (docs/decisions/0009-email-change.md). */
export function objectToEmailChange(token: string): Promise<{ status: EmailObjectionResult; message: string }> {
  return api<{ status: EmailObjectionResult; message: string }>('/email-change/object', {
    method: 'POST',
    body: { token },
  });
}
