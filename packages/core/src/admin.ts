import { z } from './zod';
import { guaranteeRefundSchema } from './business-days';
import { invoiceAddressSchema } from './billing';
import { int4Id } from './input';
import type { Job } from './jobs';
import { placementFlagSchema, placementReviewStateSchema, placementStatusSchema } from './placements';

/**
 * Back office (/admin): texts, retention terms, request bodies and the API shapes
 * only the back office sees. Placement statuses live in placements.ts, district
 * edits in districts.ts.
 */

/** Days after the last warning mail before an unused account is deleted. */
export const RETENTION_DELETE_AFTER_WARNING_DAYS = 30;
/** Contact messages are deleted this many months after they arrived (privacy policy). */
export const CONTACT_MESSAGE_RETENTION_MONTHS = 12;
/** Delivered mails (they may hold reset links and personal data) are purged after this many days. */
export const SENT_MAIL_RETENTION_DAYS = 30;

export const ADMIN_MSG = {
  noAccess: 'Kein Zugriff',
  noAccessText: 'Dieser Bereich ist nur für das Backoffice zugänglich.',
  districtInUse: 'Der Bezirk wird von Inseraten verwendet und kann nicht gelöscht werden.',
  districtExists: 'Ein Bezirk mit diesem Namen existiert bereits.',
  districtNameRequired: 'Bitte geben Sie einen Namen an.',
  districtStateRequired: 'Bitte geben Sie ein Bundesland an.',
  notOnSelf: 'Diese Aktion ist für den eigenen Account nicht möglich.',
  statusNotAllowed: 'Dieser Statuswechsel ist nicht möglich.',
  guaranteeExpired: 'Die Garantiefrist von 60 Tagen ist abgelaufen.',
  alreadyConfirmed: 'Der Account ist bereits bestätigt.',
  companyRequired: 'Bitte wählen Sie ein Unternehmen.',
  notACompany: 'Der gewählte Benutzer ist kein Unternehmen.',
  userNotFound: 'Benutzer nicht gefunden.',
  jobWithoutCompany: 'Das Inserat gehört keinem Unternehmen mehr und kann nicht bearbeitet werden.',
  jobNotFound: 'Inserat nicht gefunden.',
  reportNotFound: 'Vermittlung nicht gefunden.',
  messageNotFound: 'Nachricht nicht gefunden.',
  districtNotFound: 'Bezirk nicht gefunden.',
  /** Request bodies of the back office's actions. */
  invalidStatus: 'Ungültiger Status.',
  invalidValue: 'Ungültiger Wert.',
} as const;

// ---------- request bodies ----------

export const placementStatusChangeSchema = z
  .object({
    status: z.enum(['verrechnet', 'bezahlt', 'garantiefall'], { error: ADMIN_MSG.invalidStatus }),
    /** 'verrechnet' of a report without a (valid) invoice address: the customer's address and UID. */
    invoiceAddress: invoiceAddressSchema.optional(),
  })
  .strict();
export type PlacementStatusChange = z.infer<typeof placementStatusChangeSchema>;

export const blockUserSchema = z.object({ blocked: z.boolean({ error: ADMIN_MSG.invalidValue }) }).strict();
export const handledSchema = z.object({ handled: z.boolean({ error: ADMIN_MSG.invalidValue }) }).strict();
export const publishSchema = z.object({ published: z.boolean({ error: ADMIN_MSG.invalidValue }) }).strict();

// ---------- response shapes ----------

export const adminMonthPointSchema = z.object({
  /** 'YYYY-MM' (Vienna). */
  month: z.string(),
  placements: z.number(),
  placementFees: z.number(),
  serviceFees: z.number(),
  newJobs: z.number(),
});
export type AdminMonthPoint = z.infer<typeof adminMonthPointSchema>;

export const retentionSummarySchema = z.object({
  warnedUsers: z.array(z.number()),
  deletedUsers: z.array(z.number()),
  deactivatedJobs: z.array(z.number()),
  /** Contact messages older than CONTACT_MESSAGE_RETENTION_MONTHS (absent in older runs). */
  deletedContactMessages: z.number().optional(),
  /** Delivered outbox mails older than SENT_MAIL_RETENTION_DAYS (absent in older runs). */
  purgedMails: z.number().optional(),
  /** Introductions whose candidate data (name, contact, pitch, CV, notes) was deleted (absent in older runs). */
  introductionPersonalData: z.array(z.number()).optional(),
  /** Introductions whose candidate fingerprints were deleted after the circumvention period (absent in older runs). */
  introductionFingerprints: z.array(z.number()).optional(),
  /** Placement reports whose hired person's fingerprints were deleted (issue 28). */
  placementFingerprints: z.number().optional(),
  /** Unused accounts not deleted because placements, claims or introductions are open (issue 28). */
  keptUsers: z.array(z.number()).optional(),
  /** Evidence of deleted companies that expired (issue 28). */
  formerParties: z.number().optional(),
  /** Guarantee-claim documents deleted 6 months after the decision (absent in older runs). */
  guaranteeDocuments: z.number().optional(),
  /** Data-export ZIPs deleted after their download or their 7 days (absent in older runs). */
  dataExports: z.number().optional(),
});
export type RetentionSummary = z.infer<typeof retentionSummarySchema>;

export const adminRetentionRunSchema = z.object({
  id: z.number(),
  dryRun: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  summary: retentionSummarySchema,
});
export type AdminRetentionRun = z.infer<typeof adminRetentionRunSchema>;

/** GET /api/admin/dashboard: counts, placements and fees (this month/year, Vienna), 12-month series, last retention runs. */
export const adminDashboardSchema = z.object({
  companies: z.number(),
  consultants: z.number(),
  /** Agencies listed in the directory (the public profile is the organisation's, migration 0040). */
  listedAgencies: z.number(),
  publishedJobs: z.number(),
  conversations: z.number(),
  placementsThisMonth: z.number(),
  placementsThisYear: z.number(),
  fees: z.object({
    placementFeeTotal: z.number(),
    serviceFeeTotal: z.number(),
    placementFeeThisYear: z.number(),
    serviceFeeThisYear: z.number(),
    refundTotal: z.number(),
  }),
  months: z.array(adminMonthPointSchema),
  retentionRuns: z.array(adminRetentionRunSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** A placement report as the back office sees it (list, detail, status change). */
export const adminPlacementReportSchema = z.object({
  id: z.number(),
  variant: z.enum(['company', 'consultant']),
  jobId: z.number().nullable(),
  jobTitle: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string(),
  reporterId: z.number().nullable(),
  recruiter: z.string(),
  recruiterMail: z.string(),
  contactPerson: z.string(),
  placementBonus: z.number(),
  bonusInForce: z.number().nullable(),
  actualSalary: z.number(),
  placementFee: z.number(),
  serviceFee: z.number(),
  street: z.string().nullable(),
  houseNr: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  uid: z.string().nullable(),
  /** The invoice address's state (ISO code; null: reported before it was asked). */
  country: z.string().nullable(),
  status: placementStatusSchema,
  reportedAt: z.string(),
  invoicedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  guaranteeAt: z.string().nullable(),
  /** A company's objection ('Widerspruch', decision 0015): the report is flagged for the back office. */
  objectedAt: z.string().nullable(),
  objectedBy: z.number().nullable(),
  objectionNote: z.string().nullable(),
  /** The introduction of the hired candidate (issue 11): its locked bonus was applied. */
  introductionId: z.number().nullable(),
  /** The invoice issued at 'verrechnet' (issue 12) and its authorised PDF download. */
  invoiceNumber: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  /** That invoice's gross amount as issued (cents), named when the office books its payment. */
  invoiceGrossCents: z.number().nullable(),
  /**
   * 'Umgehungsverdacht': another agency has a live or revivable claim on the hired person
   * from the last 12 months — the evidence names their introductions (never fingerprints).
   */
  circumvention: z
    .object({
      at: z.string(),
      evidence: z.array(
        z.object({
          introductionId: z.number(),
          consultantId: z.number().nullable(),
          introducedAt: z.string(),
          claim: z.enum(['live', 'lapsed']),
          matchedBy: z.array(z.enum(['email', 'phone'])),
          /**
           * 'candidate': the hired person matches that introduction; 'advertisement': the company
           * reported its own hire naming none while that introduction was live on the advertisement.
           */
          basis: z.enum(['candidate', 'advertisement']),
        }),
      ),
    })
    .nullable(),
  /** Why the report needs the back office's decision before it is invoiced (issue 28). */
  flags: z.array(placementFlagSchema),
  /** True while it may not be invoiced: flagged, suspected or objected, and not released since. */
  needsReview: z.boolean(),
  /** The back office's decision on it (audited), null before. */
  review: placementReviewStateSchema.nullable(),
  /** IsoDate ('YYYY-MM-DD'). */
  dueDate: z.string().nullable(),
  /** IsoDate ('YYYY-MM-DD'). */
  guaranteeUntil: z.string(),
  refund: guaranteeRefundSchema.nullable(),
});
export type AdminPlacementReport = z.infer<typeof adminPlacementReportSchema>;

export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['company', 'consultant', 'admin']),
  confirmed: z.boolean(),
  blocked: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  retentionWarnedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The item of an admin action that only confirms (resend the confirmation mail, delete an account); in `singleSchema`. */
export const adminOkSchema = z.object({ id: z.number(), ok: z.literal(true) });
export type AdminOk = z.infer<typeof adminOkSchema>;

/** The back office sees advertisements in the public shape (incl. deactivated ones): jobSchema. */
export type AdminJob = Job;

export const adminContactMessageSchema = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminAuditEntrySchema = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminJobCreateSchema = z
  .object({
    companyId: int4Id(ADMIN_MSG.companyRequired),
    data: z.record(z.string(), z.unknown()),
  })
  .strict();
export const adminJobUpdateSchema = z.object({ data: z.record(z.string(), z.unknown()) }).strict();
