import { and, count, eq, inArray, isNotNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_PLACEMENT_BONUS,
  DEFAULT_YEARLY_PAYMENTS,
  parseAnnualSalary,
  JOB_MSG,
  MAX_JOB_ATTACHMENTS,
  MEMBER_PERMISSION_MSG,
  MSG,
  memberMay,
  jobDataSchema,
  placementBonusSchema,
  type JobAttachment,
  type JobData,
} from '@pb/core';
import type { Db } from '../../db/client';
import { districts, jobAttachments, jobs, organisationTrust, placementBonuses, uploads } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/uploads';
import { assertContractRunning } from '../../services/contract';
import type { CurrentUser } from '../../services/auth';
import { withStoredUploads } from '../../services/stored-uploads';
import { activeBonusOf } from './active-bonus';
import { authorizeOnAdvertisement } from './policy';
import { attachmentUrl } from './repository';

/** Commands that change advertisements: publish, update, deactivate, new bonus. */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const BONUS_MESSAGE = 'Bitte geben Sie eine Prämie zwischen 0 und 100 % an.';

/** Spec §5 publish rules: any missing or wrong field answers the one form message. */
export function parseJobData(raw: unknown): JobData {
  // An empty bonus field means "not given" (create: default 0, update: unchanged), never 0 by coercion.
  let input = raw;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const bonus = (raw as Record<string, unknown>)['placementBonus'];
    if (bonus === null || (typeof bonus === 'string' && bonus.trim() === '')) {
      const { placementBonus: _omit, ...rest } = raw as Record<string, unknown>;
      input = rest;
    }
  }
  const result = jobDataSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const details = { errors: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
  if (issue?.code === 'unrecognized_keys') throw badRequest(`Unbekanntes Feld: ${issue.keys.join(', ')}.`, details);
  if (issue?.path[0] === 'placementBonus') throw badRequest(BONUS_MESSAGE, details);
  if (issue?.code === 'too_big') throw badRequest('Eine Eingabe ist zu lang.', details);
  throw badRequest(MSG.fillAllFields, details);
}

export function parseBonus(raw: unknown): number {
  if (raw === null || raw === undefined || raw === '' || typeof raw === 'boolean') throw badRequest(BONUS_MESSAGE);
  const result = placementBonusSchema.safeParse(raw);
  if (!result.success) throw badRequest(BONUS_MESSAGE);
  return result.data;
}

async function assertDistrict(db: Executor, id: number): Promise<void> {
  const [row] = await db.select({ id: districts.id }).from(districts).where(eq(districts.id, id)).limit(1);
  if (!row) throw badRequest(JOB_MSG.unknownDistrict);
}

function columnsOf(data: JobData) {
  // The € filter of the browser and saved searches reads the parsed range (issue 13).
  const range = parseAnnualSalary(data.salary, data.yearlyPayments ?? DEFAULT_YEARLY_PAYMENTS);
  return {
    salaryMinCents: range?.minCents ?? null,
    salaryMaxCents: range?.maxCents ?? null,
    salaryParsed: true,
    jobTitle: data.jobTitle,
    workingTime: data.workingTime,
    assignment: data.assignment,
    requirements: data.requirements,
    benefits: data.benefits,
    jobInfo: data.jobInfo,
    street: data.location.street,
    postcode: data.location.postcode,
    city: data.location.city,
    salary: data.salary,
    districtId: data.district,
    // § 9 GlBG facts: a field left out (older clients) keeps what is stored; null clears it.
    ...(data.kvMinimum !== undefined ? { kvMinimumCents: data.kvMinimum } : {}),
    ...(data.overpayment !== undefined ? { overpayment: data.overpayment } : {}),
    ...(data.yearlyPayments !== undefined ? { yearlyPayments: data.yearlyPayments } : {}),
    ...(data.requiredProfileFields !== undefined ? { requiredProfileFields: data.requiredProfileFields } : {}),
  };
}

/**
 * Who writes an advertisement: the company organisation it belongs to, its contact person
 * (owner_id) and the member who wrote it — null when the back office wrote it for the company.
 */
export interface AdvertisementAuthor {
  organisationId: number;
  contactId: number;
  memberId: number | null;
  /** Who the bonus record names: the member's person, or the office account. */
  userId: number;
}

/** The author of a member's own write: a member of a company whose role may write advertisements. */
export function memberAsAuthor(user: CurrentUser): AdvertisementAuthor {
  const membership = user.organisation;
  if (!membership || membership.kind !== 'company') throw forbidden(JOB_MSG.notOwner);
  if (!memberMay(membership, 'advertisements.write')) throw forbidden(MEMBER_PERMISSION_MSG['advertisements.write']);
  return {
    organisationId: membership.organisationId,
    contactId: user.id,
    memberId: membership.memberId,
    userId: user.id,
  };
}

/**
 * Publishes a new advertisement of the author's company with its first bonus record; refused once
 * the company's contract has ended (an objection to new terms).
 */
export async function publishJob(db: Executor, author: AdvertisementAuthor, data: JobData, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // The office publishing on the company's behalf has no membership: it hears whose contract ended.
    await assertContractRunning(tx, [author.organisationId], now, author.memberId === null ? 'office' : 'own');
    await assertDistrict(tx, data.district);
    const [row] = await tx
      .insert(jobs)
      .values({
        ...columnsOf(data),
        ownerId: author.contactId,
        organisationId: author.organisationId,
        createdByMemberId: author.memberId,
        updatedByMemberId: author.memberId,
        publishedAt: sql`now()`,
        // The company's median reaction as the last trust run computed it (issue 36): the browser's
        // sort and filter and the saved searches matching this publication read it from the row.
        companyResponseMinutes: sql`(SELECT ${organisationTrust.responseMinutes} FROM ${organisationTrust}
          WHERE ${organisationTrust.organisationId} = ${author.organisationId})`,
      })
      .returning({ id: jobs.id });
    await tx.insert(placementBonuses).values({
      jobId: row!.id,
      bonus: data.placementBonus ?? DEFAULT_PLACEMENT_BONUS,
      createdBy: author.userId,
    });
    return row!.id;
  });
}

/** Loads the advertisement for a change by a member of its company; locks the row inside a transaction. */
async function lockOwned(tx: Tx, id: number, user: CurrentUser) {
  const [row] = await tx
    .select({ id: jobs.id, organisationId: jobs.organisationId, publishedAt: jobs.publishedAt })
    .from(jobs)
    .where(eq(jobs.id, id))
    .for('update');
  return authorizeOnAdvertisement(user, row);
}

/** Replaces the data of an advertisement (locked by the caller); a changed bonus becomes a new record. */
export async function writeJobUpdate(
  tx: Executor,
  id: number,
  data: JobData,
  by: { memberId: number | null; userId: number },
): Promise<void> {
  await assertDistrict(tx, data.district);
  await tx
    .update(jobs)
    .set({ ...columnsOf(data), updatedByMemberId: by.memberId, updatedAt: sql`now()` })
    .where(eq(jobs.id, id));
  if (data.placementBonus !== undefined && data.placementBonus !== (await activeBonusOf(tx, id))) {
    await tx.insert(placementBonuses).values({ jobId: id, bonus: data.placementBonus, createdBy: by.userId });
  }
}

export async function updateJob(db: Db, user: CurrentUser, id: number, data: JobData): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwned(tx, id, user);
    await writeJobUpdate(tx, id, data, { memberId: user.organisation?.memberId ?? null, userId: user.id });
  });
}

/** Soft delete (spec §4): publishedAt becomes null. */
export async function deactivateJob(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwned(tx, id, user);
    await tx
      .update(jobs)
      .set({ publishedAt: null, updatedByMemberId: user.organisation?.memberId ?? null, updatedAt: sql`now()` })
      .where(eq(jobs.id, id));
  });
}

/**
 * Deactivates every live advertisement of the organisations a subquery names (their contract ended);
 * answers which, with their organisation.
 * The alerts' triggers tell watchers, as for any deactivation.
 */
export async function deactivateAdvertisementsOf(
  tx: Db,
  organisations: SQLWrapper,
): Promise<Array<{ id: number; organisationId: number | null }>> {
  return tx
    .update(jobs)
    .set({ publishedAt: null, updatedAt: sql`now()` })
    .where(and(inArray(jobs.organisationId, organisations), isNotNull(jobs.publishedAt)))
    .returning({ id: jobs.id, organisationId: jobs.organisationId });
}

/** What a PUT on an advertisement asks for: {publishedAt: null} alone deactivates it, anything else replaces its data. */
export type JobChange = { kind: 'deactivate' } | { kind: 'update'; data: JobData };

export function parseJobChange(body: Record<string, unknown>): JobChange {
  if ('publishedAt' in body && Object.keys(body).length === 1) {
    if (body['publishedAt'] !== null) throw badRequest('Ein Inserat kann nur deaktiviert werden.');
    return { kind: 'deactivate' };
  }
  return { kind: 'update', data: parseJobData(body) };
}

/** Command: a member of its company deactivates or updates the advertisement. */
export async function changeJob(db: Db, user: CurrentUser, id: number, change: JobChange): Promise<void> {
  if (change.kind === 'deactivate') await deactivateJob(db, user, id);
  else await updateJob(db, user, id, change.data);
}

/** Appends a bonus record; the newest is the active one. Only for its company's members (Administrator, Recruiting) and an active advertisement. */
export async function addBonus(db: Db, user: CurrentUser, jobId: number, bonus: number) {
  return db.transaction(async (tx) => {
    const job = await lockOwned(tx, jobId, user);
    if (!job.publishedAt) throw conflict(JOB_MSG.inactive);
    const [row] = await tx.insert(placementBonuses).values({ jobId, bonus, createdBy: user.id }).returning();
    return row!;
  });
}

/** Command: stores the company's documents, then links them in one transaction (at most MAX_JOB_ATTACHMENTS). */
export async function addAttachments(
  db: Db,
  storage: FileStorage,
  user: CurrentUser,
  jobId: number,
  files: UploadedFile[],
): Promise<JobAttachment[]> {
  return withStoredUploads(storage, files, (insertRows) =>
    db.transaction(async (tx) => {
      await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for('update');
      const [existing] = await tx.select({ n: count() }).from(jobAttachments).where(eq(jobAttachments.jobId, jobId));
      if ((existing?.n ?? 0) + files.length > MAX_JOB_ATTACHMENTS) throw badRequest(JOB_MSG.tooManyAttachments);
      const rows = await insertRows(tx, user.id, 'job_attachment');
      await tx.insert(jobAttachments).values(rows.map((r) => ({ jobId, uploadId: r.id })));
      return rows.map((r) => ({
        id: r.id,
        name: r.originalName,
        ext: r.ext,
        mime: r.mime,
        size: r.size,
        url: attachmentUrl(r.id),
      }));
    }),
  );
}

/** Command: unlinks and deletes one document of the advertisement (404 when it is not one of its documents). */
export async function removeAttachment(
  db: Db,
  storage: FileStorage,
  jobId: number,
  uploadId: number,
): Promise<JobAttachment> {
  const removed = await db.transaction(async (tx) => {
    const [link] = await tx
      .delete(jobAttachments)
      .where(and(eq(jobAttachments.jobId, jobId), eq(jobAttachments.uploadId, uploadId)))
      .returning();
    if (!link) return undefined;
    const [upload] = await tx.delete(uploads).where(eq(uploads.id, uploadId)).returning();
    return upload;
  });
  if (!removed) throw notFound('Datei nicht gefunden.');
  await storage.remove(removed.storageKey).catch(() => undefined);
  return {
    id: removed.id,
    name: removed.originalName,
    ext: removed.ext,
    mime: removed.mime,
    size: removed.size,
    url: attachmentUrl(removed.id),
  };
}

export type JobDataInput = z.input<typeof jobDataSchema>;

/**
 * A leaving member's advertisements get the successor as the company's contact person (issue 31
 * hand-over): new conversations, introductions and reports about them address a live member.
 * Inside the caller's transaction; answers how many changed.
 */
export async function handOverAdvertisements(
  tx: Executor,
  input: { organisationId: number; fromUserId: number; toUserId: number },
): Promise<number> {
  const moved = await tx
    .update(jobs)
    .set({ ownerId: input.toUserId })
    .where(and(eq(jobs.organisationId, input.organisationId), eq(jobs.ownerId, input.fromUserId)))
    .returning({ id: jobs.id });
  return moved.length;
}
