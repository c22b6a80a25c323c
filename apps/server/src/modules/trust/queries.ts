import { and, asc, eq, sql } from 'drizzle-orm';
import { memberMay, type AgencyTrackRecord } from '@pb/core';
import type { Db } from '../../db/client';
import { memberTrackRecords, organisationMembers, organisations, organisationTrust, users } from '../../db/schema';

/** Reads of the stored figures (the trust run writes them; nothing is computed here). */

type Reader = Pick<Db, 'select'>;

/** An organisation's public profile and its stored figures; undefined when there is no such organisation. */
export async function trustRowOf(db: Reader, organisationId: number) {
  const [row] = await db
    .select({
      id: organisations.id,
      kind: organisations.kind,
      name: organisations.name,
      description: organisations.description,
      services: organisations.services,
      trackRecordPublic: organisations.trackRecordPublic,
      listed: organisations.public,
      companyFigures: organisationTrust.companyFigures,
      agencyFigures: organisationTrust.agencyFigures,
    })
    .from(organisations)
    .leftJoin(organisationTrust, eq(organisationTrust.organisationId, organisations.id))
    .where(eq(organisations.id, organisationId))
    .limit(1);
  return row;
}
export type TrustRow = NonNullable<Awaited<ReturnType<typeof trustRowOf>>>;

/** Whether the agency introduced to, or wrote with, the caller's company: then it may look the agency up. */
export async function agencyDealtWith(db: Reader, agencyId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ yes: sql<boolean>`true` })
    .from(organisations)
    .where(
      and(
        eq(organisations.id, agencyId),
        sql`(EXISTS (SELECT 1 FROM introductions i
                      WHERE i.agency_organisation_id = ${agencyId} AND i.company_organisation_id = ${companyId})
          OR EXISTS (SELECT 1 FROM chat_communications c
                      WHERE c.agency_organisation_id = ${agencyId} AND c.company_organisation_id = ${companyId}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface MemberFiguresRow {
  /** The person's latest membership in the agency (the id the members' page uses). */
  memberId: number;
  name: string;
  active: boolean;
  figures: AgencyTrackRecord | null;
}

/**
 * The agency's members with a track record: everyone still a member who may introduce, and anyone
 * (also a former member) the last run found introductions of. Per person, not per membership: a
 * person who left and came back has one record. Deleted accounts are gone from both.
 */
export async function memberFiguresOf(db: Reader, organisationId: number): Promise<MemberFiguresRow[]> {
  const rows = await db
    .select({
      memberId: organisationMembers.id,
      userId: organisationMembers.userId,
      role: organisationMembers.role,
      leftAt: organisationMembers.leftAt,
      name: users.username,
      figures: memberTrackRecords.figures,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .leftJoin(
      memberTrackRecords,
      and(
        eq(memberTrackRecords.organisationId, organisationMembers.organisationId),
        eq(memberTrackRecords.userId, organisationMembers.userId),
      ),
    )
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(asc(organisationMembers.id));
  const people = new Map<number, MemberFiguresRow & { introduces: boolean }>();
  for (const row of rows) {
    const live = row.leftAt === null;
    const introduces = live && memberMay({ kind: 'agency', role: row.role }, 'introductions.write');
    const known = people.get(row.userId);
    people.set(row.userId, {
      // Rows come in membership order: the last one seen is the latest.
      memberId: row.memberId,
      name: row.name,
      active: (known?.active ?? false) || live,
      figures: row.figures,
      introduces: (known?.introduces ?? false) || introduces,
    });
  }
  return [...people.values()]
    .filter((p) => p.introduces || p.figures !== null)
    .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, 'de'))
    .map(({ memberId, name, active, figures }) => ({ memberId, name, active, figures }));
}
