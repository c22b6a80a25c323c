import { and, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { ORGANISATION_MSG, type ActiveMembership, type OrganisationKind } from '@pb/core';
import type { Db } from '../db/client';
import { organisationMembers, organisations, organisationTerms, termsVersions, users } from '../db/schema';
import { badRequest } from '../lib/errors';

/**
 * Memberships every feature needs (decision 0031): founding an organisation of one at sign-up, and
 * the membership a new session starts with. The organisations module owns members, roles and
 * invitations; this floor only answers what sign-in and the policies read.
 */

type Reader = Pick<Db, 'select'>;

/** The public profile an organisation starts with: the registration's description and address (the demo: more). */
export type FoundingProfile = Partial<
  Pick<
    typeof organisations.$inferInsert,
    'description' | 'services' | 'contactEmail' | 'public' | 'publicDirectoryConsentAt' | 'trackRecordPublic'
  >
>;

/** Creates an organisation with its founder as the first administrator; answers the membership id. */
export async function foundOrganisation(
  tx: Pick<Db, 'insert' | 'select'>,
  input: { kind: OrganisationKind; name: string; userId: number; now: Date; profile?: FoundingProfile },
): Promise<{ organisationId: number; memberId: number }> {
  const [organisation] = await tx
    .insert(organisations)
    .values({
      kind: input.kind,
      name: input.name,
      ...input.profile,
      createdBy: input.userId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: organisations.id });
  const [member] = await tx
    .insert(organisationMembers)
    .values({
      organisationId: organisation!.id,
      userId: input.userId,
      role: 'administrator',
      joinedAt: input.now,
      lastActiveAt: input.now,
    })
    .returning({ id: organisationMembers.id });
  // Registration accepts the terms (spec §2's consent): every version published so far, the one in
  // its objection period too — the terms page shows the newest.
  const published = await tx
    .select({ id: termsVersions.id })
    .from(termsVersions)
    .where(lte(termsVersions.publishedAt, input.now));
  if (published.length > 0) {
    await tx.insert(organisationTerms).values(
      published.map((version) => ({
        organisationId: organisation!.id,
        termsVersionId: version.id,
        decision: 'accepted' as const,
        decidedAt: input.now,
        decidedBy: input.userId,
      })),
    );
  }
  return { organisationId: organisation!.id, memberId: member!.id };
}

/** The membership a new session acts for: the one the person chose last (null: none left). */
export async function latestMembershipOf(db: Reader, userId: number, kind?: OrganisationKind): Promise<number | null> {
  return (await latestMembership(db, userId, kind))?.id ?? null;
}

/**
 * A member of the organisation by membership id — also one who left (their past work still counts) —
 * as the person behind it; a German 400 when the organisation has no such member.
 */
export async function memberOfOrganisation(
  db: Reader,
  organisationId: number,
  memberId: number,
): Promise<{ id: number; email: string }> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.id, memberId), eq(organisationMembers.organisationId, organisationId)))
    .limit(1);
  if (!row) throw badRequest(ORGANISATION_MSG.memberNotFound);
  return row;
}

/**
 * The live members of any of the organisations (nulls skipped), each with the organisation; `roles`
 * narrows them to the roles a rule allows (SQL over the organisation's kind and the member's role).
 */
export async function liveMembersOf(
  db: Reader,
  organisationIds: ReadonlyArray<number | null>,
  roles?: (kind: SQL, role: SQL) => SQL,
): Promise<Array<{ userId: number; organisationId: number }>> {
  const ids = organisationIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  return db
    .select({ userId: organisationMembers.userId, organisationId: organisationMembers.organisationId })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(
      and(
        inArray(organisationMembers.organisationId, ids),
        isNull(organisationMembers.leftAt),
        roles?.(sql`${organisations.kind}`, sql`${organisationMembers.role}`),
      ),
    );
}

/** The persons who are live members of any of the organisations (nulls skipped). */
export async function liveMemberIdsOf(db: Reader, organisationIds: ReadonlyArray<number | null>): Promise<number[]> {
  return [...new Set((await liveMembersOf(db, organisationIds)).map((m) => m.userId))];
}

/** The organisation of a kind the person acts for most recently (null: none). */
export async function latestOrganisationOf(db: Reader, userId: number, kind: OrganisationKind): Promise<number | null> {
  return (await latestMembership(db, userId, kind))?.organisationId ?? null;
}

/** The company a company account acts for most recently (the back office writes advertisements for it). */
export async function latestCompanyOf(db: Reader, userId: number): Promise<number | null> {
  return latestOrganisationOf(db, userId, 'company');
}

async function latestMembership(
  db: Reader,
  userId: number,
  kind: OrganisationKind | undefined,
): Promise<{ id: number; organisationId: number } | undefined> {
  const [row] = await db
    .select({ id: organisationMembers.id, organisationId: organisationMembers.organisationId })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(
      and(
        eq(organisationMembers.userId, userId),
        isNull(organisationMembers.leftAt),
        kind ? eq(organisations.kind, kind) : undefined,
      ),
    )
    .orderBy(
      desc(sql`coalesce(${organisationMembers.lastActiveAt}, ${organisationMembers.joinedAt})`),
      desc(organisationMembers.id),
    )
    .limit(1);
  return row;
}

/**
 * The organisations whose only live administrator the person is while others are still members:
 * deleting the account would leave them without one (part of the account's open obligations).
 */
export async function soleAdministratorships(db: Reader, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: organisations.name })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(
      and(
        eq(organisationMembers.userId, userId),
        eq(organisationMembers.role, 'administrator'),
        isNull(organisationMembers.leftAt),
        sql`NOT EXISTS (SELECT 1 FROM organisation_members other
          WHERE other.organisation_id = ${organisationMembers.organisationId} AND other.left_at IS NULL
            AND other.role = 'administrator' AND other.user_id <> ${userId})`,
        sql`EXISTS (SELECT 1 FROM organisation_members other
          WHERE other.organisation_id = ${organisationMembers.organisationId} AND other.left_at IS NULL
            AND other.user_id <> ${userId})`,
      ),
    )
    .orderBy(organisations.name);
  return rows.map((row) => row.name);
}

/** A live membership as a session acts for it (the login answer names it); null when it has ended. */
export async function activeMembershipById(db: Reader, memberId: number | null): Promise<ActiveMembership | null> {
  if (memberId === null) return null;
  const [row] = await db
    .select({
      memberId: organisationMembers.id,
      organisationId: organisations.id,
      organisationName: organisations.name,
      kind: organisations.kind,
      role: organisationMembers.role,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.id, memberId), isNull(organisationMembers.leftAt)))
    .limit(1);
  return row ?? null;
}
