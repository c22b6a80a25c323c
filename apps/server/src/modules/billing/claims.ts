import { and, eq, ne, sql } from 'drizzle-orm';
import {
  canChangePlacementStatus,
  formatCents,
  GUARANTEE_ENDED_BY_LABELS,
  GUARANTEE_MSG,
  guaranteeClaimRefusal,
  guaranteeWindow,
  type GuaranteeWindow,
  viennaDate,
  type GuaranteeClaim,
  type GuaranteeClaimRequest,
  type GuaranteeDecisionRequest,
  formatDay,
} from '@pb/core';
import type { Db } from '../../db/client';
import { guaranteeClaims, introductions, placementReports, users, type PlacementReportRow } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import { createNotifications } from '../../services/notifications/centre';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import { issueGuaranteeCorrection } from './correction-invoices';
import { invoiceOfReport, type BillingContext } from './invoices';
import { documentsOf } from './documents';
import { bookRefundPayout } from './refund-payouts';
import { settleIfPaid } from './placement-money';
import { authorizeGuaranteeClaim } from './policy';
import { presentClaim } from './presenter';

/**
 * Guarantee claims (spec §9): the company reports that the placed person left within 60 days;
 * the back office accepts (correction invoice, 50 % refund, status 'garantiefall') or rejects
 * with a reason. Each command is one transaction with its mails; who to tell live is returned.
 */

export interface BillingNotice {
  placementReportId: number;
  /** Accounts whose open pages should reload their billing views. */
  userIds: number[];
}

/**
 * The consultant a placement belongs to: the reporter of a consultant report; for a company's
 * report the consultant of the named introduction, else the consultant account the report's
 * recruiter e-mail names (the same rule as 'Meine Vermittlungen').
 */
export async function consultantOfReport(tx: Db, report: PlacementReportRow): Promise<number | null> {
  if (report.variant === 'consultant') return report.reporterId;
  if (report.introductionId !== null) {
    const [row] = await tx
      .select({ consultantId: introductions.consultantId })
      .from(introductions)
      .where(eq(introductions.id, report.introductionId))
      .limit(1);
    if (row?.consultantId) return row.consultantId;
  }
  const [named] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'consultant'), sql`lower(${users.email}) = lower(${report.recruiterMail})`))
    .limit(1);
  return named?.id ?? null;
}

function noticeFor(report: PlacementReportRow, consultantId: number | null): BillingNotice {
  return {
    placementReportId: report.id,
    userIds: [report.companyId, consultantId].filter((id): id is number => id !== null),
  };
}

async function accountOf(tx: Db, id: number | null): Promise<{ email: string; username: string } | null> {
  if (id === null) return null;
  const [row] = await tx.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Command: the company files a claim on its own invoiced placement, checked against the terms. */
export async function fileGuaranteeClaim(
  db: Db,
  user: CurrentUser,
  reportId: number,
  input: GuaranteeClaimRequest,
  context: BillingContext & { officeEmail: string },
): Promise<{ claim: GuaranteeClaim; notice: BillingNotice }> {
  return db.transaction(async (tx) => {
    // Another company's placement answers as if it did not exist.
    const [locked] = await tx.select().from(placementReports).where(eq(placementReports.id, reportId)).for('update');
    const report = authorizeGuaranteeClaim(user, locked);
    if (report.status !== 'verrechnet' && report.status !== 'bezahlt') throw conflict(GUARANTEE_MSG.notInvoiced);
    if (!(await invoiceOfReport(tx, reportId))) throw conflict(GUARANTEE_MSG.notInvoiced);
    const [live] = await tx
      .select({ id: guaranteeClaims.id })
      .from(guaranteeClaims)
      .where(and(eq(guaranteeClaims.placementReportId, reportId), ne(guaranteeClaims.status, 'abgelehnt')))
      .limit(1);
    if (live) throw conflict(GUARANTEE_MSG.alreadyClaimed);
    const refusal = guaranteeClaimRefusal(input, viennaDate(context.now), await guaranteeWindowOf(tx, report));
    if (refusal) throw conflict(refusal);
    const [claim] = await tx
      .insert(guaranteeClaims)
      .values({
        placementReportId: reportId,
        companyId: user.id,
        employmentStart: input.employmentStart,
        employmentEnd: input.employmentEnd,
        endedBy: input.endedBy,
        note: input.note,
        createdAt: context.now,
      })
      .returning();
    const paragraphs = [
      `${report.companyName} meldet einen Garantiefall zur Vermittlung Nr. ${report.id} („${report.jobTitle}“).`,
      `Dienstverhältnis: ${formatDay(input.employmentStart)} bis ${formatDay(input.employmentEnd)} – ${GUARANTEE_ENDED_BY_LABELS[input.endedBy]}.`,
      `Beschreibung: ${input.note}`,
    ];
    const link = { href: `${context.publicUrl}/admin/billing`, label: 'Garantiefall prüfen' };
    await enqueueMail(tx, {
      event: 'billing.claim',
      to: context.officeEmail,
      subject: `Garantiefall gemeldet: ${report.jobTitle}`,
      text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}`,
      html: simpleHtml(paragraphs, link),
    });
    const consultantId = await consultantOfReport(tx, report);
    if (consultantId !== null) {
      await createNotifications(
        tx,
        [
          {
            userId: consultantId,
            kind: 'guarantee',
            title: 'Garantiefall gemeldet',
            body: `Das Unternehmen hat zu „${report.jobTitle}“ einen Garantiefall gemeldet; wir prüfen ihn.`,
            link: '/advertisements/earnings',
          },
        ],
        context.now,
      );
    }
    return {
      claim: presentClaim(claim!, report, { withNote: true, documents: [] }),
      notice: noticeFor(report, consultantId),
    };
  });
}

/**
 * Command (back office): accepts a claim — the placement becomes 'garantiefall', the correction
 * invoice is issued and mailed, the consultant is told — or rejects it with a reason. Audited.
 */
export async function decideGuaranteeClaim(
  db: Db,
  actor: CurrentUser,
  claimId: number,
  decision: GuaranteeDecisionRequest,
  context: BillingContext,
): Promise<{ claim: GuaranteeClaim; notice: BillingNotice }> {
  return db.transaction(async (tx) => {
    // Lock order of every money command: the report, then its claims, then invoices.
    const [target] = await tx
      .select({ placementReportId: guaranteeClaims.placementReportId })
      .from(guaranteeClaims)
      .where(eq(guaranteeClaims.id, claimId));
    if (!target) throw notFound(GUARANTEE_MSG.claimNotFound);
    const [report] = await tx
      .select()
      .from(placementReports)
      .where(eq(placementReports.id, target.placementReportId))
      .for('update');
    if (!report) throw notFound(GUARANTEE_MSG.reportNotFound);
    const [claim] = await tx.select().from(guaranteeClaims).where(eq(guaranteeClaims.id, claimId)).for('update');
    if (!claim) throw notFound(GUARANTEE_MSG.claimNotFound);
    if (claim.status !== 'offen') throw conflict(GUARANTEE_MSG.alreadyDecided);
    const consultantId = await consultantOfReport(tx, report);
    let decided: typeof claim | undefined;
    let refund: { cents: number; dueOn: string; number: string } | null = null;
    if (decision.decision === 'angenommen') {
      if (!canChangePlacementStatus(report.status, 'garantiefall')) throw conflict(GUARANTEE_MSG.notInvoiced);
      const refusal = await claimWindowRefusal(tx, report, claim);
      if (refusal) throw conflict(refusal);
      const correction = await applyGuaranteeRefund(tx, report, context);
      if (!correction) throw conflict(GUARANTEE_MSG.notInvoiced);
      refund = { cents: -correction.grossCents, dueOn: correction.dueOn, number: correction.number };
      [decided] = await tx
        .update(guaranteeClaims)
        .set({
          status: 'angenommen',
          decidedAt: context.now,
          decidedBy: actor.id,
          refundCents: refund.cents,
          refundDueOn: refund.dueOn,
        })
        .where(eq(guaranteeClaims.id, claimId))
        .returning();
    } else {
      [decided] = await tx
        .update(guaranteeClaims)
        .set({ status: 'abgelehnt', reason: decision.reason, decidedAt: context.now, decidedBy: actor.id })
        .where(eq(guaranteeClaims.id, claimId))
        .returning();
    }
    await recordAudit(tx, actor, {
      action: 'guarantee.decide',
      entity: 'guarantee_claim',
      entityId: claimId,
      before: { status: 'offen' },
      after: { status: decided!.status, ...(refund ? { refund } : { reason: decided!.reason }) },
    });
    await decisionMails(tx, report, consultantId, decided!, refund, context);
    const accepted = decided!.status === 'angenommen';
    await createNotifications(
      tx,
      [
        ...(report.companyId !== null ? [{ userId: report.companyId, link: '/advertisements/billing' }] : []),
        ...(consultantId !== null ? [{ userId: consultantId, link: '/advertisements/earnings' }] : []),
      ].map(({ userId, link }) => ({
        userId,
        kind: 'guarantee' as const,
        title: `Garantiefall ${accepted ? 'angenommen' : 'abgelehnt'}`,
        body: `„${report.jobTitle}“${accepted && refund ? `: ${formatCents(refund.cents)} werden erstattet` : ''}`,
        link,
      })),
      context.now,
      { mail: false },
    );
    const documents = (await documentsOf(tx, [claimId])).get(claimId) ?? [];
    return {
      claim: presentClaim(decided!, report, { withNote: true, documents }),
      notice: noticeFor(report, consultantId),
    };
  });
}

/**
 * The placement's guarantee window: from the report's day, or the day the named introduction
 * was hired when that came first (guaranteeWindow in core).
 */
export async function guaranteeWindowOf(tx: Db, report: PlacementReportRow): Promise<GuaranteeWindow> {
  const [hired] =
    report.introductionId === null
      ? []
      : await tx
          .select({ at: introductions.statusChangedAt })
          .from(introductions)
          .where(and(eq(introductions.id, report.introductionId), eq(introductions.status, 'eingestellt')));
  return guaranteeWindow(viennaDate(report.createdAt), hired ? viennaDate(hired.at) : null);
}

/**
 * A filed claim checked again against its placement, as of its filing day: the back office's
 * acceptance and its direct 'garantiefall' apply the rule the filing applied (claims filed
 * before a rule existed, or on a report whose dates changed, do not slip through).
 */
export async function claimWindowRefusal(
  tx: Db,
  report: PlacementReportRow,
  claim: Pick<typeof guaranteeClaims.$inferSelect, 'employmentStart' | 'employmentEnd' | 'createdAt'>,
): Promise<string | null> {
  return guaranteeClaimRefusal(claim, viennaDate(claim.createdAt), await guaranteeWindowOf(tx, report));
}

/**
 * The refund of a guarantee case: status 'garantiefall' and the correction invoice of the
 * report's invoice (none when it was never invoiced). Shared by the claim decision and the
 * back office's direct status change.
 */
export async function applyGuaranteeRefund(tx: Db, report: PlacementReportRow, context: BillingContext) {
  const original = await invoiceOfReport(tx, report.id);
  // Reports invoiced before invoices existed in the product (no row): the status alone, as before.
  const correction = original ? await issueGuaranteeCorrection(tx, report, original, context) : null;
  // Paid already: the refund is a payout item to the company (none while the invoice is unpaid).
  if (correction) await bookRefundPayout(tx, report, correction, context.now, context.publicUrl);
  await tx
    .update(placementReports)
    .set({ status: 'garantiefall', guaranteeAt: context.now, updatedAt: context.now })
    .where(eq(placementReports.id, report.id));
  // A part payment that covers the halved amount pays the placement: else the agency's half would wait forever.
  await settleIfPaid(tx, { ...report, status: 'garantiefall' }, null, context.now);
  return correction;
}

async function decisionMails(
  tx: Db,
  report: PlacementReportRow,
  consultantId: number | null,
  claim: typeof guaranteeClaims.$inferSelect,
  refund: { cents: number; dueOn: string; number: string } | null,
  context: BillingContext,
): Promise<void> {
  const company = await accountOf(tx, report.companyId);
  const consultant = await accountOf(tx, consultantId);
  const accepted = claim.status === 'angenommen';
  if (company && !accepted) {
    // Accepted: the correction invoice's mail (with the PDF) already tells the company.
    const paragraphs = [
      'Guten Tag,',
      `Ihr Garantiefall zur Stelle „${report.jobTitle}“ wurde abgelehnt.`,
      `Begründung: ${claim.reason ?? ''}`,
    ];
    const link = { href: `${context.publicUrl}/advertisements/billing`, label: 'Rechnungen ansehen' };
    await enqueueMail(tx, {
      event: 'billing.claim-rejected',
      to: company.email,
      subject: `Garantiefall abgelehnt: ${report.jobTitle}`,
      text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}`,
      html: simpleHtml(paragraphs, link),
    });
  }
  if (consultant) {
    const paragraphs = accepted
      ? [
          'Guten Tag,',
          `das Unternehmen hat für Ihre Vermittlung „${report.jobTitle}“ (${report.companyName}) einen Garantiefall gemeldet; wir haben ihn angenommen.`,
          `Nach den Bedingungen werden 50 % der Vermittlungsprämie erstattet (Korrekturrechnung ${refund?.number ?? ''}, ${formatCents(refund?.cents ?? 0)} brutto an das Unternehmen).`,
        ]
      : [
          'Guten Tag,',
          `ein Garantiefall zu Ihrer Vermittlung „${report.jobTitle}“ (${report.companyName}) wurde abgelehnt; Ihre Prämie bleibt unverändert.`,
        ];
    const link = { href: `${context.publicUrl}/advertisements/earnings`, label: 'Meine Vermittlungen' };
    await enqueueMail(tx, {
      event: accepted ? 'billing.claim-accepted' : 'billing.claim-rejected',
      to: consultant.email,
      subject: `Garantiefall ${accepted ? 'angenommen' : 'abgelehnt'}: ${report.jobTitle}`,
      text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}`,
      html: simpleHtml(paragraphs, link),
    });
  }
}
