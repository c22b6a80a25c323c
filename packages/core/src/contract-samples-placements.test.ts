import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminAuditEntrySchema,
  adminContactMessageSchema,
  adminDashboardSchema,
  adminOkSchema,
  adminPlacementReportSchema,
  adminUserSchema,
  type AdminDashboard,
  type AdminPlacementReport,
} from './admin';
import { collectionSchema, singleSchema } from './http';
import {
  companyPlacementReportViewSchema,
  placementReportedEventSchema,
  placementReportResultSchema,
} from './placements';

/**
 * The response schemas are the one definition of what leaves the server: each test parses a
 * realistic sample (placements and the back office here; the rest in contract-samples.test.ts).
 */

const adminReport: AdminPlacementReport = {
  id: 31,
  variant: 'company',
  jobId: 42,
  jobTitle: 'Polier (m/w/d)',
  companyId: 7,
  companyName: 'Huber Bau GmbH',
  reporterId: 7,
  recruiter: 'Anna Berger',
  recruiterMail: 'anna.berger@example.at',
  contactPerson: 'Franz Huber',
  placementBonus: 15,
  bonusInForce: 15,
  actualSalary: 52_000,
  placementFee: 7800,
  serviceFee: 780,
  street: 'Hauptplatz',
  houseNr: '1',
  postalCode: '8010',
  city: 'Graz',
  uid: 'ATU12345678',
  country: 'AT',
  status: 'garantiefall',
  reportedAt: '2026-01-12T10:00:00.000Z',
  invoicedAt: '2026-01-13T10:00:00.000Z',
  paidAt: null,
  guaranteeAt: '2026-02-20T10:00:00.000Z',
  objectedAt: null,
  objectedBy: null,
  objectionNote: null,
  introductionId: 5,
  invoiceNumber: null,
  invoiceUrl: null,
  invoiceGrossCents: null,
  circumvention: {
    at: '2026-01-12T10:00:00.000Z',
    evidence: [
      {
        introductionId: 3,
        consultantId: 9,
        introducedAt: '2025-11-02T09:00:00.000Z',
        claim: 'live',
        matchedBy: ['email'],
        basis: 'candidate',
      },
    ],
  },
  flags: [{ code: 'praemie_unter_aktiver', reason: 'Gemeldet 10 %, aktive Prämie 20 %.' }],
  needsReview: false,
  review: { decision: 'freigegeben', note: 'Mit dem Unternehmen geklärt.', at: '2026-01-13T09:00:00.000Z', byId: 1 },
  dueDate: '2026-02-02',
  guaranteeUntil: '2026-03-13',
  refund: { placementFee: 3900, serviceFee: 390, total: 4290 },
};

const dashboard: AdminDashboard = {
  companies: 12,
  consultants: 30,
  listedAgencies: 18,
  publishedJobs: 44,
  conversations: 81,
  placementsThisMonth: 2,
  placementsThisYear: 9,
  fees: {
    placementFeeTotal: 70_200,
    serviceFeeTotal: 7020,
    placementFeeThisYear: 31_000,
    serviceFeeThisYear: 3100,
    refundTotal: 4290,
  },
  months: [{ month: '2026-03', placements: 2, placementFees: 15_600, serviceFees: 1560, newJobs: 6 }],
  retentionRuns: [
    {
      id: 4,
      dryRun: false,
      startedAt: '2026-03-01T02:00:00.000Z',
      finishedAt: '2026-03-01T02:00:03.000Z',
      summary: { warnedUsers: [15], deletedUsers: [], deactivatedJobs: [8, 9] },
    },
  ],
};

/** Parses and expects the output to equal the input (nothing dropped, nothing added). */
function roundTrip(schema: z.ZodType, sample: unknown): void {
  expect(schema.parse(sample)).toEqual(sample);
}

describe('Contract schemas (realistic samples)', () => {
  it('When a placement is reported or objected to, then the result, the company view and the event parse', () => {
    roundTrip(singleSchema(placementReportResultSchema), {
      data: { id: 31, placementFee: 7800, serviceFee: 780, reviewPending: false },
      meta: {},
    });
    roundTrip(singleSchema(companyPlacementReportViewSchema), {
      data: {
        id: 32,
        jobId: 42,
        jobTitle: 'Polier (m/w/d)',
        consultantName: 'Anna Berger',
        reportedAt: '2026-03-10T09:00:00.000Z',
        status: 'gemeldet',
        objectedAt: '2026-03-11T09:00:00.000Z',
        objectionNote: 'Die Kandidatin hat sich direkt beworben.',
        canObject: false,
        reviewPending: true,
      },
      meta: {},
    });
    roundTrip(placementReportedEventSchema, {
      reportId: 32,
      jobId: 42,
      jobTitle: 'Polier (m/w/d)',
      consultantName: 'Anna Berger',
      reportedAt: '2026-03-10T09:00:00.000Z',
      reviewPending: true,
    });
  });

  it('When the back office asks, then dashboard, reports, users, contact messages and audit entries parse', () => {
    roundTrip(singleSchema(adminDashboardSchema), { data: dashboard, meta: {} });
    roundTrip(collectionSchema(adminPlacementReportSchema), {
      data: [
        adminReport,
        {
          ...adminReport,
          id: 32,
          variant: 'consultant',
          status: 'gemeldet',
          street: null,
          houseNr: null,
          postalCode: null,
          city: null,
          uid: null,
          invoicedAt: null,
          guaranteeAt: null,
          dueDate: null,
          refund: null,
        },
      ],
      meta: { pagination: { start: 0, limit: 25, total: 2 } },
    });
    roundTrip(adminUserSchema, {
      id: 9,
      username: 'Anna Berger',
      email: 'anna.berger@example.at',
      role: 'consultant',
      confirmed: true,
      blocked: false,
      lastLogin: null,
      createdAt: '2025-11-20T14:30:00.000Z',
      retentionWarnedAt: null,
    });
    roundTrip(singleSchema(adminOkSchema), { data: { id: 9, ok: true }, meta: {} });
    roundTrip(adminContactMessageSchema, {
      id: 2,
      firstname: 'Anna',
      lastname: 'Huber',
      company: 'Huber Bau GmbH',
      email: 'anna.huber@example.at',
      message: 'Bitte rufen Sie mich zurück.',
      createdAt: '2026-03-01T10:00:00.000Z',
      handledAt: null,
    });
    roundTrip(adminAuditEntrySchema, {
      id: 77,
      actorId: 1,
      actorEmail: 'admin@example.at',
      action: 'placement.status',
      entity: 'placement_report',
      entityId: '31',
      before: { status: 'bezahlt' },
      after: { status: 'garantiefall' },
      createdAt: '2026-02-20T10:00:00.000Z',
    });
  });
});
