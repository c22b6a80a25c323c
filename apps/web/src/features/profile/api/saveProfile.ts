import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type OwnUser } from '@pb/core';
import { api, ApiError } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';
import { ownUserKey } from './ownUser';

/** Profile save (spec §7): optional image upload, PUT /api/users/:id, the replaced image removed. */

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
  /** Sent with public: true — the form's text says the directory is visible to everyone. */
  publicDirectoryConsent?: true;
  profile_img?: string | null;
  profile_img_id?: number | null;
}

/** The image upload failed: its message belongs next to the image field. */
export class ImageUploadFailed extends Error {}

export function updateProfile(userId: number, body: ProfileUpdate): Promise<OwnUser> {
  return api<OwnUser>(`/users/${userId}`, { method: 'PUT', body: { ...body } });
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

export function deleteUpload(id: number): Promise<unknown> {
  return api(`/upload/files/${id}`, { method: 'DELETE' });
}

export interface SaveProfileInput {
  userId: number;
  fields: Pick<ProfileUpdate, 'username' | 'email' | 'description'>;
  /** Consultants only: services, visibility and the profile image. */
  consultant?: {
    services: string[];
    public: boolean;
    stored: { url: string | null; id: number | null };
    image: { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'removed' };
  };
}

export async function saveProfile({ userId, fields, consultant }: SaveProfileInput): Promise<OwnUser> {
  if (!consultant) return updateProfile(userId, fields);
  const { stored, image } = consultant;
  let profileImg = stored.url;
  let profileImgId = stored.id;
  if (image.kind === 'new') {
    let uploaded;
    try {
      uploaded = await uploadImage(image.file);
    } catch (error) {
      throw new ImageUploadFailed(error instanceof ApiError ? error.message : MSG.profileSaveFailed);
    }
    // spec §7: the old image is removed when it is replaced
    if (stored.id) await deleteUpload(stored.id).catch(() => undefined);
    profileImg = uploaded.url;
    profileImgId = uploaded.id;
  } else if (image.kind === 'removed') {
    if (stored.id) await deleteUpload(stored.id).catch(() => undefined);
    profileImg = null;
    profileImgId = null;
  }
  return updateProfile(userId, {
    ...fields,
    services: consultant.services,
    public: consultant.public,
    ...(consultant.public ? { publicDirectoryConsent: true as const } : {}),
    profile_img: profileImg,
    profile_img_id: profileImgId,
  });
}

/** Saves and puts the answer into the own-user query. */
export function useSaveProfile(config: MutationConfig<OwnUser, SaveProfileInput> = {}) {
  const client = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation({
    ...rest,
    mutationFn: saveProfile,
    onSuccess: (updated, input, ...more) => {
      client.setQueryData(ownUserKey(input.userId), updated);
      return onSuccess?.(updated, input, ...more);
    },
  });
}
