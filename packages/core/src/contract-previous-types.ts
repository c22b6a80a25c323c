/**
 * The interfaces the response schemas replaced (as they were before issue 10, move 3).
 * contract-types.test.ts pins each inferred type to its `Previous…` interface, so a change to
 * a schema that changes a type the web relies on fails `tsc -p packages/core`.
 */
import type { IsoDate } from './business-days';
import type { PlacementFlagCode, PlacementStatus } from './placements';
import type { RoleName, RoleType } from './roles';

export interface PreviousPagination {
  start: number;
  limit: number;
  total?: number;
}
export interface PreviousApiErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: unknown };
}
export interface PreviousDistrict {
  id: number;
  name: string;
  state: string;
}
export interface PreviousPublicCompany {
  id: number;
  username: string;
  email: string;
  description: string | null;
}
export interface PreviousJobLocation {
  street: string;
  postcode: string;
  city: string;
}
export interface PreviousJob {
  id: number;
  jobTitle: string;
  workingTime: string;
  assignment: string[];
  requirements: string[];
  benefits: string[];
  jobInfo: string[];
  location: PreviousJobLocation;
  salary: string;
  district: { id: number; name: string } | null;
  users_permissions_user: PreviousPublicCompany | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  placementBonus: number;
  currentPlacementBonus: number;
}
export interface PreviousPlacementBonus {
  id: number;
  bonus: number;
  advertisement: number;
  createdAt: string;
}
export interface PreviousJobAttachment {
  id: number;
  name: string;
  ext: string;
  mime: string;
  size: number;
  url: string;
}
export interface PreviousPendingEmailChange {
  email: string;
  expiresAt: string;
}
export interface PreviousAuthUser {
  id: number;
  username: string;
  email: string;
  // Migration 0040 (issue 31): description, public, services and profile_img(_id) moved to the
  // organisation's public profile (PreviousOrganisationProfile).
  role: { type: RoleType; name: RoleName };
  confirmed: boolean;
  blocked: boolean;
  last_login: string | null;
  createdAt: string;
  pendingEmail?: PreviousPendingEmailChange | null;
  /** Issue 31: the organisation the session acts for. */
  organisation: {
    memberId: number;
    organisationId: number;
    organisationName: string;
    kind: 'company' | 'agency';
    role: 'administrator' | 'recruiting' | 'consultant' | 'accounting';
  } | null;
}
/** Issue 31 (0040): the directory lists agencies (was PreviousPublicConsultant, one card per person). */
export interface PreviousAgencyCard {
  id: number;
  name: string;
  contactEmail: string | null;
  description: string | null;
  logo: string | null;
  services: string[];
}
export interface PreviousOrganisationProfile {
  id: number;
  kind: 'company' | 'agency';
  name: string;
  description: string | null;
  services: string[];
  contactEmail: string | null;
  logo: string | null;
  logoId: number | null;
  public: boolean;
  publicDirectoryConsentAt: string | null;
  trackRecordPublic: boolean;
  editable: boolean;
}
export interface PreviousChatFile {
  id: number;
  name: string;
  ext: string;
  mime: string;
  size: number;
  url: string;
}
export interface PreviousChatMessage {
  messageId: number;
  chatId: number;
  message: string;
  username: string;
  userId: number | null;
  timestamp: string;
  file_message: boolean;
  files: PreviousChatFile[];
}
export interface PreviousChatAdvertisementSummary {
  id: number;
  jobTitle: string;
  placementBonus: number;
  location: { street: string; postcode: string; city: string };
  salary: string;
}
export interface PreviousChatConversation {
  id: number;
  advertisement: PreviousChatAdvertisementSummary | null;
  /** Issue 32: the advertisement's id, deactivated ones too (the company's numbers link by it). */
  advertisementId: number | null;
  counterpart: { id: number; username: string } | null;
  /** Issue 31: the other side's organisation and the caller's side. */
  counterpartOrganisation: { id: number; name: string } | null;
  side: 'agency' | 'company' | null;
  chat_sender_p1: number | null;
  chat_receiver_p2: number | null;
  last_message_timestamp: string;
  unread_message_p1: boolean;
  unread_message_p2: boolean;
  unread: boolean;
}
export interface PreviousPlacementReportResult {
  id: number;
  placementFee: number;
  serviceFee: number;
  /** Issue 28: the back office reviews a consultant's report without a qualifying introduction first. */
  reviewPending: boolean;
}
export interface PreviousCompanyPlacementReport {
  id: number;
  jobId: number | null;
  jobTitle: string;
  consultantName: string | null;
  reportedAt: string;
  /** Issue 28: 'verworfen' after the back office's review. */
  status: 'gemeldet' | 'verrechnet' | 'bezahlt' | 'garantiefall' | 'verworfen';
  objectedAt: string | null;
  objectionNote: string | null;
  canObject: boolean;
  /** Issue 28: the advertisement stays active while the back office reviews the report first. */
  reviewPending: boolean;
}
export interface PreviousPlacementReportedEvent {
  reportId: number;
  jobId: number;
  jobTitle: string;
  consultantName: string;
  reportedAt: string;
  /** Issue 28: as in the report's answer. */
  reviewPending: boolean;
}
export interface PreviousAdminMonthPoint {
  month: string;
  placements: number;
  placementFees: number;
  serviceFees: number;
  newJobs: number;
}
export interface PreviousRetentionSummary {
  warnedUsers: number[];
  deletedUsers: number[];
  deactivatedJobs: number[];
  deletedContactMessages?: number;
  purgedMails?: number;
  introductionPersonalData?: number[];
  introductionFingerprints?: number[];
  placementFingerprints?: number;
  keptUsers?: number[];
  formerParties?: number;
  guaranteeDocuments?: number;
  dataExports?: number;
}
export interface PreviousAdminRetentionRun {
  id: number;
  dryRun: boolean;
  startedAt: string;
  finishedAt: string | null;
  summary: PreviousRetentionSummary;
}
export interface PreviousAdminDashboard {
  companies: number;
  consultants: number;
  /** Issue 31 (0040): agencies listed in the directory (was publicConsultants, persons). */
  listedAgencies: number;
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
  months: PreviousAdminMonthPoint[];
  retentionRuns: PreviousAdminRetentionRun[];
}
export interface PreviousGuaranteeRefund {
  placementFee: number;
  serviceFee: number;
  total: number;
}
export interface PreviousAdminPlacementReport {
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
  /** Issue 28: the invoice address's state. */
  country: string | null;
  status: PlacementStatus;
  reportedAt: string;
  invoicedAt: string | null;
  paidAt: string | null;
  guaranteeAt: string | null;
  objectedAt: string | null;
  objectedBy: number | null;
  objectionNote: string | null;
  introductionId: number | null;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  invoiceGrossCents: number | null;
  circumvention: {
    at: string;
    evidence: Array<{
      introductionId: number;
      consultantId: number | null;
      introducedAt: string;
      claim: 'live' | 'lapsed';
      matchedBy: Array<'email' | 'phone'>;
      /** Issue 28: a matched candidate, or a live introduction on the advertisement of a report naming none. */
      basis: 'candidate' | 'advertisement';
    }>;
  } | null;
  /** Issue 28: the review before invoicing. */
  flags: Array<{ code: PlacementFlagCode; reason: string }>;
  needsReview: boolean;
  review: { decision: 'freigegeben' | 'verworfen'; note: string; at: string; byId: number | null } | null;
  dueDate: IsoDate | null;
  guaranteeUntil: IsoDate;
  refund: PreviousGuaranteeRefund | null;
}
export interface PreviousAdminUser {
  id: number;
  username: string;
  email: string;
  role: RoleType;
  confirmed: boolean;
  blocked: boolean;
  // Issue 31 (0040): `public` went with the per-person profile.
  lastLogin: string | null;
  createdAt: string;
  retentionWarnedAt: string | null;
}
export interface PreviousAdminContactMessage {
  id: number;
  firstname: string;
  lastname: string;
  company: string;
  email: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
}
export interface PreviousAdminAuditEntry {
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

/** Flattened (interfaces), since expectTypeOf tells an intersection from the equal object type. */
export interface PreviousJobWithOptionalAttachments extends PreviousJob {
  /** Issue 12: § 9 (2) GlBG salary facts. */
  salaryFacts: { kvMinimumCents: number | null; overpayment: boolean | null; yearlyPayments: number };
  /** Issue 31: the company organisation the advertisement belongs to. */
  organisation: { id: number; name: string } | null;
  /** Issue 35: the fields of the anonymised profile the company requires for introductions. */
  requiredProfileFields: Array<'salaryExpectation' | 'noticePeriod' | 'availableFrom' | 'languages'>;
  companyResponseMinutes: number | null;
  attachments?: PreviousJobAttachment[];
}
export interface PreviousOwnUser extends Omit<PreviousAuthUser, 'pendingEmail'> {
  pendingEmail: PreviousPendingEmailChange | null;
}
