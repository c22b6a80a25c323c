import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  viennaDate,
  type ActiveMembership,
  type EarningsOverview,
  type EarningsYear,
  type GuaranteeClaim,
  type Invoice,
  type InvoiceIssuer,
  type StoredFile,
} from '@pb/core';
import type { Db } from '../../db/client';
import {
  guaranteeClaims,
  introductions,
  invoices,
  placementReports,
  users,
  type PlacementReportRow,
  type UserRole,
} from '../../db/schema';
import { toCsv } from '../../services/csv';
import { documentsOf } from './documents';
import { expectedGuaranteeRefundCents } from './correction-invoices';
import type { InvoiceRow } from './invoices';
import { presentClaim, presentEarning, presentInvoice } from './presenter';
import { buildStatement, groupByReport, outstandingCents, settlementParts, type ReportPayment } from './statement';
import { paymentsOf, remindersOf, type ReminderSummary } from './ledger';

/**
 * The earnings and billing pages (issue 12): a consultant's placements ('Meine Vermittlungen'),
 * a company's invoices and placements ('Rechnungen und Vermittlungen'), the back office's lists.
 */

type ClaimRow = typeof guaranteeClaims.$inferSelect;

/** Newest claim per report, newest first within the list. */
async function claimsOf(db: Db, reportIds: number[]): Promise<Map<number, ClaimRow>> {
  const map = new Map<number, ClaimRow>();
  if (reportIds.length === 0) return map;
  const rows = await db
    .select()
    .from(guaranteeClaims)
    .where(inArray(guaranteeClaims.placementReportId, reportIds))
    .orderBy(desc(guaranteeClaims.id));
  for (const row of rows) if (!map.has(row.placementReportId)) map.set(row.placementReportId, row);
  return map;
}

async function invoicesOf(db: Db, reportIds: number[]): Promise<InvoiceRow[]> {
  if (reportIds.length === 0) return [];
  return db.select().from(invoices).where(inArray(invoices.placementReportId, reportIds)).orderBy(desc(invoices.id));
}

async function consultantNames(db: Db, reports: PlacementReportRow[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const byIntroduction = reports.filter((r) => r.variant === 'company' && r.introductionId !== null);
  if (byIntroduction.length > 0) {
    const rows = await db
      .select({ id: introductions.id, name: users.username })
      .from(introductions)
      .innerJoin(users, eq(users.id, introductions.consultantId))
      .where(
        inArray(
          introductions.id,
          byIntroduction.map((r) => r.introductionId!),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r.name]));
    for (const r of byIntroduction) {
      const name = byId.get(r.introductionId!);
      if (name) names.set(r.id, name);
    }
  }
  for (const r of reports) if (!names.has(r.id)) names.set(r.id, r.recruiter);
  return names;
}

/** Placements that count for money: not the ones the office discarded (never invoiced). */
function counted(placements: EarningsOverview['placements']): EarningsOverview['placements'] {
  return placements.filter((p) => p.status !== 'verworfen');
}

function yearsOf(placements: EarningsOverview['placements']): EarningsYear[] {
  const years = new Map<number, EarningsYear>();
  for (const p of counted(placements)) {
    const year = Number(viennaDate(p.reportedAt).slice(0, 4));
    const entry = years.get(year) ?? { year, placements: 0, bonusCents: 0, refundedBonusCents: 0 };
    entry.placements += 1;
    entry.bonusCents += p.bonusCents;
    entry.refundedBonusCents += p.refundedBonusCents;
    years.set(year, entry);
  }
  return [...years.values()].sort((a, b) => b.year - a.year);
}

/** The invoice in force per report: its newest 'rechnung' (earlier ones were replaced after a correction). */
function invoicesInForce(rows: InvoiceRow[]): Map<number, InvoiceRow> {
  const current = new Map<number, InvoiceRow>();
  for (const row of rows) {
    const seen = current.get(row.placementReportId);
    if (row.kind === 'rechnung' && (!seen || seen.id < row.id)) current.set(row.placementReportId, row);
  }
  return current;
}

function presentInvoices(
  rows: InvoiceRow[],
  reports: Map<number, PlacementReportRow>,
  payments: ReportPayment[],
  reminders: Map<number, ReminderSummary[]>,
  today: string,
): Invoice[] {
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  const inForce = invoicesInForce(rows);
  // Grouped once: the back office's list holds every invoice.
  const byReport = groupByReport(rows);
  const paymentsByReport = groupByReport(payments);
  return rows.map((row) => {
    const report = reports.get(row.placementReportId);
    const current = row.kind === 'rechnung' && inForce.get(row.placementReportId)?.id === row.id;
    const penalty = row.kind === 'vertragsstrafe';
    // The part this invoice belongs to: the placement's, or the penalty's (settled apart).
    const part = settlementParts(
      byReport.get(row.placementReportId) ?? [],
      paymentsByReport.get(row.placementReportId) ?? [],
    ).find((p) => p.penalty === penalty);
    const outstanding = part ? outstandingCents(part.rows, part.payments) : 0;
    if (penalty) {
      return presentInvoice(row, {
        paid: outstanding <= 0,
        today,
        correctsNumber: null,
        superseded: false,
        reminders: reminders.get(row.id) ?? [],
        remainingCents: outstanding > 0 && outstanding < row.grossCents ? outstanding : null,
      });
    }
    return presentInvoice(row, {
      // A correction is a refund to pay out only when more was paid than is owed now (a guarantee
      // refund before payment just lowered the invoice, even once the rest is paid).
      paid: row.kind === 'korrektur' ? outstanding < 0 : report?.paidAt != null,
      today,
      correctsNumber: row.correctsInvoiceId === null ? null : (numbers.get(row.correctsInvoiceId) ?? null),
      superseded: row.kind === 'rechnung' && !current,
      reminders: reminders.get(row.id) ?? [],
      remainingCents: current && report && report.paidAt === null ? Math.max(0, outstanding) : null,
    });
  });
}

async function overview(
  db: Db,
  reports: PlacementReportRow[],
  now: Date,
  forCompany: boolean,
  issuer: InvoiceIssuer | null = null,
): Promise<EarningsOverview> {
  const today = viennaDate(now);
  const ids = reports.map((r) => r.id);
  const [claims, invoiceRows, names, payments] = await Promise.all([
    claimsOf(db, ids),
    invoicesOf(db, ids),
    consultantNames(db, reports),
    forCompany ? paymentsOf(db, ids) : Promise.resolve([]),
  ]);
  const reminders = forCompany
    ? await remindersOf(
        db,
        invoiceRows.map((r) => r.id),
      )
    : new Map();
  const documents = forCompany
    ? await documentsOf(
        db,
        [...claims.values()].map((c) => c.id),
      )
    : new Map<number, StoredFile[]>();
  const rechnung = invoicesInForce(invoiceRows);
  const placements = reports.map((report) =>
    presentEarning(report, {
      invoice: rechnung.get(report.id) ?? null,
      claim: claims.get(report.id) ?? null,
      documents: documents.get(claims.get(report.id)?.id ?? 0) ?? [],
      consultantName: names.get(report.id) ?? null,
      today,
      forCompany,
    }),
  );
  const byId = new Map(reports.map((r) => [r.id, r]));
  const invoiceList = forCompany ? presentInvoices(invoiceRows, byId, payments, reminders, today) : [];
  // Open: what each placement still owes (the statement's 'Sie zahlen'), never below 0 per placement.
  const rowsByReport = groupByReport(invoiceRows);
  const paymentsByReport = groupByReport(payments);
  let openCents = 0;
  for (const report of reports) {
    for (const part of settlementParts(rowsByReport.get(report.id) ?? [], paymentsByReport.get(report.id) ?? [])) {
      openCents += Math.max(0, outstandingCents(part.rows, part.payments));
    }
  }
  return {
    placements,
    years: yearsOf(placements),
    invoices: invoiceList,
    openCents: forCompany ? openCents : 0,
    statement: forCompany && issuer ? buildStatement(reports, invoiceRows, payments, issuer) : null,
  };
}

/**
 * The placements a consultant counts as theirs: their own reports, and companies' reports naming
 * their introduction or their e-mail as the recruiter's.
 */
function placedBy(person: { id: number; email: string }): SQL {
  return or(
    and(eq(placementReports.variant, 'consultant'), eq(placementReports.reporterId, person.id)),
    and(eq(placementReports.variant, 'company'), eq(introductions.consultantId, person.id)),
    and(
      eq(placementReports.variant, 'company'),
      sql`lower(${placementReports.recruiterMail}) = lower(${person.email})`,
    ),
  )!;
}

async function reportsWhere(db: Db, where: SQL | undefined): Promise<PlacementReportRow[]> {
  const rows = await db
    .select({ report: placementReports })
    .from(placementReports)
    .leftJoin(introductions, eq(introductions.id, placementReports.introductionId))
    .where(where)
    .orderBy(desc(placementReports.createdAt), desc(placementReports.id));
  return rows.map((r) => r.report);
}

/**
 * 'Meine Vermittlungen' of an agency (issue 31): every placement of the agency, or only those of
 * `person` — a consultant's own, or the member an administrator filters by.
 */
export async function agencyEarnings(
  db: Db,
  agency: Pick<ActiveMembership, 'organisationId'>,
  person: { id: number; email: string } | null,
  now: Date,
): Promise<EarningsOverview> {
  const where = and(
    eq(placementReports.agencyOrganisationId, agency.organisationId),
    person ? placedBy(person) : undefined,
  );
  return overview(db, await reportsWhere(db, where), now, false);
}

/** The company's placements (on its advertisements) and their invoices, for every member of the company. */
export async function companyBilling(
  db: Db,
  company: Pick<ActiveMembership, 'organisationId'>,
  now: Date,
  issuer: InvoiceIssuer,
): Promise<EarningsOverview> {
  const where = eq(placementReports.companyOrganisationId, company.organisationId);
  return overview(db, await reportsWhere(db, where), now, true, issuer);
}

/**
 * The placements of one person for their data export: a consultant's as 'Meine Vermittlungen'
 * counts them; a company member's those they reported or are the contact person of.
 */
export async function personalPlacements(
  db: Db,
  person: { id: number; email: string; role: UserRole },
  now: Date,
): Promise<EarningsOverview> {
  const forCompany = person.role === 'company';
  const where = forCompany
    ? or(eq(placementReports.reporterId, person.id), eq(placementReports.companyId, person.id))
    : placedBy(person);
  return overview(db, await reportsWhere(db, where), now, forCompany);
}

/** 'Meine Vermittlungen' as CSV (the back office's Excel format): the placements that count for money. */
export function earningsCsv(data: EarningsOverview): string {
  const header = [
    'Nr.',
    'Gemeldet am',
    'Inserat',
    'Unternehmen',
    'Prämie %',
    'Bruttojahresgehalt €',
    'Prämie €',
    'Status',
    'Rechnung',
    'Erwartete Auszahlung',
    'Erstattet €',
  ];
  const rows = counted(data.placements).map((p) => [
    p.id,
    viennaDate(p.reportedAt),
    p.jobTitle,
    p.companyName,
    p.bonusPercent,
    p.salaryCents / 100,
    p.bonusCents / 100,
    p.statusText,
    p.invoiceNumber,
    p.expectedPayoutOn,
    p.refundedBonusCents / 100,
  ]);
  return toCsv(header, rows);
}

/** Back office: every invoice, newest first. */
export async function allInvoices(db: Db, now: Date): Promise<Invoice[]> {
  const rows = await db.select().from(invoices).orderBy(desc(invoices.id));
  const reportIds = [...new Set(rows.map((r) => r.placementReportId))];
  const reports =
    reportIds.length === 0
      ? []
      : await db.select().from(placementReports).where(inArray(placementReports.id, reportIds));
  return presentInvoices(
    rows,
    new Map(reports.map((r) => [r.id, r])),
    await paymentsOf(db, reportIds),
    await remindersOf(
      db,
      rows.map((r) => r.id),
    ),
    viennaDate(now),
  );
}

/** Back office: every claim, open ones first, then newest first. */
export async function allClaims(db: Db): Promise<GuaranteeClaim[]> {
  const rows = await db
    .select({ claim: guaranteeClaims, report: placementReports })
    .from(guaranteeClaims)
    .innerJoin(placementReports, eq(placementReports.id, guaranteeClaims.placementReportId))
    .orderBy(sql`${guaranteeClaims.status} = 'offen' DESC`, desc(guaranteeClaims.id));
  const documents = await documentsOf(
    db,
    rows.map((r) => r.claim.id),
  );
  // What accepting each open claim refunds, from the invoices in force of their reports (one query).
  const openReportIds = rows.filter((r) => r.claim.status === 'offen').map((r) => r.report.id);
  const inForce = invoicesInForce(await invoicesOf(db, openReportIds));
  const expected = new Map<number, number>();
  for (const r of rows) {
    const original = r.claim.status === 'offen' ? inForce.get(r.report.id) : undefined;
    if (original) expected.set(r.claim.id, expectedGuaranteeRefundCents(r.report, original));
  }
  return rows.map((r) =>
    presentClaim(r.claim, r.report, {
      withNote: true,
      documents: documents.get(r.claim.id) ?? [],
      expectedRefundCents: expected.get(r.claim.id) ?? null,
    }),
  );
}
