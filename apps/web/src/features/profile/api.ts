import { useQuery } from '@tanstack/react-query';
import type { AuthUser, LoginResponse } from '@pb/core';
import { api } from '../../lib/http';

/** Profile calls (spec §7): own user, save, password change, deactivation, profile image. */

export interface UploadedFile {
  id: number;
  url: string;
  name: string;
  ext: string;
  mime: string;
  size: number;
}

export interface ProfileUpdate {
  username: string;
  email: string;
  description: string;
  services?: string[];
  public?: boolean;
  profile_img?: string | null;
  profile_img_id?: number | null;
}

export const meQueryKey = (userId: number) => ['users', 'me', userId] as const;

export function useMe(userId: number) {
  return useQuery({
    queryKey: meQueryKey(userId),
    queryFn: () => api<AuthUser>('/users/me'),
    staleTime: 0,
  });
}

export function updateProfile(userId: number, body: ProfileUpdate): Promise<AuthUser> {
  return api<AuthUser>(`/users/${userId}`, { method: 'PUT', body: { ...body } });
}

export function changePassword(
  currentPassword: string,
  password: string,
  passwordConfirmation: string,
): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/change-password', {
    method: 'POST',
    body: { currentPassword, password, passwordConfirmation },
  });
}

export function deactivateAccount(userId: number): Promise<unknown> {
  return api(`/users/${userId}`, { method: 'DELETE' });
}

export async function uploadImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('files', file, file.name);
  const files = await api<UploadedFile[]>('/upload', { method: 'POST', body: form });
  const first = files[0];
  if (!first) throw new Error('upload returned no file');
  return first;
}

export function deleteUpload(id: number): Promise<unknown> {
  return api(`/upload/files/${id}`, { method: 'DELETE' });
}

/** Mails a fresh confirmation link for the pending e-mail change (docs/decisions/0009). */
export function resendEmailChange(): Promise<AuthUser> {
  return api<AuthUser>('/users/me/email-change/resend', { method: 'POST' });
}

/** Withdraws the pending e-mail change; the current address stays. */
export function cancelEmailChange(): Promise<AuthUser> {
  return api<AuthUser>('/users/me/email-change', { method: 'DELETE' });
}
