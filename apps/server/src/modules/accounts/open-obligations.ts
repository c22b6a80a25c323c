import { and, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { OpenObligations } from '@pb/core';
import type { Db } from '../../db/client';
import { guaranteeClaims, introductions, placementReports } from '../../db/schema';

/**
 * What an account still owes or is owed under the terms (issue 28 (4)): while any of it is open
 * the account cannot be deleted — by its owner, by the back office or by the retention run — so
 * neither side escapes an invoice or a claim by leaving and registering again.
 */
export async function openObligationsOf(tx: Pick<Db, 'select'>, userId: number): Promise<OpenObligations> {
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
  // Live: still in the stages, or hired without a report that names it (the fee is not settled).
  // Spelled out: a one-table select leaves columns unqualified, and a bare "id" would be the report's.
  const reported = sql`EXISTS (SELECT 1 FROM placement_reports named
      WHERE named.introduction_id = "introductions"."id" AND named.status <> 'verworfen')`;
  const [live] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(introductions)
    .where(
      and(
        or(eq(introductions.companyId, userId), eq(introductions.consultantId, userId)),
        isNull(introductions.alreadyKnownAt),
        ne(introductions.status, 'abgesagt'),
        or(notInArray(introductions.status, ['eingestellt']), sql`NOT ${reported}`),
      ),
    );
  return { openPlacements: placements?.n ?? 0, openClaims: claims?.n ?? 0, liveIntroductions: live?.n ?? 0 };
}
