import { and, asc, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisationInvitations, organisationMembers, organisations, users } from '../../db/schema';

/** Reads of organisations, members and invitations; Db or a transaction handle. */

type Reader = Pick<Db, 'select'>;

/** Memberships that have not ended, among those the conditions pick. */
const live = (...conditions: SQL[]) => and(...conditions, isNull(organisationMembers.leftAt));

/** The person's memberships that have not ended, with their organisations (the switcher). */
export async function membershipsOf(db: Reader, userId: number) {
  return db
    .select({
      memberId: organisationMembers.id,
      organisationId: organisations.id,
      name: organisations.name,
      kind: organisations.kind,
      role: organisationMembers.role,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(live(eq(organisationMembers.userId, userId)))
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/** The person's live membership in the organisation, if any. */
export async function findMembership(db: Reader, organisationId: number, userId: number) {
  const [row] = await db
    .select({ id: organisationMembers.id, role: organisationMembers.role })
    .from(organisationMembers)
    .where(live(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)))
    .limit(1);
  return row;
}

export async function findOrganisation(db: Reader, id: number) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}
export type OrganisationRow = NonNullable<Awaited<ReturnType<typeof findOrganisation>>>;

/** The live members with their names and addresses, administrators first. */
export async function listMembers(db: Reader, organisationId: number) {
  return db
    .select({
      id: organisationMembers.id,
      userId: users.id,
      username: users.username,
      email: users.email,
      role: organisationMembers.role,
      joinedAt: organisationMembers.joinedAt,
      // The back office's page shows it; the members' own page does not.
      blocked: users.blocked,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(live(eq(organisationMembers.organisationId, organisationId)))
    .orderBy(sql`${organisationMembers.role} <> 'administrator'`, asc(users.username), asc(organisationMembers.id));
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** A live member of the organisation by membership id. */
export async function findMember(db: Reader, organisationId: number, memberId: number) {
  const [row] = await db
    .select({ id: organisationMembers.id, userId: organisationMembers.userId, role: organisationMembers.role })
    .from(organisationMembers)
    .where(live(eq(organisationMembers.id, memberId), eq(organisationMembers.organisationId, organisationId)))
    .limit(1);
  return row;
}

/** How many live administrators the organisation has. */
export async function countAdministrators(db: Reader, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(organisationMembers)
    .where(live(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.role, 'administrator')));
  return row?.n ?? 0;
}

/** Invitations not yet accepted nor revoked (expired ones too: they can be resent), newest first. */
export async function listOpenInvitations(db: Reader, organisationId: number) {
  return db
    .select({
      id: organisationInvitations.id,
      email: organisationInvitations.email,
      role: organisationInvitations.role,
      sendCount: organisationInvitations.sendCount,
      lastSentAt: organisationInvitations.lastSentAt,
      expiresAt: organisationInvitations.expiresAt,
    })
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.revokedAt),
      ),
    )
    .orderBy(desc(organisationInvitations.lastSentAt), desc(organisationInvitations.id));
}
export type InvitationRow = Awaited<ReturnType<typeof listOpenInvitations>>[number];

/** An invitation by the hash of its token, with its organisation. */
export async function findInvitationByTokenHash(db: Reader, tokenHash: string) {
  const [row] = await db
    .select({
      id: organisationInvitations.id,
      organisationId: organisationInvitations.organisationId,
      organisationName: organisations.name,
      kind: organisations.kind,
      email: organisationInvitations.email,
      role: organisationInvitations.role,
      invitedBy: organisationInvitations.invitedBy,
      expiresAt: organisationInvitations.expiresAt,
      acceptedAt: organisationInvitations.acceptedAt,
      revokedAt: organisationInvitations.revokedAt,
    })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(eq(organisationInvitations.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The administrator who joined first, other than `exceptMemberId`; null when there is none. */
export async function longestStandingAdministrator(
  db: Reader,
  organisationId: number,
  exceptMemberId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: organisationMembers.id })
    .from(organisationMembers)
    .where(
      live(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.role, 'administrator'),
        ne(organisationMembers.id, exceptMemberId),
      ),
    )
    .orderBy(asc(organisationMembers.joinedAt), asc(organisationMembers.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Other organisations that gave the same UID or Firmenbuchnummer (both stored normalised): the
 * office sees a re-founding after an ended contract, or a duplicate registration.
 */
export async function organisationsWithSameIdentity(
  db: Reader,
  organisation: { id: number; uid: string | null; registerNumber: string | null },
) {
  const matches = [
    ...(organisation.uid !== null ? [eq(organisations.uid, organisation.uid)] : []),
    ...(organisation.registerNumber !== null ? [eq(organisations.registerNumber, organisation.registerNumber)] : []),
  ];
  if (matches.length === 0) return [];
  return db
    .select({
      id: organisations.id,
      name: organisations.name,
      kind: organisations.kind,
      uid: organisations.uid,
      registerNumber: organisations.registerNumber,
      contractEndsAt: organisations.contractEndsAt,
    })
    .from(organisations)
    .where(and(ne(organisations.id, organisation.id), or(...matches)))
    .orderBy(asc(organisations.id));
}
