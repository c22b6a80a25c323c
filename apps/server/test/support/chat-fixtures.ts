import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  chatCommunications,
  jobs,
  organisationMembers,
  placementBonuses,
  users,
  type UserRole,
} from '../../src/db/schema';
import { insertSession } from './sessions';
import { organisationKindOf } from '@pb/core';
import { foundOrganisation, latestCompanyOf } from '../../src/services/memberships';

/** Test data for the chat suites, written straight into the database. */

export interface ChatUser {
  id: number;
  username: string;
  email: string;
  role: UserRole;
  token: string;
  /** The session the token names (its membership is what the chat checks). */
  sessionId: string;
}

export async function createChatUser(app: FastifyInstance, role: UserRole, name?: string): Promise<ChatUser> {
  const suffix = randomBytes(4).toString('hex');
  const username = name ?? `${role}-${suffix}`;
  const email = `${role}-${suffix}@example.test`;
  const [row] = await app.db
    .insert(users)
    .values({ username, email, passwordHash: 'x', role, confirmed: true })
    .returning({ id: users.id });
  if (role !== 'admin') {
    await foundOrganisation(app.db, {
      kind: organisationKindOf(role),
      name: username,
      userId: row!.id,
      now: app.now(),
    });
  }
  const sessionId = await insertSession({ query: (text, params) => app.database.query(text, params) }, row!.id, {
    secondFactor: role === 'admin',
  });
  const token = await app.jwt.sign(row!.id, 0, sessionId);
  return { id: row!.id, username, email, role, token, sessionId };
}

export async function createJob(
  db: Db,
  ownerId: number,
  fields: { jobTitle?: string; bonus?: number; published?: boolean } = {},
): Promise<{ id: number; jobTitle: string }> {
  const jobTitle = fields.jobTitle ?? 'Buchhalter/in (m/w/d)';
  // The company the owner acts for owns it (issue 31), as when its member publishes it.
  const organisationId = await latestCompanyOf(db, ownerId);
  const [row] = await db
    .insert(jobs)
    .values({
      ownerId,
      organisationId,
      jobTitle,
      workingTime: 'Vollzeit',
      street: 'Mariahilfer Straße 1',
      postcode: '1060',
      city: 'Wien',
      salary: '48000',
      publishedAt: fields.published === false ? null : new Date(),
    })
    .returning({ id: jobs.id });
  if (fields.bonus !== undefined) {
    await db.insert(placementBonuses).values({ jobId: row!.id, bonus: fields.bonus, createdBy: ownerId });
  }
  return { id: row!.id, jobTitle };
}

/** A minimal valid PDF. */
export function minimalPdf(extra = ''): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${extra}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** The organisation the account acts for (its organisation of one unless it joined another since). */
export async function organisationOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: organisationMembers.organisationId })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.userId, userId), isNull(organisationMembers.leftAt)))
    .orderBy(desc(organisationMembers.id))
    .limit(1);
  if (!row) throw new Error(`test: account ${userId} has no organisation`);
  return row.id;
}

/** A conversation of the consultant's agency with the company about the job, written straight into the database. */
export async function insertConversation(
  db: Db,
  pair: { jobId: number; consultantId: number; companyId: number },
): Promise<number> {
  const [row] = await db
    .insert(chatCommunications)
    .values({
      jobId: pair.jobId,
      consultantId: pair.consultantId,
      companyId: pair.companyId,
      agencyOrganisationId: await organisationOf(db, pair.consultantId),
      companyOrganisationId: await organisationOf(db, pair.companyId),
    })
    .returning({ id: chatCommunications.id });
  return row!.id;
}
