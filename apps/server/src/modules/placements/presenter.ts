import { guaranteeDeadline, guaranteeRefund, invoiceDueDate, type AdminPlacementReport } from '@pb/core';
import type { PlacementReportRow } from '../../db/schema';
import { invoiceUrl } from '../billing';
import { needsReview } from './flags';

/** What leaves the server of a placement report for the back office (core's AdminPlacementReport). */

/** Adds what the back office derives: due date, guarantee deadline, refund. */
export function presentPlacementReport(
  r: PlacementReportRow,
  invoice: { id: number; number: string; grossCents: number } | null,
): AdminPlacementReport {
  return {
    id: r.id,
    variant: r.variant,
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    companyId: r.companyId,
    companyName: r.companyName,
    reporterId: r.reporterId,
    recruiter: r.recruiter,
    recruiterMail: r.recruiterMail,
    contactPerson: r.contactPerson,
    placementBonus: Number(r.placementBonus),
    bonusInForce: r.bonusInForce === null ? null : Number(r.bonusInForce),
    actualSalary: Number(r.actualSalary),
    placementFee: Number(r.placementFee),
    serviceFee: Number(r.serviceFee),
    street: r.street,
    houseNr: r.houseNr,
    postalCode: r.postalCode,
    city: r.city,
    uid: r.uid,
    country: r.country,
    status: r.status,
    reportedAt: r.createdAt.toISOString(),
    invoicedAt: r.invoicedAt?.toISOString() ?? null,
    paidAt: r.paidAt?.toISOString() ?? null,
    guaranteeAt: r.guaranteeAt?.toISOString() ?? null,
    objectedAt: r.objectedAt?.toISOString() ?? null,
    objectedBy: r.objectedBy,
    objectionNote: r.objectionNote,
    introductionId: r.introductionId,
    invoiceNumber: invoice?.number ?? null,
    invoiceUrl: invoice ? invoiceUrl(invoice.id) : null,
    invoiceGrossCents: invoice?.grossCents ?? null,
    circumvention: r.circumventionAt
      ? {
          at: r.circumventionAt.toISOString(),
          // Evidence from before issue 28 was always a matched candidate.
          evidence: (r.circumventionEvidence ?? []).map((e) => ({ ...e, basis: e.basis ?? 'candidate' })),
        }
      : null,
    flags: r.reviewFlags,
    needsReview: needsReview(r),
    review:
      r.reviewDecision && r.reviewedAt
        ? { decision: r.reviewDecision, note: r.reviewNote ?? '', at: r.reviewedAt.toISOString(), byId: r.reviewedBy }
        : null,
    dueDate: r.invoicedAt ? invoiceDueDate(r.invoicedAt) : null,
    guaranteeUntil: guaranteeDeadline(r.createdAt),
    refund: r.status === 'garantiefall' ? guaranteeRefund(Number(r.placementFee), Number(r.serviceFee)) : null,
  };
}
