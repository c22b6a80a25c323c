import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnUser } from '@pb/core';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';
import { ownUserKey } from './ownUser';

/**
 * The own account's save (spec §7): PUT /api/users/:id with name and e-mail address. Description,
 * services and image belong to the organisation's public profile (organisationProfile.ts).
 */

export interface UploadedFile {
  id: number;
  url: string;
  name: string;
  ext: string;
  mime: string;
  size: number;
}

export interface AccountUpdate {
  username: string;
  email: string;
}

export interface SaveAccountInput {
  userId: number;
  fields: AccountUpdate;
}

export function saveAccount({ userId, fields }: SaveAccountInput): Promise<OwnUser> {
  return api<OwnUser>(`/users/${userId}`, { method: 'PUT', body: { ...fields } });
}

/** POST /api/upload (multipart "files"): the first stored file. */
export async function uploadImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('files', file, file.name);
  const files = await api<UploadedFile[]>('/upload', { method: 'POST', body: form });
  const first = files[0];
  if (!first) throw new Error('upload returned no file');
  return first;
}

/** DELETE /api/upload/files/:id: an own upload that is not saved as a logo. */
export function deleteUpload(id: number): Promise<unknown> {
  return api(`/upload/files/${id}`, { method: 'DELETE' });
}

/** Saves and puts the answer into the own-user query. */
export function useSaveAccount(config: MutationConfig<OwnUser, SaveAccountInput> = {}) {
  const client = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation({
    ...rest,
    mutationFn: saveAccount,
    onSuccess: (updated, input, ...more) => {
      client.setQueryData(ownUserKey(input.userId), updated);
      return onSuccess?.(updated, input, ...more);
    },
  });
}
