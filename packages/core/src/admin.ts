import { z } from 'zod';
import type { GuaranteeRefund, IsoDate } from './business-days';
import { int4Id } from './input';
import type { Job } from './jobs';
import type { PlacementStatus } from './placements';
import type { RoleType } from './roles';

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
} as const;

// ---------- request bodies ----------

export const placementStatusChangeSchema = z
  .object({ status: z.enum(['verrechnet', 'bezahlt', 'garantiefall'], { error: 'Ungültiger Status.' }) })
  .strict();

export const blockUserSchema = z.object({ blocked: z.boolean({ error: 'Ungültiger Wert.' }) }).strict();
export const handledSchema = z.object({ handled: z.boolean({ error: 'Ungültiger Wert.' }) }).strict();
export const publishSchema = z.object({ published: z.boolean({ error: 'Ungültiger Wert.' }) }).strict();

// ---------- response shapes ----------

export interface AdminMonthPoint {
  /** 'YYYY-MM' (Vienna). */
  month: string;
  placements: number;
  placementFees: number;
  serviceFees: number;
  newJobs: number;
}

export interface AdminRetentionRun {
  id: number;
  dryRun: boolean;
  startedAt: string;
  finishedAt: string | null;
  summary: RetentionSummary;
}

export interface RetentionSummary {
  warnedUsers: number[];
  deletedUsers: number[];
  deactivatedJobs: number[];
  /** Contact messages older than CONTACT_MESSAGE_RETENTION_MONTHS (absent in older runs). */
  deletedContactMessages?: number;
  /** Delivered outbox mails older than SENT_MAIL_RETENTION_DAYS (absent in older runs). */
  purgedMails?: number;
}

export interface AdminDashboard {
  companies: number;
  consultants: number;
  publicConsultants: number;
  publishedJobs: number;
  conversations: number;
  placementsThisMonth: number;
  placementsThisYear: number;
  fees: {
    placementFeeTotal: number;
    serviceFeeTotal: number;
    placementFeeThisYear: number;
    serviceFeeThisYear: number;
    refundTotal: number;
  };
  months: AdminMonthPoint[];
  retentionRuns: AdminRetentionRun[];
}

export interface AdminPlacementReport {
  id: number;
  variant: 'company' | 'consultant';
  jobId: number | null;
  jobTitle: string;
  companyId: number | null;
  companyName: string;
  reporterId: number | null;
  recruiter: string;
  recruiterMail: string;
  contactPerson: string;
  placementBonus: number;
  bonusInForce: number | null;
  actualSalary: number;
  placementFee: number;
  serviceFee: number;
  street: string | null;
  houseNr: string | null;
  postalCode: string | null;
  city: string | null;
  uid: string | null;
  status: PlacementStatus;
  reportedAt: string;
  invoicedAt: string | null;
  paidAt: string | null;
  guaranteeAt: string | null;
  /** A company's objection ('Widerspruch', decision 0015): the report is flagged for the back office. */
  objectedAt: string | null;
  objectedBy: number | null;
  objectionNote: string | null;
  dueDate: IsoDate | null;
  guaranteeUntil: IsoDate;
  refund: GuaranteeRefund | null;
}

export interface AdminUser {
  id: number;
  username: string;
  email: string;
  role: RoleType;
  confirmed: boolean;
  blocked: boolean;
  public: boolean;
  lastLogin: string | null;
  createdAt: string;
  retentionWarnedAt: string | null;
}

/** The back office sees advertisements in the public shape (incl. deactivated ones). */
export type AdminJob = Job;

export interface AdminContactMessage {
  id: number;
  firstname: string;
  lastname: string;
  company: string;
  email: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
}

export interface AdminAuditEntry {
  id: number;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export const adminJobCreateSchema = z
  .object({
    companyId: int4Id(ADMIN_MSG.companyRequired),
    data: z.record(z.string(), z.unknown()),
  })
  .strict();
export const adminJobUpdateSchema = z.object({ data: z.record(z.string(), z.unknown()) }).strict();
