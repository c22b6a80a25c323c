import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AdminTermsDecision, AdminTermsVersion, OrganisationTerms, TermsDecision, TermsStanding } from '@pb/core';
import type { Db } from '../../db/client';
import { organisationMembers, organisations, organisationTerms, termsVersions, users } from '../../db/schema';

/** Reads of the terms (issue 31): an organisation's standing per version, the back office's overview. */

type Reader = Pick<Db, 'select'>;

/** How an organisation stands to a version: its decision, or silence before or after the deadline. */
export function standingOf(decision: TermsDecision | null, effectiveAt: Date, now: Date): TermsStanding {
  if (decision) return decision;
  return effectiveAt.getTime() <= now.getTime() ? 'deemed_accepted' : 'open';
}

export async function organisationTermsOf(
  db: Reader,
  organisationId: number,
  options: { now: Date; administrator: boolean },
): Promise<OrganisationTerms> {
  const [organisation] = await db
    .select({ contractEndsAt: organisations.contractEndsAt })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const rows = await db
    .select({
      version: termsVersions,
      decision: organisationTerms.decision,
      decidedAt: organisationTerms.decidedAt,
      decidedBy: users.username,
    })
    .from(termsVersions)
    .leftJoin(
      organisationTerms,
      and(eq(organisationTerms.termsVersionId, termsVersions.id), eq(organisationTerms.organisationId, organisationId)),
    )
    .leftJoin(users, eq(users.id, organisationTerms.decidedBy))
    .where(sql`${termsVersions.publishedAt} <= ${options.now}`)
    .orderBy(desc(termsVersions.publishedAt), desc(termsVersions.id));
  return {
    versions: rows.map((row) => {
      const standing = standingOf(row.decision, row.version.effectiveAt, options.now);
      return {
        id: row.version.id,
        version: row.version.version,
        summary: row.version.summary,
        publishedAt: row.version.publishedAt.toISOString(),
        effectiveAt: row.version.effectiveAt.toISOString(),
        standing,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        decidedBy: row.decidedBy,
        mayObject: options.administrator && standing === 'open',
      };
    }),
    contractEndsAt: organisation?.contractEndsAt?.toISOString() ?? null,
  };
}

export async function listAdminTermsVersions(db: Reader): Promise<AdminTermsVersion[]> {
  // Organisations whose contract ended are not asked any more: they count as neither side.
  const [organisationCount] = await db
    .select({ n: count() })
    .from(organisations)
    .where(isNull(organisations.contractEndsAt));
  const rows = await db
    .select({
      version: termsVersions,
      publishedBy: users.username,
      accepted: sql<number>`count(${organisationTerms.id}) FILTER (WHERE ${organisationTerms.decision} = 'accepted')::int`,
      objected: sql<number>`count(${organisationTerms.id}) FILTER (WHERE ${organisationTerms.decision} = 'objected')::int`,
      decidedRunning: sql<number>`count(${organisationTerms.id}) FILTER (WHERE ${organisations.contractEndsAt} IS NULL)::int`,
    })
    .from(termsVersions)
    .leftJoin(users, eq(users.id, termsVersions.publishedBy))
    .leftJoin(organisationTerms, eq(organisationTerms.termsVersionId, termsVersions.id))
    .leftJoin(organisations, eq(organisations.id, organisationTerms.organisationId))
    .groupBy(termsVersions.id, users.username)
    .orderBy(desc(termsVersions.publishedAt), desc(termsVersions.id));
  const all = organisationCount?.n ?? 0;
  return rows.map((row) => ({
    id: row.version.id,
    version: row.version.version,
    summary: row.version.summary,
    publishedAt: row.version.publishedAt.toISOString(),
    effectiveAt: row.version.effectiveAt.toISOString(),
    publishedBy: row.publishedBy,
    accepted: row.accepted,
    objected: row.objected,
    undecided: Math.max(0, all - row.decidedRunning),
  }));
}

/** Every organisation's decision on a version, objections first. */
export async function termsDecisionsOf(db: Reader, versionId: number): Promise<AdminTermsDecision[]> {
  const rows = await db
    .select({
      organisationId: organisations.id,
      organisationName: organisations.name,
      kind: organisations.kind,
      decision: organisationTerms.decision,
      decidedAt: organisationTerms.decidedAt,
      decidedBy: users.username,
      contractEndsAt: organisations.contractEndsAt,
    })
    .from(organisationTerms)
    .innerJoin(organisations, eq(organisations.id, organisationTerms.organisationId))
    .leftJoin(users, eq(users.id, organisationTerms.decidedBy))
    .where(eq(organisationTerms.termsVersionId, versionId))
    .orderBy(sql`${organisationTerms.decision} <> 'objected'`, desc(organisationTerms.decidedAt), organisations.id);
  return rows.map((row) => ({
    ...row,
    decidedAt: row.decidedAt.toISOString(),
    contractEndsAt: row.contractEndsAt?.toISOString() ?? null,
  }));
}

/** The live administrators of every organisation whose contract runs, with their addresses. */
export async function administratorsToTell(db: Reader) {
  return db
    .select({ userId: users.id, email: users.email, username: users.username, organisationName: organisations.name })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(
      and(
        eq(organisationMembers.role, 'administrator'),
        isNull(organisationMembers.leftAt),
        isNull(organisations.contractEndsAt),
        eq(users.blocked, false),
      ),
    )
    .orderBy(organisationMembers.id);
}
