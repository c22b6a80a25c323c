import { and, count, desc, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import {
  type ActiveMembership,
  type AdminIntroductionQuery,
  type Introduction,
  type IntroductionFlag,
  type IntroductionListQuery,
} from '@pb/core';
import type { Db } from '../../db/client';
import { introductions } from '../../db/schema';
import {
  introductionQuery,
  perspectiveOf,
  presentIntroduction,
  type IntroductionRow,
  type Perspective,
  type Viewer,
} from './queries';

/** The lists of introductions (the organisation's own, a person's handled ones, the back office's register) and the badge. */

async function page(
  db: Db,
  where: SQL | undefined,
  query: { start: number; limit: number },
  seenBy: (row: IntroductionRow) => Perspective,
  now: Date,
): Promise<{ data: Introduction[]; total: number }> {
  const rows = await introductionQuery(db)
    .where(where)
    .orderBy(desc(introductions.introducedAt), desc(introductions.id))
    .limit(query.limit)
    .offset(query.start);
  const [total] = await db.select({ n: count() }).from(introductions).where(where);
  return { data: rows.map((r) => presentIntroduction(r, seenBy(r.row), now)), total: total?.n ?? 0 };
}

/** The organisation's own: the agency's introductions, or those made to the company. */
function ownScope(membership: ActiveMembership): SQL {
  return membership.kind === 'company'
    ? eq(introductions.companyOrganisationId, membership.organisationId)
    : eq(introductions.agencyOrganisationId, membership.organisationId);
}

/** The filters both lists share: advertisement and status. */
function listFilters(query: IntroductionListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.advertisement !== undefined) conditions.push(eq(introductions.jobId, query.advertisement));
  if (query.status !== undefined) conditions.push(eq(introductions.status, query.status));
  return conditions;
}

/** The introductions of the viewer's organisation (`membership`, which the policy allowed). */
export async function listOwnIntroductions(
  db: Db,
  viewer: Viewer,
  membership: ActiveMembership,
  query: IntroductionListQuery,
  now: Date,
) {
  return page(db, and(ownScope(membership), ...listFilters(query)), query, (row) => perspectiveOf(viewer, row), now);
}

/**
 * The introductions the person handles (the data export, issue 31): as the agency's or the company's
 * member they are assigned to, each seen from that side.
 */
export async function listHandledIntroductions(
  db: Db,
  personId: number,
  query: { start: number; limit: number },
  now: Date,
) {
  const where = or(eq(introductions.consultantId, personId), eq(introductions.companyId, personId));
  return page(
    db,
    where,
    query,
    (row) => ({ side: row.consultantId === personId ? 'agency' : 'company', admin: false }),
    now,
  );
}

/** Introductions the company has not opened yet (the badge); 0 for agencies. */
export async function unseenIntroductions(db: Db, membership: ActiveMembership): Promise<number> {
  if (membership.kind !== 'company') return 0;
  const [row] = await db
    .select({ n: count() })
    .from(introductions)
    .where(
      and(eq(introductions.companyOrganisationId, membership.organisationId), isNull(introductions.seenByCompanyAt)),
    );
  return row?.n ?? 0;
}

const FLAG_CONDITIONS: Record<IntroductionFlag, SQL> = {
  nachrangig: eq(introductions.subordinate, true),
  bereits_bekannt: isNotNull(introductions.alreadyKnownAt),
  umgehungsverdacht: isNotNull(introductions.circumventionAt),
  namensgleich: isNotNull(introductions.nameMatchOf),
  geklaert: isNotNull(introductions.resolvedAt),
};

/** Back office register: every introduction, whitelisted filters. */
export async function listRegister(db: Db, viewer: Viewer, query: AdminIntroductionQuery, now: Date) {
  const conditions = listFilters(query);
  if (query.company !== undefined) conditions.push(eq(introductions.companyId, query.company));
  if (query.consultant !== undefined) conditions.push(eq(introductions.consultantId, query.consultant));
  if (query.flag !== undefined) conditions.push(FLAG_CONDITIONS[query.flag]);
  return page(
    db,
    conditions.length > 0 ? and(...conditions) : undefined,
    query,
    (row) => perspectiveOf(viewer, row),
    now,
  );
}
