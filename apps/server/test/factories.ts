import { randomBytes } from 'node:crypto';
import type { JobDataInput } from '../src/modules/jobs/service';
import { organisationKindOf } from '@pb/core';
import type { UserRole } from '../src/db/schema';
import { foundOrganisation } from '../src/services/memberships';
import type { TestContext } from './helpers';
import { sessionToken } from './support/sessions';

/** Test data written straight into the database (no mail round trips). */

export interface TestUser {
  id: number;
  token: string;
  email: string;
  username: string;
}

let counter = 0;

export async function createUser(
  ctx: Pick<TestContext, 'app' | 'database'>,
  options: { role: UserRole; confirmed?: boolean; username?: string; email?: string; description?: string } = {
    role: 'company',
  },
): Promise<TestUser> {
  counter += 1;
  const suffix = `${counter}-${randomBytes(3).toString('hex')}`;
  const username = options.username ?? `${options.role}-${suffix}`;
  const email = options.email ?? `${options.role}-${suffix}@example.test`;
  const [row] = await ctx.database.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, role, confirmed)
     VALUES ($1, $2, 'scrypt$test$not-a-login', $3, $4) RETURNING id`,
    [username, email, options.role, options.confirmed ?? true],
  );
  const id = row!.id;
  // As registration does: a company or consultant account founds its organisation of one.
  if (options.role !== 'admin') {
    await foundOrganisation(ctx.database.db, {
      kind: organisationKindOf(options.role),
      name: username,
      userId: id,
      now: new Date(),
      // The description is the organisation's public profile (migration 0040).
      profile: { description: options.description ?? null, contactEmail: email },
    });
  }
  const token = await sessionToken(ctx.database, ctx.app.jwt, id, { secondFactor: options.role === 'admin' });
  return { id, token, email, username };
}

/** A complete advertisement body as the editor sends it. */
export function jobData(overrides: Partial<JobDataInput> = {}): JobDataInput {
  return {
    jobTitle: 'Buchhalter',
    workingTime: 'Vollzeit',
    assignment: ['Laufende Buchhaltung'],
    requirements: ['Abgeschlossene HAK'],
    benefits: ['Gleitzeit'],
    jobInfo: ['Start ab sofort'],
    location: { street: 'Landstraße 1', postcode: '4020', city: 'Linz' },
    salary: '48.000',
    district: 1,
    placementBonus: 15,
    ...overrides,
  };
}

/** Publishes an advertisement as `company` through the API (POST /api/jobs); its id. */
export async function publishJob(
  ctx: Pick<TestContext, 'request'>,
  company: Pick<TestUser, 'token'>,
  overrides: Partial<JobDataInput> = {},
): Promise<number> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/jobs',
    token: company.token,
    payload: { data: jobData(overrides) },
  });
  if (res.statusCode !== 201) throw new Error(`publishing failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}
