import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { OrganisationKind } from '@pb/core';
import type { Db } from '../db/client';
import { organisationMembers, organisations } from '../db/schema';

/**
 * Memberships every feature needs (decision 0031): founding an organisation of one at sign-up, and
 * the membership a new session starts with. The organisations module owns members, roles and
 * invitations; this floor only answers what sign-in and the policies read.
 */

type Reader = Pick<Db, 'select'>;

/** Creates an organisation with its founder as the first administrator; answers the membership id. */
export async function foundOrganisation(
  tx: Pick<Db, 'insert'>,
  input: { kind: OrganisationKind; name: string; userId: number; now: Date },
): Promise<{ organisationId: number; memberId: number }> {
  const [organisation] = await tx
    .insert(organisations)
    .values({ kind: input.kind, name: input.name, createdBy: input.userId, createdAt: input.now, updatedAt: input.now })
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
  return { organisationId: organisation!.id, memberId: member!.id };
}

/** The membership a new session acts for: the one the person chose last (null: none left). */
export async function latestMembershipOf(db: Reader, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: organisationMembers.id })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.userId, userId), isNull(organisationMembers.leftAt)))
    .orderBy(
      desc(sql`coalesce(${organisationMembers.lastActiveAt}, ${organisationMembers.joinedAt})`),
      desc(organisationMembers.id),
    )
    .limit(1);
  return row?.id ?? null;
}
