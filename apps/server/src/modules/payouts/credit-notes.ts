import { eq, sql } from 'drizzle-orm';
import {
  agencyShareDueFrom,
  addWorkingDays,
  AGENCY_PAYOUT_WORKING_DAYS,
  computeGuaranteeRefund,
  creditNoteFileName,
  EU_COUNTRIES,
  formatCents,
  formatCreditNoteNumber,
  formatDay,
  isLegalIdentityComplete,
  normaliseUid,
  uidCountry,
  vatCentsOf,
  viennaDate,
  type CountryCode,
  type CreditNoteVatTreatment,
  type InvoiceIssuer,
} from '@pb/core';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { creditNotes, organisations, payoutItems, placementReports, type PlacementReportRow } from '../../db/schema';
import { recordAudit } from '../../services/audit';
import type { CurrentUser } from '../../services/auth';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import { dailyInVienna, type ScheduledJob } from '../../services/scheduler';
import { addressBlock, guaranteeWindowOf, moneyRecipients, reportFeeLine } from '../billing';
import { legalIdentityOf } from '../organisations';
import { payoutAccountOf, type PayoutAccountRow } from './account';
import { renderCreditNotePdf } from './credit-note-pdf';

/**
 * The agency's share of a placement (issue 34): once the company has paid and no guarantee claim
 * can come any more (the guarantee's end plus the 7 days a claim may follow the end of the
 * employment) nor is open, the platform settles the bonus with the agency by a self-billing credit
 * note in its own gap-free series and books it as a payout item. In a guarantee case the agency
 * keeps the half of the bonus the company did not get back. A daily job (once across instances)
 * and the office's button run the same command; the placement's row lock and the unique credit
 * note per placement make a second run, instance or click settle nothing twice.
 */

export interface CreditNoteContext {
  issuer: InvoiceIssuer;
  publicUrl: string;
  now: Date;
  /** Who ran it: the office's 'settle now' (audited by name), null for the daily job. */
  actor?: Pick<CurrentUser, 'id' | 'email'> | null;
}

type OrganisationRow = typeof organisations.$inferSelect;

/** The next credit note number of the year; its counter row queues concurrent issuers, a rollback returns it. */
async function takeCreditNoteNumber(tx: Db, year: number): Promise<{ sequence: number; number: string }> {
  const [row] = rowsOf<{ last_sequence: number }>(
    await tx.execute(sql`
      INSERT INTO credit_note_counters (year, last_sequence) VALUES (${year}, 1)
      ON CONFLICT (year) DO UPDATE SET last_sequence = credit_note_counters.last_sequence + 1
      RETURNING last_sequence`),
  );
  const sequence = Number(row!.last_sequence);
  return { sequence, number: formatCreditNoteNumber(year, sequence) };
}

/**
 * How the agency's service is taxed: from another EU state always reverse charge (the platform owes
 * the USt; the Austrian small-business exemption is for Austrian businesses), in Austria the
 * small-business exemption or 20 % USt.
 */
function vatTreatmentOf(account: PayoutAccountRow, country: CountryCode): CreditNoteVatTreatment {
  if (country !== 'AT') return 'reverse_charge';
  return account.vatStatus === 'kleinunternehmer' ? 'kleinunternehmer' : 'ust';
}

/** The agency's state: its UID's, else the one its legal identity names. */
function countryOf(organisation: OrganisationRow): CountryCode {
  const uid = organisation.uid ? normaliseUid(organisation.uid) : null;
  return ((uid ? uidCountry(uid) : null) ??
    (organisation.country in EU_COUNTRIES ? organisation.country : 'AT')) as CountryCode;
}

/** Why the agency's share cannot be settled yet for lack of the agency's data, in German; null when it can. */
export function settlementBlocker(
  organisation: OrganisationRow | null,
  account: PayoutAccountRow | null,
): string | null {
  if (!organisation) return 'Die Vermittlung ist keiner Personalberatung zugeordnet.';
  if (!isLegalIdentityComplete(organisation.kind, legalIdentityOf(organisation))) {
    return 'Name, Anschrift und GISA-Zahl Ihrer Organisation fehlen (Organisation → Rechnungsdaten).';
  }
  if (!account) return 'Bitte hinterlegen Sie Ihr Auszahlungskonto.';
  if (!account.selfBillingAgreedAt) return 'Bitte stimmen Sie der Abrechnung mit Gutschrift zu.';
  if (!organisation.uid && (account.vatStatus !== 'kleinunternehmer' || countryOf(organisation) !== 'AT')) {
    return 'Ihre UID-Nummer fehlt; ohne sie können wir keine Gutschrift ausstellen (Umsatzsteuer oder Reverse Charge).';
  }
  return null;
}

/** The agency's share in cents: the bonus, or the half the company kept in a guarantee case. */
export function shareCents(report: PlacementReportRow): number {
  const line = reportFeeLine(report, false);
  return report.status === 'garantiefall' ? line.bonusCents - computeGuaranteeRefund(line).bonusCents : line.bonusCents;
}

/** Paid placements with an agency, not yet settled, without an open claim; the dates are checked per placement. */
async function candidates(db: Db): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT r.id FROM placement_reports r
      WHERE r.paid_at IS NOT NULL AND r.status IN ('bezahlt', 'garantiefall') AND r.agency_organisation_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM credit_notes c WHERE c.placement_report_id = r.id)
        AND NOT EXISTS (SELECT 1 FROM guarantee_claims g WHERE g.placement_report_id = r.id AND g.status = 'offen')
      ORDER BY r.id`),
  );
  return rows.map((r) => Number(r.id));
}

export interface SettledShare {
  creditNoteId: number;
  number: string;
  placementReportId: number;
  grossCents: number;
}

/** Settles one placement's share if it is due; null when it is not (yet), or already settled. */
export async function settleShare(db: Db, reportId: number, context: CreditNoteContext): Promise<SettledShare | null> {
  return db.transaction(async (tx) => {
    // The lock every money command takes first: a claim filed or decided meanwhile waits or is seen.
    const [report] = await tx.select().from(placementReports).where(eq(placementReports.id, reportId)).for('update');
    if (!report || report.paidAt === null || report.agencyOrganisationId === null) return null;
    if (report.status !== 'bezahlt' && report.status !== 'garantiefall') return null;
    const today = viennaDate(context.now);
    const window = await guaranteeWindowOf(tx, report);
    if (today < agencyShareDueFrom(window.guaranteeEnd)) return null;
    const [settled] = rowsOf<{ done: boolean; open: boolean }>(
      await tx.execute(sql`SELECT
        EXISTS (SELECT 1 FROM credit_notes WHERE placement_report_id = ${report.id}) AS done,
        EXISTS (SELECT 1 FROM guarantee_claims WHERE placement_report_id = ${report.id} AND status = 'offen') AS open`),
    );
    if (settled?.done || settled?.open) return null;
    const [organisation] = await tx
      .select()
      .from(organisations)
      .where(eq(organisations.id, report.agencyOrganisationId));
    const account = await payoutAccountOf(tx, report.agencyOrganisationId);
    if (settlementBlocker(organisation ?? null, account) !== null) return null;
    return issueCreditNote(tx, report, organisation!, account!, context);
  });
}

async function issueCreditNote(
  tx: Db,
  report: PlacementReportRow,
  organisation: OrganisationRow,
  account: PayoutAccountRow,
  context: CreditNoteContext,
): Promise<SettledShare | null> {
  const netCents = shareCents(report);
  if (netCents <= 0) return null;
  const uid = organisation.uid ? normaliseUid(organisation.uid) : null;
  const country = countryOf(organisation);
  const vatTreatment = vatTreatmentOf(account, country);
  const vatCents = vatTreatment === 'ust' ? vatCentsOf(netCents) : 0;
  const grossCents = netCents + vatCents;
  const issuedOn = viennaDate(context.now);
  const dueOn = addWorkingDays(issuedOn, AGENCY_PAYOUT_WORKING_DAYS);
  const year = Number(issuedOn.slice(0, 4));
  const { sequence, number } = await takeCreditNoteNumber(tx, year);
  const identity = legalIdentityOf(organisation);
  const supplierAddress = addressBlock(
    { street: identity.street ?? '', postalCode: identity.postalCode ?? '', city: identity.city ?? '' },
    country,
  );
  const placementDate = viennaDate(report.createdAt);
  const description = `Vermittlungsprämie für die erfolgreiche Besetzung der Stelle „${report.jobTitle}“ bei ${report.companyName} (Meldung Nr. ${report.id} vom ${formatDay(placementDate)})${report.status === 'garantiefall' ? '; Garantiefall: 50 % der Prämie wurden dem Unternehmen erstattet' : ''}.`;
  const pdf = await renderCreditNotePdf({
    number,
    issuer: context.issuer,
    supplier: { name: organisation.name, address: supplierAddress, uid },
    vatTreatment,
    issuedOn,
    placementDate,
    description,
    netCents,
    vatCents,
    grossCents,
    selfBillingAgreedAt: account.selfBillingAgreedAt!.toISOString(),
    payTo: { iban: account.iban, dueOn },
  });
  const [note] = await tx
    .insert(creditNotes)
    .values({
      year,
      sequence,
      number,
      placementReportId: report.id,
      agencyOrganisationId: organisation.id,
      supplierName: organisation.name,
      supplierAddress,
      supplierUid: uid,
      supplierCountry: country,
      vatTreatment,
      jobTitle: report.jobTitle,
      description,
      placementDate,
      netCents,
      vatCents,
      grossCents,
      selfBillingAgreedAt: account.selfBillingAgreedAt!,
      issuedOn,
      issuer: context.issuer,
      pdf,
    })
    .returning({ id: creditNotes.id });
  await tx.insert(payoutItems).values({
    kind: 'praemie',
    placementReportId: report.id,
    organisationId: organisation.id,
    payeeName: organisation.name,
    amountCents: grossCents,
    dueOn,
    creditNoteId: note!.id,
    purpose: `Gutschrift ${number} Meldung ${report.id}`,
  });
  await recordAudit(tx, context.actor ?? null, {
    action: 'payout.credit_note',
    entity: 'placement_report',
    entityId: report.id,
    after: { number, netCents, vatCents, grossCents, vatTreatment, dueOn },
  });
  await mailCreditNote(
    tx,
    organisation,
    { id: note!.id, number, grossCents, dueOn, jobTitle: report.jobTitle },
    context,
  );
  return { creditNoteId: note!.id, number, placementReportId: report.id, grossCents };
}

/** To the agency's billing address, else its administrators, with the PDF attached by the mail worker. */
async function mailCreditNote(
  tx: Db,
  organisation: OrganisationRow,
  note: { id: number; number: string; grossCents: number; dueOn: string; jobTitle: string },
  context: CreditNoteContext,
): Promise<void> {
  const recipients = await moneyRecipients(tx, organisation.id);
  const paragraphs = [
    'Guten Tag,',
    `für die Besetzung der Stelle „${note.jobTitle}“ rechnen wir Ihre Vermittlungsprämie mit der Gutschrift Nr. ${note.number} ab (${formatCents(note.grossCents)}). Wir überweisen den Betrag bis ${formatDay(note.dueOn)}.`,
    `Die Gutschrift (${creditNoteFileName(note.number)}) liegt bei und steht unter „Auszahlungen“ in Ihrem Konto. Bitte prüfen Sie Ihre Angaben; sie gilt als Ihre Rechnung, solange Sie ihr nicht widersprechen.`,
  ];
  const link = { href: `${context.publicUrl}/advertisements/payouts`, label: 'Auszahlungen ansehen' };
  for (const to of recipients) {
    await enqueueMail(tx, {
      event: 'payouts.credit_note',
      to,
      subject: `Gutschrift ${note.number} – ${note.jobTitle}`,
      text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}`,
      html: simpleHtml(paragraphs, link),
      creditNoteId: note.id,
    });
  }
}

/** Settles every due share; one placement's failure is logged and retried by the next run, a lost database fails the run. */
export async function settleDueShares(
  db: Db,
  context: CreditNoteContext,
  log: { warn(obj: object, msg: string): void },
): Promise<SettledShare[]> {
  const settled: SettledShare[] = [];
  for (const reportId of await candidates(db)) {
    try {
      const share = await settleShare(db, reportId, context);
      if (share) settled.push(share);
    } catch (err) {
      // The database is gone: the run fails, so the scheduler tries it again (not tomorrow).
      if (isDatabaseUnavailable(err)) throw err;
      log.warn({ err, reportId }, 'agency share not settled');
    }
  }
  return settled;
}

const SETTLEMENT_HOUR = 6;

export function creditNoteJob(
  db: Db,
  context: Omit<CreditNoteContext, 'now'>,
  log: { warn(obj: object, msg: string): void },
): ScheduledJob {
  return {
    name: 'agency-shares',
    period: dailyInVienna(SETTLEMENT_HOUR),
    run: async ({ now }) => {
      await settleDueShares(db, { ...context, now }, log);
    },
  };
}
