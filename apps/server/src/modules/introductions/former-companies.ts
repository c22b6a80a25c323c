import { and, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { CIRCUMVENTION_MONTHS, normaliseUid } from '@pb/core';
import type { Db } from '../../db/client';
import { formerParties, introductions, invoices, placementReports, users } from '../../db/schema';
import { monthsAfter } from '../../lib/months';
import { advertisementsOf } from '../jobs';
import { isFreeMailDomain } from './free-mail';

/**
 * A company that deletes its account and registers again must not start with a clean register
 * (issue 28 (4)): its introductions keep the former account's id, and the former account's
 * e-mail domain and UIDs stay as evidence for CIRCUMVENTION_MONTHS. "The same company" for the
 * claim rules is then the account itself or a former one with its domain (not a free-mail
 * provider's) or one of its UIDs.
 */

/** The company-identifying part of an address: its domain, null for free-mail providers. */
export function companyDomain(email: string): string | null {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  return domain && !isFreeMailDomain(domain) ? domain : null;
}

/**
 * Inside the deletion of a company's account: its introductions keep the account's id as
 * former_company_id, and its domain and the UIDs it reported or was invoiced under are kept as
 * evidence until CIRCUMVENTION_MONTHS from now.
 */
export async function rememberFormerCompany(tx: Db, company: { id: number; email: string }, now: Date): Promise<void> {
  await tx.update(introductions).set({ formerCompanyId: company.id }).where(eq(introductions.companyId, company.id));
  const reported = await tx
    .selectDistinct({ uid: placementReports.uid })
    .from(placementReports)
    .where(and(eq(placementReports.companyId, company.id), isNotNull(placementReports.uid)));
  const invoiced = await tx
    .selectDistinct({ uid: invoices.customerUid })
    .from(invoices)
    .where(eq(invoices.companyId, company.id));
  const uids = [...new Set([...reported, ...invoiced].map((r) => r.uid).filter((u): u is string => Boolean(u)))];
  const domain = companyDomain(company.email);
  if (!domain && uids.length === 0) return;
  await tx.insert(formerParties).values({
    formerUserId: company.id,
    role: 'company',
    emailDomain: domain,
    uids,
    deletedAt: now,
    evidenceUntil: monthsAfter(now, CIRCUMVENTION_MONTHS),
  });
}

/** The company the claim rules compare: its contact person and the organisation it belongs to (issue 31). */
export interface CompanyParty {
  contactId: number;
  organisationId: number | null;
}

/**
 * The introductions made to the company — to any advertisement of its organisation (a second member
 * hiring through an advertisement of their own is the same company), to its contact person, or to a
 * former account of it (same non-free-mail domain, or a UID in common with `uids` or the account's
 * own reports) — as a condition on `introductions`.
 */
export function sameCompany(company: CompanyParty, now: Date, uids: readonly string[] = []): SQL {
  const companyId = company.contactId;
  const domain = sql`(SELECT lower(split_part(${users.email}, '@', 2)) FROM ${users} WHERE ${users.id} = ${companyId})`;
  const ownUids = sql`(SELECT coalesce(array_agg(DISTINCT ${placementReports.uid}), '{}') FROM ${placementReports}
      WHERE ${placementReports.companyId} = ${companyId} AND ${placementReports.uid} IS NOT NULL)`;
  // Stored UIDs are normalised by core's uidSchema (Irish ones keep their '+' and '*'); each
  // given one is normalised the same way and bound as a parameter, never spliced into a literal.
  const normalised = [...new Set(uids.map(normaliseUid).filter(Boolean))];
  const given = normalised.length
    ? sql`ARRAY[${sql.join(
        normalised.map((u) => sql`${u}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
  const formerIds = sql`(SELECT fp.former_user_id FROM former_parties fp
      WHERE fp.role = 'company' AND fp.evidence_until > ${now}
        AND ((fp.email_domain IS NOT NULL AND fp.email_domain = ${domain})
             OR fp.uids && ${ownUids} OR fp.uids && ${given}))`;
  return or(
    eq(introductions.companyId, companyId),
    company.organisationId === null
      ? undefined
      : inArray(introductions.jobId, advertisementsOf(company.organisationId)),
    sql`${introductions.formerCompanyId} IN ${formerIds}`,
  )!;
}

/** Retention: evidence of former companies goes CIRCUMVENTION_MONTHS after their deletion. */
export async function formerPartyRetention(tx: Db, now: Date, dryRun: boolean): Promise<number> {
  const due = lt(formerParties.evidenceUntil, now);
  if (dryRun) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(formerParties)
      .where(due);
    return row?.n ?? 0;
  }
  const deleted = await tx.delete(formerParties).where(due).returning({ id: formerParties.id });
  return deleted.length;
}
