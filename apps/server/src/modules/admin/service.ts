import { and, count, eq, sql } from 'drizzle-orm';
import { ADMIN_MSG, type AdminContactMessage, type AdminUser, type District, type Job, type JobData } from '@pb/core';
import type { Db, Tx } from '../../db/client';
import { contactMessages, districts, jobs, users } from '../../db/schema';
import { findAccount, type CurrentUser } from '../../services/auth';
import { latestCompanyOf } from '../../services/memberships';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { revokeTokens } from '../../services/sessions';
import type { FileStorage } from '../../lib/storage';
import { queueConfirmationMail, issueToken, deleteUserAccount } from '../accounts';
import { districtColumns } from '../districts';
import { findJob, presentJob, publishJob, writeJobUpdate, type AdvertisementAuthor } from '../jobs';
import { recordAudit } from '../../services/audit';
import { assertContractRunning } from '../../services/contract';
import { adminUserColumns, presentAdminUser, presentContactMessage, type AdminUserRow } from './presenter';

/**
 * The back office's commands: each runs its own transaction, writes its audit row in
 * it and returns a plain result. The admin routes parse, call one of these, present.
 */

type Actor = CurrentUser;

// ---------- contact messages ----------

/** Marks a contact message as handled (keeps the first handling time) or open again. */
export async function setContactMessageHandled(
  db: Db,
  actor: Actor,
  id: number,
  handled: boolean,
  now: Date,
): Promise<AdminContactMessage> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!before) throw notFound(ADMIN_MSG.messageNotFound);
    const handledAt = handled ? (before.handledAt ?? now) : null;
    const [after] = await tx.update(contactMessages).set({ handledAt }).where(eq(contactMessages.id, id)).returning();
    await recordAudit(tx, actor, {
      action: handled ? 'contact.handled' : 'contact.reopened',
      entity: 'contact_message',
      entityId: id,
      before: { handledAt: before.handledAt },
      after: { handledAt },
    });
    return presentContactMessage(after!);
  });
}

// ---------- districts ----------

async function assertDistrictNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: districts.id })
    .from(districts)
    .where(
      sql`lower(${districts.name}) = ${name.toLowerCase()}${exceptId === undefined ? sql`` : sql` AND ${districts.id} <> ${exceptId}`}`,
    )
    .limit(1);
  if (taken) throw conflict(ADMIN_MSG.districtExists);
}

/** The district as it is now, locked for the change (404 when there is none). */
async function lockDistrict(tx: Tx, id: number): Promise<District> {
  const [row] = await tx.select(districtColumns).from(districts).where(eq(districts.id, id)).for('update');
  if (!row) throw notFound(ADMIN_MSG.districtNotFound);
  return row;
}

export async function createDistrict(db: Db, actor: Actor, input: { name: string; state: string }): Promise<District> {
  return db.transaction(async (tx) => {
    await assertDistrictNameFree(tx, input.name);
    const [row] = await tx.insert(districts).values(input).returning(districtColumns);
    await recordAudit(tx, actor, { action: 'district.create', entity: 'district', entityId: row!.id, after: row });
    return row!;
  });
}

export async function renameDistrict(db: Db, actor: Actor, id: number, name: string, now: Date): Promise<District> {
  return db.transaction(async (tx) => {
    const before = await lockDistrict(tx, id);
    await assertDistrictNameFree(tx, name, id);
    const [after] = await tx
      .update(districts)
      .set({ name, updatedAt: now })
      .where(eq(districts.id, id))
      .returning(districtColumns);
    await recordAudit(tx, actor, { action: 'district.rename', entity: 'district', entityId: id, before, after });
    return after!;
  });
}

/** Deletes a district no advertisement uses (else 409). */
export async function deleteDistrict(db: Db, actor: Actor, id: number): Promise<District> {
  return db.transaction(async (tx) => {
    const before = await lockDistrict(tx, id);
    const [used] = await tx.select({ n: count() }).from(jobs).where(eq(jobs.districtId, id));
    if ((used?.n ?? 0) > 0) throw conflict(ADMIN_MSG.districtInUse);
    await tx.delete(districts).where(eq(districts.id, id));
    await recordAudit(tx, actor, { action: 'district.delete', entity: 'district', entityId: id, before });
    return before;
  });
}

// ---------- advertisements ----------

/** The company an advertisement is written for: the account (its contact person) and its organisation. */
async function companyAsAuthor(db: Tx, companyId: number, actor: Actor): Promise<AdvertisementAuthor> {
  const row = await findAccount(db, companyId);
  if (!row) throw badRequest(ADMIN_MSG.companyRequired);
  if (row.role !== 'company') throw badRequest(ADMIN_MSG.notACompany);
  const organisationId = await latestCompanyOf(db, row.id);
  if (organisationId === null) throw badRequest(ADMIN_MSG.notACompany);
  return { organisationId, contactId: row.id, memberId: null, userId: actor.id };
}

/** Any advertisement, deactivated ones too (404 in the back office's words). */
export async function loadAnyJob(db: Db, id: number): Promise<Job> {
  const row = await findJob(db, id, sql`true`);
  if (!row) throw notFound(ADMIN_MSG.jobNotFound);
  return presentJob(row);
}

/** Publishes an advertisement on behalf of a company (the jobs command, as a savepoint of this transaction). */
export async function createJobForCompany(
  db: Db,
  actor: Actor,
  companyId: number,
  data: JobData,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const author = await companyAsAuthor(tx, companyId, actor);
    const jobId = await publishJob(tx, author, data, now);
    await recordAudit(tx, actor, {
      action: 'job.create',
      entity: 'job',
      entityId: jobId,
      after: { companyId: author.contactId, organisationId: author.organisationId, ...data },
    });
    return jobId;
  });
}

/** Edits any advertisement with the company's rules; the office, not a member, is its last editor. */
export async function updateAnyJob(db: Db, actor: Actor, id: number, data: JobData): Promise<void> {
  const before = await loadAnyJob(db, id);
  await db.transaction(async (tx) => {
    const [job] = await tx
      .select({ organisationId: jobs.organisationId })
      .from(jobs)
      .where(eq(jobs.id, id))
      .for('update');
    if (!job) throw notFound(ADMIN_MSG.jobNotFound);
    if (job.organisationId === null) throw conflict(ADMIN_MSG.jobWithoutCompany);
    await writeJobUpdate(tx, id, data, { memberId: null, userId: actor.id });
    await recordAudit(tx, actor, { action: 'job.update', entity: 'job', entityId: id, before, after: data });
  });
}

/** Deactivates (publishedAt null) or reactivates an advertisement; no change, no audit row. */
export async function setJobPublished(db: Db, actor: Actor, id: number, published: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .select({ publishedAt: jobs.publishedAt, organisationId: jobs.organisationId })
      .from(jobs)
      .where(eq(jobs.id, id))
      .for('update');
    if (!job) throw notFound(ADMIN_MSG.jobNotFound);
    if ((job.publishedAt !== null) === published) return;
    // Reactivating is new business for the company: not after its contract ended.
    if (published && job.organisationId !== null) await assertContractRunning(tx, [job.organisationId], now, 'office');
    await tx
      .update(jobs)
      .set({ publishedAt: published ? now : null, updatedAt: now })
      .where(and(eq(jobs.id, id)));
    await recordAudit(tx, actor, {
      action: published ? 'job.publish' : 'job.deactivate',
      entity: 'job',
      entityId: id,
      before: { publishedAt: job.publishedAt },
      after: { publishedAt: published ? now : null },
    });
  });
}

// ---------- accounts ----------

/** Blocks (revokes every token) or unblocks an account; never the admin's own. Sessions end after the commit. */
export async function setUserBlocked(
  db: Db,
  actor: Actor,
  id: number,
  blocked: boolean,
  now: Date,
): Promise<AdminUser> {
  if (id === actor.id) throw badRequest(ADMIN_MSG.notOnSelf);
  return db.transaction(async (tx) => {
    const [before] = await tx.select(adminUserColumns).from(users).where(eq(users.id, id)).for('update');
    if (!before) throw notFound(ADMIN_MSG.userNotFound);
    const [after] = await tx
      .update(users)
      .set({
        blocked,
        updatedAt: now,
        // a bumped version revokes every token issued before
        ...(blocked ? revokeTokens() : {}),
      })
      .where(eq(users.id, id))
      .returning(adminUserColumns);
    await recordAudit(tx, actor, {
      action: blocked ? 'user.block' : 'user.unblock',
      entity: 'user',
      entityId: id,
      before: { blocked: before.blocked },
      after: { blocked },
    });
    return presentAdminUser(after!);
  });
}

/** Sends the confirmation mail of an unconfirmed account again (outbox, same transaction as the token). */
export async function resendConfirmationAsAdmin(
  db: Db,
  actor: Actor,
  id: number,
  context: { publicUrl: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email, confirmed: users.confirmed })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    if (!user) throw notFound(ADMIN_MSG.userNotFound);
    if (user.confirmed) throw conflict(ADMIN_MSG.alreadyConfirmed);
    const token = await issueToken(tx, user.id, 'email_confirmation', context.now);
    await queueConfirmationMail(tx, context.publicUrl, user, token);
    await recordAudit(tx, actor, {
      action: 'user.resend-confirmation',
      entity: 'user',
      entityId: id,
      after: { email: user.email },
    });
  });
}

/** Deletes an account with the rules of self-deletion; never the admin's own. Sessions end after the commit. */
export async function deleteUserAsAdmin(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  id: number,
  registerSecret: string,
): Promise<void> {
  if (id === actor.id) throw badRequest(ADMIN_MSG.notOnSelf);
  const [before]: AdminUserRow[] = await db.select(adminUserColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!before) throw notFound(ADMIN_MSG.userNotFound);
  // The self-deletion service runs as a savepoint of this transaction, so the audit row commits with it.
  await db.transaction(async (tx) => {
    const deleted = await deleteUserAccount(tx, storage, id, registerSecret);
    if (!deleted) throw notFound(ADMIN_MSG.userNotFound);
    await recordAudit(tx, actor, {
      action: 'user.delete',
      entity: 'user',
      entityId: id,
      before: presentAdminUser(before),
    });
  });
}
