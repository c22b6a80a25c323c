import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type OrganisationProfile, type OrganisationProfileUpdateInput } from '@pb/core';
import { api, ApiError } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';
import { deleteUpload, uploadImage } from './saveProfile';

/**
 * The public profile of the session's organisation (issue 31): GET /api/organisation/profile for
 * its members, PUT for its administrators. A new logo is uploaded first (POST /api/upload) and
 * then saved with its id; the server deletes the logo it replaces.
 */

export const organisationProfileKey = (organisationId: number) => ['organisation', 'profile', organisationId] as const;

export function useOrganisationProfile(organisationId: number | null) {
  return useQuery({
    queryKey: organisationProfileKey(organisationId ?? 0),
    queryFn: () => api<{ data: OrganisationProfile }>('/organisation/profile'),
    select: (answer) => answer.data,
    enabled: organisationId !== null,
    staleTime: 0,
  });
}

/** The logo upload failed: its message belongs next to the image field. */
export class LogoUploadFailed extends Error {}

export interface SaveOrganisationProfileInput {
  /** Description, services, contact address, listing (the logo follows from `logo`). */
  fields: Omit<OrganisationProfileUpdateInput, 'logoId'>;
  /** Agencies only: keep the logo, replace it by a new file or remove it. */
  logo?: { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'removed' };
}

export async function saveOrganisationProfile({
  fields,
  logo,
}: SaveOrganisationProfileInput): Promise<OrganisationProfile> {
  let logoId: number | null | undefined;
  if (logo?.kind === 'new') {
    try {
      logoId = (await uploadImage(logo.file)).id;
    } catch (error) {
      throw new LogoUploadFailed(error instanceof ApiError ? error.message : MSG.profileSaveFailed);
    }
  } else if (logo?.kind === 'removed') {
    logoId = null;
  }
  try {
    const answer = await api<{ data: OrganisationProfile }>('/organisation/profile', {
      method: 'PUT',
      body: { ...fields, ...(logoId !== undefined ? { logoId } : {}) },
    });
    return answer.data;
  } catch (error) {
    // The new image was not saved as the logo: it would only linger on the server.
    if (logo?.kind === 'new' && typeof logoId === 'number') await deleteUpload(logoId).catch(() => undefined);
    throw error;
  }
}

/** Saves and puts the answer into the profile's query. */
export function useSaveOrganisationProfile(
  config: MutationConfig<OrganisationProfile, SaveOrganisationProfileInput> = {},
) {
  const client = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation({
    ...rest,
    mutationFn: saveOrganisationProfile,
    onSuccess: (saved, ...more) => {
      client.setQueryData(organisationProfileKey(saved.id), { data: saved });
      // The directory shows the profile: its next visit reads it again.
      void client.invalidateQueries({ queryKey: ['agencies'] });
      return onSuccess?.(saved, ...more);
    },
  });
}
