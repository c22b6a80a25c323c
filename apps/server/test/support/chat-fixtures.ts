import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { jobs, placementBonuses, users, type UserRole } from '../../src/db/schema';
import { sessionToken } from './sessions';
import { organisationKindOf } from '@pb/core';
import { foundOrganisation, latestCompanyOf } from '../../src/services/memberships';

/** Test data for the chat suites, written straight into the database. */

export interface ChatUser {
  id: number;
  username: string;
  email: string;
  role: UserRole;
  token: string;
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
  const token = await sessionToken({ query: (text, params) => app.database.query(text, params) }, app.jwt, row!.id, {
    secondFactor: role === 'admin',
  });
  return { id: row!.id, username, email, role, token };
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
