import { and, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { CIRCUMVENTION_MONTHS, type OpenObligations } from '@pb/core';
import type { Db } from '../../db/client';
import { guaranteeClaims, introductions, placementReports, users } from '../../db/schema';
import { monthsAfter } from '../../lib/months';
import { soleAdministratorships } from '../../services/memberships';
import { liveClaim, withinProtection } from '../introductions';

/**
 * What an account still owes or is owed under the terms (issue 28 (4)): while any of it is open
 * the account cannot be deleted — by its owner, by the back office or by the retention run — so
 * neither side escapes an invoice or a claim by leaving and registering again, and no team is left
 * without an administrator.
 */
export async function openObligationsOf(
  tx: Pick<Db, 'select'>,
  userId: number,
  now: Date = new Date(),
): Promise<OpenObligations> {
  const [account] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  const [placements] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(placementReports)
    .where(
      and(
        inArray(placementReports.status, ['gemeldet', 'verrechnet']),
        or(
          eq(placementReports.companyId, userId),
          and(eq(placementReports.variant, 'consultant'), eq(placementReports.reporterId, userId)),
        ),
      ),
    );
  const [claims] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(guaranteeClaims)
    .where(and(eq(guaranteeClaims.companyId, userId), eq(guaranteeClaims.status, 'offen')));
  // Spelled out: a one-table select leaves columns unqualified, and a bare "id" would be the report's.
  const reported = sql`EXISTS (SELECT 1 FROM placement_reports named
      WHERE named.introduction_id = "introductions"."id" AND named.status <> 'verworfen')`;
  const hired = eq(introductions.status, 'eingestellt');
  // A claim that still counts under the terms (the introductions' own definition): still in the
  // stages within CIRCUMVENTION_MONTHS of the introduction — after that no claim competes and its
  // fingerprints are deleted — or hired without a report that names it (the fee is not settled)
  // within CIRCUMVENTION_MONTHS of the hire. Older ones no longer keep anyone from leaving.
  const [live] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      from: sql<string | null>`max(CASE WHEN ${hired} THEN ${introductions.statusChangedAt}
        ELSE ${introductions.introducedAt} END)`,
    })
    .from(introductions)
    .where(
      and(
        or(eq(introductions.companyId, userId), eq(introductions.consultantId, userId)),
        liveClaim,
        ne(introductions.status, 'abgesagt'),
        or(
          and(notInArray(introductions.status, ['eingestellt']), withinProtection(now)),
          and(hired, sql`NOT ${reported}`, withinProtection(now, introductions.statusChangedAt)),
        ),
      ),
    );
  const from = live?.from ? new Date(live.from) : null;
  const soleAdministratorOf = await soleAdministratorships(tx, userId);
  return {
    party: account?.role ?? 'company',
    openPlacements: placements?.n ?? 0,
    openClaims: claims?.n ?? 0,
    liveIntroductions: live?.n ?? 0,
    liveIntroductionsUntil: from ? monthsAfter(from, CIRCUMVENTION_MONTHS).toISOString() : null,
    soleAdministratorOf,
  };
}
