import { and, eq, not } from 'drizzle-orm';
import {
  ORGANISATION_PROFILE_MSG,
  type MemberRole,
  type OrganisationProfile,
  type OrganisationProfileUpdate,
} from '@pb/core';
import type { Db } from '../../db/client';
import { organisations, uploads } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { recordAudit } from '../../services/audit';
import { isUniqueViolation, savedAsLogo } from '../accounts';
import { profileImageUrl } from '../../services/image-urls';
import type { ActingMember } from './policy';
import type { OrganisationRow } from './queries';

/**
 * The public profile of an organisation (decision 0031 "The public profile"): description,
 * services, contact address, logo and — for agencies — the directory listing. Its administrators
 * change it; every member reads it; the directory and the advertisements show it.
 */

type ProfileFields = Pick<
  OrganisationRow,
  | 'id'
  | 'kind'
  | 'name'
  | 'description'
  | 'services'
  | 'contactEmail'
  | 'logoUploadId'
  | 'public'
  | 'publicDirectoryConsentAt'
  | 'trackRecordPublic'
>;

/** The profile as the members see it; the logo's address is signed for them (not yet public, perhaps). */
export function presentOrganisationProfile(
  row: ProfileFields,
  myRole: MemberRole,
  imageSecret: string,
): OrganisationProfile {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    services: Array.isArray(row.services) ? row.services : [],
    contactEmail: row.contactEmail,
    logo: profileImageUrl(row.logoUploadId, imageSecret),
    logoId: row.logoUploadId,
    public: row.public,
    publicDirectoryConsentAt: row.publicDirectoryConsentAt?.toISOString() ?? null,
    trackRecordPublic: row.trackRecordPublic,
    editable: myRole === 'administrator',
  };
}

/** What an administrator's change would leave; refuses what the organisation's kind cannot have. */
function nextProfile(before: OrganisationRow, change: OrganisationProfileUpdate, now: Date) {
  const isAgency = before.kind === 'agency';
  // The schema trims each entry; what is left empty is no service.
  const services = change.services?.filter((s) => s.length > 0);
  if (!isAgency) {
    // A company's form may send the agency fields empty or off, never set.
    if (change.public === true || change.publicDirectoryConsent === true) {
      throw badRequest(ORGANISATION_PROFILE_MSG.agenciesOnlyListed);
    }
    if ((services && services.length > 0) || (change.logoId !== undefined && change.logoId !== null)) {
      throw badRequest(ORGANISATION_PROFILE_MSG.agenciesOnlyLogo);
    }
    // A company's figures are shown to every signed-in user anyway (issue 36); only agencies choose.
    if (change.trackRecordPublic === true) throw badRequest(ORGANISATION_PROFILE_MSG.agenciesOnlyTrackRecord);
  }
  const isPublic = change.public ?? before.public;
  if (change.publicDirectoryConsent === true && !isPublic)
    throw badRequest(ORGANISATION_PROFILE_MSG.consentNeedsPublic);
  // The first consent to the directory for everyone is kept; taking it back or leaving the directory ends it.
  const consentAt =
    !isPublic || change.publicDirectoryConsent === false
      ? null
      : change.publicDirectoryConsent === true
        ? (before.publicDirectoryConsentAt ?? now)
        : before.publicDirectoryConsentAt;
  return {
    description: change.description === undefined ? before.description : change.description || null,
    services: services ?? before.services,
    contactEmail: change.contactEmail === undefined ? before.contactEmail : change.contactEmail,
    logoUploadId: change.logoId === undefined ? before.logoUploadId : change.logoId,
    public: isAgency ? isPublic : false,
    publicDirectoryConsentAt: isAgency ? consentAt : null,
    trackRecordPublic: isAgency ? (change.trackRecordPublic ?? before.trackRecordPublic) : false,
  };
}

/**
 * An administrator saves the public profile. A new logo must be an image this administrator
 * uploaded that no organisation uses; the logo it replaces is deleted with its file (after the
 * commit: an orphan file is harmless, a missing one is not).
 */
export async function saveOrganisationProfile(
  db: Db,
  storage: FileStorage,
  actor: ActingMember,
  change: OrganisationProfileUpdate,
  now: Date,
): Promise<OrganisationRow> {
  const organisationId = actor.organisation.organisationId;
  const { row, removedKey } = await db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('update');
      if (!before) throw notFound();
      const next = nextProfile(before, change, now);
      if (next.logoUploadId !== null && next.logoUploadId !== before.logoUploadId) {
        const [upload] = await tx
          .select({ id: uploads.id })
          .from(uploads)
          .where(
            and(
              eq(uploads.id, next.logoUploadId),
              eq(uploads.purpose, 'profile_image'),
              eq(uploads.ownerId, actor.id),
              not(savedAsLogo),
            ),
          )
          .limit(1);
        if (!upload) throw badRequest(ORGANISATION_PROFILE_MSG.invalidLogo);
      }
      const [saved] = await tx
        .update(organisations)
        .set({ ...next, updatedAt: now })
        .where(eq(organisations.id, organisationId))
        .returning();
      let removed: string | null = null;
      if (before.logoUploadId !== null && before.logoUploadId !== next.logoUploadId) {
        const [gone] = await tx
          .delete(uploads)
          .where(eq(uploads.id, before.logoUploadId))
          .returning({ storageKey: uploads.storageKey });
        removed = gone?.storageKey ?? null;
      }
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
        (key) => JSON.stringify(next[key]) !== JSON.stringify(before[key]),
      );
      if (changed.length > 0) {
        await recordAudit(tx, actor, {
          action: 'organisation.profile',
          entity: 'organisation',
          entityId: organisationId,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, next[key]])),
        });
      }
      return { row: saved!, removedKey: removed };
    })
    .catch((error: unknown) => {
      // The same upload saved for two organisations at once (one administrator of both): the
      // unique index lets one win; the other is told the logo is not usable, never a 500.
      if (isUniqueViolation(error)) throw badRequest(ORGANISATION_PROFILE_MSG.invalidLogo);
      throw error;
    });
  if (removedKey !== null) await storage.remove(removedKey).catch(() => undefined);
  return row;
}
