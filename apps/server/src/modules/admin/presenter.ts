import {
  guaranteeDeadline,
  guaranteeRefund,
  invoiceDueDate,
  type AdminContactMessage,
  type AdminPlacementReport,
  type AdminUser,
} from '@pb/core';
import { contactMessages, placementReports, users } from '../../db/schema';
import { invoiceUrl } from '../billing/presenter';
import { needsReview } from '../placements/flags';

/** What leaves the back office: rows shaped into the core's admin types. */

type ContactRow = typeof contactMessages.$inferSelect;

export function presentContactMessage(r: ContactRow): AdminContactMessage {
  return {
    id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    company: r.company,
    email: r.email,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    handledAt: r.handledAt?.toISOString() ?? null,
  };
}

export const adminUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  confirmed: users.confirmed,
  blocked: users.blocked,
  public: users.public,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  retentionWarnedAt: users.retentionWarnedAt,
};

export type AdminUserRow = { [K in keyof typeof adminUserColumns]: (typeof users.$inferSelect)[K] };

export function presentAdminUser(r: AdminUserRow): AdminUser {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    role: r.role,
    confirmed: r.confirmed,
    blocked: r.blocked,
    public: r.public,
    lastLogin: r.lastLogin?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    retentionWarnedAt: r.retentionWarnedAt?.toISOString() ?? null,
  };
}

type ReportRow = typeof placementReports.$inferSelect;

/** Adds what the back office derives: due date, guarantee deadline, refund. */
export function presentPlacementReport(
  r: ReportRow,
  invoice: { id: number; number: string } | null,
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
