import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CONSENT_MSG,
  formatDate,
  INTRODUCTION_MSG,
  missingProfileFields,
  PROFILE_FIELD_LABELS,
  PROFILE_MSG,
  type AnonymousProfile,
  type RequirableProfileField,
  MEMBER_PERMISSION_MSG,
  memberMay,
  MSG,
  subordinateNotice,
  type IntroductionRequest,
} from '@pb/core';
import type { Db } from '../../db/client';
import { introductions, jobs, organisationMembers, organisations, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { assertContractRunning } from '../../services/contract';
import { hasRole } from '../../services/policies';
import type { UploadedFile } from '../../lib/uploads';
import { ensureConversation, removeStoredFiles, storeFile, writeMessage, type StagedFile } from '../chat';
import { activeBonusOf, ownershipColumns } from '../jobs';
import { createNotifications, settingsOf } from '../../services/notifications/centre';
import { enqueueMail } from '../../services/mail-outbox';
import { candidateContact, FINGERPRINT_VERSION } from './fingerprint';
import { nameMatchMail, newIntroductionMail } from './mails';
import { consentExpiry, consentToken, consentTokenHash, consentUrl, newConsentNonce } from './consent-link';
import { consentRequestMail } from './consent-mails';
import { liveClaim, sameCandidate, sameNameElsewhere } from './matching';
import { sameCompany } from './former-companies';
import { appendRegisterEntry, candidateCommitment, lockRegister } from './register';
import type { Caller, IntroductionContext, IntroductionOutcome } from './service';

/**
 * 'Kandidat vorstellen': the introduction, its register entry, its chat message and CV, and the
 * mails — to the company, and from the platform to the candidate, whose confirmation releases
 * the identity (issue 35; consent.ts).
 */

/**
 * The chat message an introduction travels as: the anonymised profile only (issue 35), as the
 * company may see it before the candidate agreed. The CV is its file, shown to the company once
 * the identity is released (chat/policy).
 */
function introductionMessageText(profile: AnonymousProfile): string {
  const years = profile.experienceYears === 1 ? '1 Jahr' : `${profile.experienceYears} Jahre`;
  return `Kandidatenvorstellung (anonymisiertes Profil): ${profile.position}, ${years} Berufserfahrung, ${profile.region}`;
}

/** The company's field set for this advertisement: a missing required part is a 400 naming them all. */
function assertRequiredProfileFields(profile: AnonymousProfile, required: readonly RequirableProfileField[]): void {
  const missing = missingProfileFields(profile, required);
  if (missing.length > 0) throw badRequest(PROFILE_MSG.requiredByCompany(missing.map((f) => PROFILE_FIELD_LABELS[f])));
}

/** The candidate confirms by mail: an address of the introducing agency's own members cannot be theirs. */
async function assertNotAgencyAddress(tx: Db, agencyOrganisationId: number, email: string): Promise<void> {
  const [own] = await tx
    .select({ id: users.id })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, agencyOrganisationId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (own) throw badRequest(CONSENT_MSG.agencyEmail);
}

/**
 * 'Kandidat vorstellen': records the introduction with the bonus in force now and the
 * server's time, posts it into the conversation (CV as the message's file), appends the
 * register entry and mails the company. The introduction and its claim belong to the
 * consultant's agency (issue 31): another agency's earlier live claim on the same candidate
 * with the same company makes it 'nachrangig' (the notice names the day, never who); the
 * agency introducing the same candidate for the same advertisement again — by any of its
 * members — is refused.
 */
export async function introduceCandidate(
  db: Db,
  consultant: Caller,
  input: IntroductionRequest,
  cv: UploadedFile | undefined,
  ctx: IntroductionContext,
): Promise<IntroductionOutcome & { notice: string | null }> {
  if (!hasRole(consultant, 'consultant')) throw forbidden(INTRODUCTION_MSG.consultantOnly);
  const agency = consultant.organisation;
  if (agency?.kind !== 'agency') throw forbidden(INTRODUCTION_MSG.consultantOnly);
  if (!memberMay(agency, 'introductions.write')) throw forbidden(MEMBER_PERMISSION_MSG['introductions.write']);
  const { phone, fingerprints } = candidateContact(ctx.fingerprintSecret, input);
  const stored: StagedFile[] = cv ? [await storeFile(ctx.storage, cv)] : [];
  try {
    return await db.transaction(async (tx) => {
      // Claims are decided one at a time: the register lock is held from the checks to the commit.
      // Taken before the advertisement's row, like every register command (account deletion and the
      // retention run hold it and then write advertisements): otherwise the two could deadlock.
      await lockRegister(tx);
      const [job] = await tx
        .select({ ...ownershipColumns, requiredProfileFields: jobs.requiredProfileFields })
        .from(jobs)
        .where(eq(jobs.id, input.advertisement))
        .for('share');
      if (!job || job.ownerId === null || job.organisationId === null || job.publishedAt === null) {
        throw notFound(MSG.advertisementGone);
      }
      assertRequiredProfileFields(input.profile, job.requiredProfileFields);
      await assertNotAgencyAddress(tx, agency.organisationId, input.email);
      // The claim rules compare companies: the advertisement's organisation and its contact person.
      const companyParty = { contactId: job.ownerId, organisationId: job.organisationId };
      const [company] = await tx
        .select({ id: users.id, email: users.email, blocked: users.blocked, name: organisations.name })
        .from(users)
        .innerJoin(organisations, eq(organisations.id, job.organisationId))
        .where(eq(users.id, job.ownerId));
      if (!company) throw notFound(MSG.advertisementGone);
      await assertContractRunning(tx, [agency.organisationId], ctx.now);
      await assertContractRunning(tx, [job.organisationId], ctx.now, 'counterparty');

      const candidate = sameCandidate(fingerprints)!;
      const [duplicate] = await tx
        .select({ id: introductions.id })
        .from(introductions)
        .where(
          and(
            eq(introductions.jobId, job.id),
            eq(introductions.agencyOrganisationId, agency.organisationId),
            candidate,
          ),
        )
        .limit(1);
      if (duplicate) throw conflict(INTRODUCTION_MSG.duplicate);
      const [prior] = await tx
        .select({ introducedAt: introductions.introducedAt })
        .from(introductions)
        .where(
          and(
            // the company, or a former account of it (deleted and registered again)
            sameCompany(companyParty, ctx.now),
            // another agency's claim; a colleague's is the agency's own
            sql`${introductions.agencyOrganisationId} IS DISTINCT FROM ${agency.organisationId}`,
            candidate,
            liveClaim,
          ),
        )
        .orderBy(asc(introductions.introducedAt))
        .limit(1);

      const nameMatch = prior
        ? undefined
        : await sameNameElsewhere(tx, companyParty, agency.organisationId, fingerprints);
      const bonus = (await activeBonusOf(tx, job.id)) ?? 0;
      const conversation = await ensureConversation(
        tx,
        {
          jobId: job.id,
          agencyOrganisationId: agency.organisationId,
          consultantId: consultant.id,
          companyOrganisationId: job.organisationId,
          companyId: job.ownerId,
        },
        ctx.now,
      );
      const posted = await writeMessage(
        tx,
        consultant,
        conversation,
        { text: introductionMessageText(input.profile), stored, notify: false },
        ctx,
      );
      const salt = randomBytes(16).toString('hex');
      const nonce = newConsentNonce();
      const [row] = await tx
        .insert(introductions)
        .values({
          jobId: job.id,
          companyId: job.ownerId,
          consultantId: consultant.id,
          conversationId: conversation.id,
          messageId: posted.message.id,
          jobTitle: job.jobTitle,
          companyName: company.name,
          agencyOrganisationId: agency.organisationId,
          companyOrganisationId: job.organisationId,
          introducedByMemberId: agency.memberId,
          consultantName: consultant.username,
          bonus,
          introducedAt: ctx.now,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone,
          pitch: input.pitch ?? null,
          cvUploadId: posted.files[0]?.id ?? null,
          // The candidate's own answer decides (issue 35); longer keeping is theirs to agree to as well.
          consentAt: null,
          consentState: 'pending',
          consentRequestedAt: ctx.now,
          consentNonce: nonce,
          profile: input.profile,
          keepLonger: false,
          emailFingerprint: fingerprints.email,
          phoneFingerprint: fingerprints.phone,
          candidateSalt: salt,
          nameFingerprint: fingerprints.name ?? null,
          nameMatchOf: nameMatch?.id ?? null,
          subordinate: prior !== undefined,
          priorIntroducedAt: prior?.introducedAt ?? null,
          status: 'neu',
          statusChangedAt: ctx.now,
        })
        .returning({ id: introductions.id });
      const token = consentToken(ctx.registerSecret, row!.id, nonce);
      await tx
        .update(introductions)
        .set({ consentTokenHash: consentTokenHash(token) })
        .where(eq(introductions.id, row!.id));
      await appendRegisterEntry(tx, ctx.registerSecret, {
        introductionId: row!.id,
        kind: 'introduced',
        at: ctx.now,
        data: {
          jobId: job.id,
          companyId: job.ownerId,
          consultantId: consultant.id,
          // Since 0037: the agency the claim belongs to and the company it was made to.
          agencyOrganisationId: agency.organisationId,
          companyOrganisationId: job.organisationId,
          bonus,
          // Since 0048 the candidate answers the request themselves (consent_confirmed).
          consent: 'requested',
          candidate: candidateCommitment(salt, fingerprints, FINGERPRINT_VERSION),
          fingerprintVersion: FINGERPRINT_VERSION,
          nameMatchOf: nameMatch?.id ?? null,
          subordinate: prior !== undefined,
          // Since 0026 the day 'nachrangig' names is a register fact too (register:verify compares it).
          priorIntroducedAt: prior?.introducedAt.toISOString() ?? null,
          status: 'neu',
        },
      });
      const ref = { id: row!.id, jobTitle: job.jobTitle, introducedAt: ctx.now };
      await createNotifications(
        tx,
        [
          {
            userId: company.id,
            kind: 'introduction',
            title: 'Neue Kandidatenvorstellung (anonymisiert)',
            body: `Nr. ${row!.id} zu „${job.jobTitle}“`,
            link: `/advertisements/introductions/${row!.id}`,
          },
        ],
        ctx.now,
        { mail: false },
      );
      if (nameMatch) {
        await enqueueMail(tx, nameMatchMail(ctx.officeEmail, { ...ref, otherId: nameMatch.id }, ctx.publicUrl));
      }
      await enqueueMail(
        tx,
        consentRequestMail(input.email, {
          agencyName: agency.organisationName,
          companyName: company.name,
          jobTitle: job.jobTitle,
          url: consentUrl(ctx.publicUrl, token),
          expiresAt: consentExpiry({ consentRequestedAt: ctx.now })!,
        }),
      );
      if (!company.blocked && (await settingsOf(tx, company.id)).introduction === 'app_mail') {
        await enqueueMail(tx, newIntroductionMail(company.email, ref, ctx.publicUrl));
      }
      return {
        introductionId: row!.id,
        message: { message: posted.presented, parties: conversation },
        revived: false,
        notice: prior ? subordinateNotice(formatDate(prior.introducedAt)) : null,
      };
    });
  } catch (error) {
    await removeStoredFiles(ctx.storage, stored);
    throw error;
  }
}
