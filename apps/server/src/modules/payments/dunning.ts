import { asc, eq, sql } from 'drizzle-orm';
import {
  addCalendarDays,
  defaultInterest,
  DUNNING_FLAT_FEE_CENTS,
  DUNNING_LEVEL_LABELS,
  DUNNING_PAY_DAYS,
  formatCents,
  formatDay,
  viennaDate,
  type BaseRate,
  type DunningStep,
  type InvoiceIssuer,
} from '@pb/core';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dunningNotices, invoices, placementReports } from '../../db/schema';
import { recordAudit } from '../../services/audit';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import { createNotifications } from '../../services/notifications/centre';
import { dailyInVienna, type ScheduledJob } from '../../services/scheduler';
import { invoiceOfReport, invoiceRecipient, netPaidCentsOfReport, openCentsOfReport } from '../billing';
import { openChargesOfReport } from './allocation';
import { reminderTotalCents, renderReminderPdf } from './reminder-pdf';

/**
 * The daily dunning run (issue 34): for every invoice in force that is overdue and not paid, the
 * next step whose day has come — 'Zahlungserinnerung', '1. Mahnung' with default interest and the
 * flat fee, '2. Mahnung' with the interest since — as a PDF mailed through the outbox and shown on
 * the invoice. Never two steps closer together than their configured distance (a run after an
 * outage does not send them all at once); paused while the company's guarantee claim or objection
 * is open; over once the invoice is paid. Each notice is inserted under the invoice's unique
 * (invoice, level) key inside the transaction that locks the placement: a second instance, a
 * restart or an import booking a payment at the same moment can never send one twice or remind a
 * payer who has just paid.
 */

export interface DunningContext {
  issuer: InvoiceIssuer;
  steps: DunningStep[];
  baseRates: BaseRate[];
  publicUrl: string;
  now: Date;
}

const DUNNING_HOUR = 6;

interface Candidate {
  invoiceId: number;
  reportId: number;
}

/** Overdue invoices in force of unpaid placements, oldest due date first. */
async function candidates(db: Db, today: string, firstDays: number): Promise<Candidate[]> {
  const rows = rowsOf<{ invoice_id: number; report_id: number }>(
    await db.execute(sql`
      SELECT i.id AS invoice_id, i.placement_report_id AS report_id
      FROM invoices i
      JOIN placement_reports r ON r.id = i.placement_report_id
      WHERE i.kind = 'rechnung' AND r.paid_at IS NULL AND r.status IN ('verrechnet', 'garantiefall')
        AND i.due_on < ${addCalendarDays(today, -firstDays + 1)}::date
        AND i.id = (SELECT max(j.id) FROM invoices j WHERE j.placement_report_id = i.placement_report_id AND j.kind = 'rechnung')
      ORDER BY i.due_on, i.id`),
  );
  return rows.map((r) => ({ invoiceId: Number(r.invoice_id), reportId: Number(r.report_id) }));
}

/** An open guarantee claim, or an objection the office has not decided since: no reminder now. */
async function isPaused(tx: Db, report: typeof placementReports.$inferSelect): Promise<boolean> {
  if (report.objectedAt && (!report.reviewedAt || report.reviewedAt < report.objectedAt)) return true;
  const [claim] = rowsOf<{ open: boolean }>(
    await tx.execute(
      sql`SELECT EXISTS (SELECT 1 FROM guarantee_claims WHERE placement_report_id = ${report.id} AND status = 'offen') AS open`,
    ),
  );
  return Boolean(claim?.open);
}

export interface SentReminder {
  noticeId: number;
  placementReportId: number;
  level: DunningStep['level'];
  totalCents: number;
}

/** One invoice's next step, if its day has come; in its own transaction. */
async function remind(db: Db, candidate: Candidate, context: DunningContext): Promise<SentReminder | null> {
  const today = viennaDate(context.now);
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(placementReports)
      .where(eq(placementReports.id, candidate.reportId))
      .for('update');
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, candidate.invoiceId));
    if (!report || !invoice || report.paidAt !== null || (await isPaused(tx, report))) return null;
    // A correction may have replaced the invoice since the candidates were read.
    const inForce = await invoiceOfReport(tx, report.id);
    if (inForce?.id !== invoice.id) return null;
    const openCents = await openCentsOfReport(tx, report.id);
    if (openCents <= 0) return null;
    const sent = await tx
      .select()
      .from(dunningNotices)
      .where(eq(dunningNotices.invoiceId, invoice.id))
      .orderBy(asc(dunningNotices.id));
    const index = sent.length;
    const step = context.steps[index];
    if (!step || today < addCalendarDays(invoice.dueOn, step.daysAfterDue)) return null;
    const previous = sent[index - 1];
    const previousStep = context.steps[index - 1];
    // After an outage: the next step only once its distance from the previous one has passed.
    if (
      previous &&
      previousStep &&
      today < addCalendarDays(previous.issuedOn, step.daysAfterDue - previousStep.daysAfterDue)
    ) {
      return null;
    }
    // Interest from the due date, or from where the previous notice's interest ended.
    const interestFrom = previous && previous.interestCents > 0 ? previous.issuedOn : invoice.dueOn;
    const interest = step.claimsInterest
      ? defaultInterest(openCents, interestFrom, today, context.baseRates)
      : { cents: 0, periods: [] };
    // § 458 UGB: once per claim — also when a corrected invoice replaced the one first reminded.
    const [fee] = rowsOf<{ claimed: boolean }>(
      await tx.execute(
        sql`SELECT EXISTS (SELECT 1 FROM dunning_notices WHERE placement_report_id = ${report.id} AND flat_fee_cents > 0) AS claimed`,
      ),
    );
    const feeClaimed = Boolean(fee?.claimed);
    const flatFeeCents = step.claimsFlatFee && !feeClaimed ? DUNNING_FLAT_FEE_CENTS : 0;
    const earlierChargesCents = await openChargesOfReport(tx, report.id);
    const payBy = addCalendarDays(today, DUNNING_PAY_DAYS);
    const recipient = await invoiceRecipient(tx, report.id, invoice.companyId);
    const document = {
      level: step.level,
      issuer: context.issuer,
      customer: { name: invoice.customerName, address: invoice.customerAddress },
      invoice: {
        number: invoice.number,
        issuedOn: invoice.issuedOn,
        dueOn: invoice.dueOn,
        grossCents: invoice.grossCents,
      },
      issuedOn: today,
      payBy,
      earlier: sent.map((n) => ({ level: n.level, issuedOn: n.issuedOn })),
      openCents,
      paidCents: await netPaidCentsOfReport(tx, report.id),
      interestCents: interest.cents,
      interestPeriods: interest.periods,
      flatFeeCents,
      earlierChargesCents,
    };
    const pdf = await renderReminderPdf(document);
    const totalCents = reminderTotalCents(document);
    const [notice] = await tx
      .insert(dunningNotices)
      .values({
        invoiceId: invoice.id,
        placementReportId: report.id,
        level: step.level,
        issuedOn: today,
        payBy,
        openCents,
        interestCents: interest.cents,
        flatFeeCents,
        interestPeriods: interest.periods,
        totalCents,
        recipient,
        pdf,
        createdAt: context.now,
      })
      .onConflictDoNothing()
      .returning({ id: dunningNotices.id });
    if (!notice) return null;
    const label = DUNNING_LEVEL_LABELS[step.level];
    if (recipient) {
      const paragraphs = [
        'Guten Tag,',
        `die Rechnung Nr. ${invoice.number} vom ${formatDay(invoice.issuedOn)} („${invoice.jobTitle}“) war am ${formatDay(invoice.dueOn)} fällig und ist noch offen. Anbei erhalten Sie unsere ${label}.`,
        `Bitte überweisen Sie ${formatCents(totalCents)} bis ${formatDay(payBy)}; Zahlungsreferenz und Code stehen im Schreiben. Haben Sie in den letzten Tagen bezahlt, ist dieses Schreiben gegenstandslos.`,
      ];
      const link = { href: `${context.publicUrl}/advertisements/billing`, label: 'Rechnungen ansehen' };
      await enqueueMail(tx, {
        event: `billing.${step.level}`,
        to: recipient,
        subject: `${label} zu Rechnung ${invoice.number}`,
        text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}`,
        html: simpleHtml(paragraphs, link),
        dunningNoticeId: notice.id,
      });
    }
    if (invoice.companyId !== null) {
      await createNotifications(
        tx,
        [
          {
            userId: invoice.companyId,
            kind: 'guarantee',
            title: `${label} zu Rechnung ${invoice.number}`,
            body: `${formatCents(totalCents)} offen, bitte bis ${formatDay(payBy)} überweisen`,
            link: '/advertisements/billing',
          },
        ],
        context.now,
        { mail: false },
      );
    }
    await recordAudit(tx, null, {
      action: `dunning.${step.level}`,
      entity: 'invoice',
      entityId: invoice.id,
      after: { noticeId: notice.id, openCents, interestCents: interest.cents, flatFeeCents, payBy, recipient },
    });
    return { noticeId: notice.id, placementReportId: report.id, level: step.level, totalCents };
  });
}

/** Every due reminder of `today`; one invoice's failure does not stop the others (the next run retries it). */
export async function runDunning(
  db: Db,
  context: DunningContext,
  log?: { warn(obj: object, msg: string): void },
): Promise<SentReminder[]> {
  const first = context.steps[0];
  if (!first) return [];
  const sent: SentReminder[] = [];
  for (const candidate of await candidates(db, viennaDate(context.now), first.daysAfterDue)) {
    try {
      const reminder = await remind(db, candidate, context);
      if (reminder) sent.push(reminder);
    } catch (error) {
      // The database is gone: the run fails, so the scheduler tries it again.
      if (isDatabaseUnavailable(error)) throw error;
      log?.warn({ err: error, invoiceId: candidate.invoiceId }, 'reminder not sent; the next run tries again');
    }
  }
  return sent;
}

/** Once a day (06:00 Vienna) across instances. */
export function dunningJob(
  db: Db,
  context: Omit<DunningContext, 'now'>,
  log: { warn(obj: object, msg: string): void },
): ScheduledJob {
  return {
    name: 'dunning',
    period: dailyInVienna(DUNNING_HOUR),
    run: async ({ now }) => {
      await runDunning(db, { ...context, now }, log);
    },
  };
}
