import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  authUserSchema,
  confirmationResentSchema,
  deletedIdSchema,
  emailObjectionResponseSchema,
  loginResponseSchema,
  okResponseSchema,
  ownUserSchema,
  profileImageFileSchema,
  publicConsultantSchema,
  registerResponseSchema,
  type AuthUser,
  type EmailObjectionResult,
  type LoginResponse,
  type OwnUser,
  type PendingEmailChange,
  type PublicConsultant,
} from './accounts';
import {
  adminAuditEntrySchema,
  adminContactMessageSchema,
  adminDashboardSchema,
  adminOkSchema,
  adminPlacementReportSchema,
  adminUserSchema,
  type AdminAuditEntry,
  type AdminContactMessage,
  type AdminDashboard,
  type AdminMonthPoint,
  type AdminPlacementReport,
  type AdminRetentionRun,
  type AdminUser,
  type RetentionSummary,
} from './admin';
import type { GuaranteeRefund, IsoDate } from './business-days';
import {
  chatConversationSchema,
  chatMessagePageSchema,
  chatMessageSchema,
  type ChatAdvertisementSummary,
  type ChatConversation,
  type ChatFile,
  type ChatMessage,
} from './chat';
import { contactResultSchema } from './contact';
import { districtSchema, type District } from './districts';
import {
  apiErrorSchema,
  collectionSchema,
  paginationSchema,
  singleSchema,
  type ApiErrorBody,
  type Collection,
  type Pagination,
  type Single,
} from './http';
import {
  attachmentSchema,
  jobSchema,
  placementBonusRecordSchema,
  type Job,
  type JobAttachment,
  type JobLocation,
  type JobWithAttachments,
  type PlacementBonus,
  type PublicCompany,
} from './jobs';
import {
  companyPlacementReportViewSchema,
  placementReportedEventSchema,
  placementReportResultSchema,
  type CompanyPlacementReport,
  type PlacementReportedEvent,
  type PlacementReportResult,
  type PlacementFlagCode,
  type PlacementStatus,
} from './placements';
import type { RoleName, RoleType } from './roles';
import { healthLiveSchema, healthReadySchema, publicConfigSchema } from './system';

/**
 * The response schemas are the one definition of what leaves the server. Each test
 * parses a realistic sample; the type checks pin the inferred types to the
 * interfaces they replaced (copied below as `Previous…`), so a change to a schema
 * that changes a type the web relies on fails `tsc -p packages/core`.
 */

// ---------- the interfaces the schemas replaced (as they were before issue 10, move 3) ----------

interface PreviousPagination {
  start: number;
  limit: number;
  total?: number;
}
interface PreviousApiErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: unknown };
}
interface PreviousDistrict {
  id: number;
  name: string;
  state: string;
}
interface PreviousPublicCompany {
  id: number;
  username: string;
  email: string;
  description: string | null;
}
interface PreviousJobLocation {
  street: string;
  postcode: string;
  city: string;
}
interface PreviousJob {
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
interface PreviousPlacementBonus {
  id: number;
  bonus: number;
  advertisement: number;
  createdAt: string;
}
interface PreviousJobAttachment {
  id: number;
  name: string;
  ext: string;
  mime: string;
  size: number;
  url: string;
}
interface PreviousPendingEmailChange {
  email: string;
  expiresAt: string;
}
interface PreviousAuthUser {
  id: number;
  username: string;
  email: string;
  description: string | null;
  role: { type: RoleType; name: RoleName };
  confirmed: boolean;
  blocked: boolean;
  public: boolean;
  services: string[];
  profile_img: string | null;
  profile_img_id: number | null;
  last_login: string | null;
  createdAt: string;
  pendingEmail?: PreviousPendingEmailChange | null;
}
interface PreviousPublicConsultant {
  id: number;
  username: string;
  email: string;
  description: string | null;
  profile_img: string | null;
  services: string[];
}
interface PreviousChatFile {
  id: number;
  name: string;
  ext: string;
  mime: string;
  size: number;
  url: string;
}
interface PreviousChatMessage {
  messageId: number;
  chatId: number;
  message: string;
  username: string;
  userId: number | null;
  timestamp: string;
  file_message: boolean;
  files: PreviousChatFile[];
}
interface PreviousChatAdvertisementSummary {
  id: number;
  jobTitle: string;
  placementBonus: number;
  location: { street: string; postcode: string; city: string };
  salary: string;
}
interface PreviousChatConversation {
  id: number;
  advertisement: PreviousChatAdvertisementSummary | null;
  counterpart: { id: number; username: string } | null;
  chat_sender_p1: number | null;
  chat_receiver_p2: number | null;
  last_message_timestamp: string;
  unread_message_p1: boolean;
  unread_message_p2: boolean;
  unread: boolean;
}
interface PreviousPlacementReportResult {
  id: number;
  placementFee: number;
  serviceFee: number;
  /** Issue 28: the back office reviews a consultant's report without a qualifying introduction first. */
  reviewPending: boolean;
}
interface PreviousCompanyPlacementReport {
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
interface PreviousPlacementReportedEvent {
  reportId: number;
  jobId: number;
  jobTitle: string;
  consultantName: string;
  reportedAt: string;
  /** Issue 28: as in the report's answer. */
  reviewPending: boolean;
}
interface PreviousAdminMonthPoint {
  month: string;
  placements: number;
  placementFees: number;
  serviceFees: number;
  newJobs: number;
}
interface PreviousRetentionSummary {
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
interface PreviousAdminRetentionRun {
  id: number;
  dryRun: boolean;
  startedAt: string;
  finishedAt: string | null;
  summary: PreviousRetentionSummary;
}
interface PreviousAdminDashboard {
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
  months: PreviousAdminMonthPoint[];
  retentionRuns: PreviousAdminRetentionRun[];
}
interface PreviousGuaranteeRefund {
  placementFee: number;
  serviceFee: number;
  total: number;
}
interface PreviousAdminPlacementReport {
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
interface PreviousAdminUser {
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
interface PreviousAdminContactMessage {
  id: number;
  firstname: string;
  lastname: string;
  company: string;
  email: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
}
interface PreviousAdminAuditEntry {
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
interface PreviousJobWithOptionalAttachments extends PreviousJob {
  /** Issue 12: § 9 (2) GlBG salary facts. */
  salaryFacts: { kvMinimumCents: number | null; overpayment: boolean | null; yearlyPayments: number };
  attachments?: PreviousJobAttachment[];
}
interface PreviousOwnUser extends Omit<PreviousAuthUser, 'pendingEmail'> {
  pendingEmail: PreviousPendingEmailChange | null;
  /** Issue 29: when the consultant agreed to the directory for everyone (null: not, or signed-in users only). */
  publicDirectoryConsentAt: string | null;
}

// ---------- type-level: the inferred types equal the interfaces they replaced ----------

describe('Contract types (z.infer of the response schemas)', () => {
  it('When a schema replaced an interface, then its inferred type is the same type', () => {
    expectTypeOf<Pagination>().toEqualTypeOf<PreviousPagination>();
    expectTypeOf<ApiErrorBody>().toEqualTypeOf<PreviousApiErrorBody>();
    expectTypeOf<District>().toEqualTypeOf<PreviousDistrict>();
    expectTypeOf<PublicCompany>().toEqualTypeOf<PreviousPublicCompany>();
    expectTypeOf<JobLocation>().toEqualTypeOf<PreviousJobLocation>();
    expectTypeOf<PlacementBonus>().toEqualTypeOf<PreviousPlacementBonus>();
    expectTypeOf<JobAttachment>().toEqualTypeOf<PreviousJobAttachment>();
    expectTypeOf<PendingEmailChange>().toEqualTypeOf<PreviousPendingEmailChange>();
    expectTypeOf<PublicConsultant>().toEqualTypeOf<PreviousPublicConsultant>();
    expectTypeOf<ChatFile>().toEqualTypeOf<PreviousChatFile>();
    expectTypeOf<ChatMessage>().toEqualTypeOf<PreviousChatMessage>();
    expectTypeOf<ChatAdvertisementSummary>().toEqualTypeOf<PreviousChatAdvertisementSummary>();
    expectTypeOf<ChatConversation>().toEqualTypeOf<PreviousChatConversation>();
    expectTypeOf<PlacementReportResult>().toEqualTypeOf<PreviousPlacementReportResult>();
    expectTypeOf<CompanyPlacementReport>().toEqualTypeOf<PreviousCompanyPlacementReport>();
    expectTypeOf<PlacementReportedEvent>().toEqualTypeOf<PreviousPlacementReportedEvent>();
    expectTypeOf<AdminMonthPoint>().toEqualTypeOf<PreviousAdminMonthPoint>();
    expectTypeOf<RetentionSummary>().toEqualTypeOf<PreviousRetentionSummary>();
    expectTypeOf<AdminRetentionRun>().toEqualTypeOf<PreviousAdminRetentionRun>();
    expectTypeOf<AdminDashboard>().toEqualTypeOf<PreviousAdminDashboard>();
    expectTypeOf<GuaranteeRefund>().toEqualTypeOf<PreviousGuaranteeRefund>();
    expectTypeOf<AdminPlacementReport>().toEqualTypeOf<PreviousAdminPlacementReport>();
    expectTypeOf<AdminUser>().toEqualTypeOf<PreviousAdminUser>();
    expectTypeOf<AdminContactMessage>().toEqualTypeOf<PreviousAdminContactMessage>();
    expectTypeOf<AdminAuditEntry>().toEqualTypeOf<PreviousAdminAuditEntry>();
  });

  it('When the server schema differs from the previous interface, then the type follows the server (known differences)', () => {
    // jobSchema carries the optional `attachments` (GET /api/jobs/:id); the interface lacked it.
    expectTypeOf<Job>().toEqualTypeOf<PreviousJobWithOptionalAttachments>();
    expectTypeOf<JobWithAttachments>().toMatchTypeOf<Job>();
    // authUserSchema has no `pendingEmail` (only ownUserSchema has it, required and nullable);
    // AuthUser keeps it optional for the web, which reads own-user responses through AuthUser.
    expectTypeOf<AuthUser>().toEqualTypeOf<PreviousAuthUser>();
    expectTypeOf<z.infer<typeof authUserSchema>>().toEqualTypeOf<Omit<PreviousAuthUser, 'pendingEmail'>>();
    expectTypeOf<OwnUser>().toEqualTypeOf<PreviousOwnUser>();
    // so LoginResponse['user'] has no `pendingEmail` (the serialiser drops it anyway).
    expectTypeOf<LoginResponse>().toEqualTypeOf<{ jwt: string; user: Omit<PreviousAuthUser, 'pendingEmail'> }>();
    expectTypeOf<EmailObjectionResult>().toEqualTypeOf<'cancelled' | 'reverted' | 'blocked'>();
  });

  it('When an item schema is wrapped, then the envelope types are Collection and Single', () => {
    const jobList = collectionSchema(jobSchema);
    const jobItem = singleSchema(jobSchema);
    expectTypeOf<z.infer<typeof jobList>>().toEqualTypeOf<Collection<Job>>();
    expectTypeOf<z.infer<typeof jobItem>>().toEqualTypeOf<Single<Job>>();
    expect(jobList.safeParse({ data: [], meta: { pagination: { start: 0, limit: 20 } } }).success).toBe(true);
    expect(jobItem.safeParse({ data: null, meta: {} }).success).toBe(false);
  });
});

// ---------- runtime: realistic samples parse ----------

const company: PublicCompany = {
  id: 7,
  username: 'Huber Bau GmbH',
  email: 'office@huber-bau.at',
  description: 'Hoch- und Tiefbau im Bezirk Graz-Umgebung.',
};

const job: Job = {
  id: 42,
  jobTitle: 'Polier (m/w/d)',
  workingTime: 'Vollzeit',
  assignment: ['Leitung der Baustelle'],
  requirements: ['Abgeschlossene Lehre'],
  benefits: ['Firmenwagen'],
  jobInfo: ['Start ab sofort'],
  location: { street: 'Hauptplatz 1', postcode: '8010', city: 'Graz' },
  salary: '52.000 € brutto/Jahr',
  district: { id: 601, name: 'Graz(Stadt)' },
  users_permissions_user: company,
  createdAt: '2026-03-02T09:15:00.000Z',
  updatedAt: '2026-03-05T11:00:00.000Z',
  publishedAt: '2026-03-02T09:15:00.000Z',
  placementBonus: 15,
  currentPlacementBonus: 15,
  salaryFacts: { kvMinimumCents: 245_050, overpayment: true, yearlyPayments: 14 },
};

const attachment: JobAttachment = {
  id: 3,
  name: 'Stellenprofil.pdf',
  ext: '.pdf',
  mime: 'application/pdf',
  size: 182_340,
  url: '/api/job-attachments/3',
};

const authUser = {
  id: 9,
  username: 'Anna Berger',
  email: 'anna.berger@example.at',
  description: null,
  role: { type: 'consultant', name: 'HR-Consultant' },
  confirmed: true,
  blocked: false,
  public: true,
  services: ['Executive Search', 'Bau und Technik'],
  profile_img: '/api/profile-images/4?sig=abc',
  profile_img_id: 4,
  last_login: '2026-03-10T08:00:00.000Z',
  createdAt: '2025-11-20T14:30:00.000Z',
} satisfies z.infer<typeof authUserSchema>;

const chatMessage: ChatMessage = {
  messageId: 120,
  chatId: 11,
  message: 'Guten Tag, ich hätte eine passende Kandidatin.',
  username: 'Anna Berger',
  userId: 9,
  timestamp: '2026-03-10T08:05:00.000Z',
  file_message: true,
  files: [{ id: 5, name: 'Lebenslauf.pdf', ext: '.pdf', mime: 'application/pdf', size: 90_000, url: '/api/files/5' }],
};

const conversation: ChatConversation = {
  id: 11,
  advertisement: {
    id: 42,
    jobTitle: 'Polier (m/w/d)',
    placementBonus: 15,
    location: { street: 'Hauptplatz 1', postcode: '8010', city: 'Graz' },
    salary: '52.000 € brutto/Jahr',
  },
  counterpart: { id: 7, username: 'Huber Bau GmbH' },
  chat_sender_p1: 9,
  chat_receiver_p2: 7,
  last_message_timestamp: '2026-03-10T08:05:00.000Z',
  unread_message_p1: false,
  unread_message_p2: true,
  unread: false,
};

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
  publicConsultants: 18,
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
  it('When an advertisement is listed or shown, then it passes jobSchema in the envelopes', () => {
    roundTrip(collectionSchema(jobSchema), { data: [job], meta: { pagination: { start: 0, limit: 20, total: 1 } } });
    roundTrip(singleSchema(jobSchema), { data: { ...job, attachments: [attachment] }, meta: {} });
    roundTrip(jobSchema, { ...job, district: null, users_permissions_user: null, publishedAt: null });
    roundTrip(collectionSchema(placementBonusRecordSchema), {
      data: [{ id: 1, bonus: 15, advertisement: 42, createdAt: '2026-03-02T09:15:00.000Z' }],
      meta: { pagination: { start: 0, limit: 25 } },
    });
    roundTrip(attachmentSchema, attachment);
  });

  it('When an account answers, then login, register, own user and public profile parse', () => {
    roundTrip(loginResponseSchema, { jwt: 'eyJhbGciOiJIUzI1NiJ9.e30.sig', user: authUser });
    roundTrip(registerResponseSchema, { user: { ...authUser, confirmed: false, last_login: null } });
    roundTrip(ownUserSchema, {
      ...authUser,
      pendingEmail: { email: 'anna@neu.example.at', expiresAt: '2026-03-11T08:00:00.000Z' },
      publicDirectoryConsentAt: '2026-11-27T08:00:00.000Z',
    });
    roundTrip(ownUserSchema, { ...authUser, pendingEmail: null, publicDirectoryConsentAt: null });
    roundTrip(publicConsultantSchema, {
      id: 9,
      username: 'Anna Berger',
      email: 'anna.berger@example.at',
      description: 'Personalberatung für Bau und Technik.',
      profile_img: null,
      services: ['Executive Search'],
    });
    roundTrip(confirmationResentSchema, { email: 'anna.berger@example.at', sent: true });
    roundTrip(okResponseSchema, { ok: true });
    roundTrip(deletedIdSchema, { id: 9 });
    roundTrip(profileImageFileSchema, {
      id: 4,
      url: '/api/profile-images/4?sig=abc',
      name: 'portrait.png',
      ext: '.png',
      mime: 'image/png',
      size: 40_000,
    });
    roundTrip(emailObjectionResponseSchema, { status: 'reverted', message: 'Ihre bisherige E-Mail-Adresse …' });
  });

  it('When the own user lacks pendingEmail, then ownUserSchema refuses it; authUserSchema drops it', () => {
    expect(ownUserSchema.safeParse(authUser).success).toBe(false);
    const withPending = { ...authUser, pendingEmail: null };
    expect(authUserSchema.parse(withPending)).toEqual(authUser);
  });

  it('When a public profile carries more than its fields, then publicConsultantSchema refuses it (strict)', () => {
    expect(publicConsultantSchema.safeParse({ ...authUser }).success).toBe(false);
  });

  it('When the chat answers, then conversations, messages and a message page parse', () => {
    roundTrip(collectionSchema(chatConversationSchema), {
      data: [conversation, { ...conversation, id: 12, advertisement: null, counterpart: null, chat_sender_p1: null }],
      meta: { pagination: { start: 0, limit: 50, total: 2 } },
    });
    roundTrip(singleSchema(chatMessageSchema), { data: chatMessage, meta: {} });
    roundTrip(chatMessagePageSchema, { data: [chatMessage], meta: { limit: 50, hasMore: false } });
  });

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
      public: true,
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

  it('When districts, the contact form, errors and system endpoints answer, then they parse', () => {
    roundTrip(collectionSchema(districtSchema), {
      data: [{ id: 601, name: 'Graz(Stadt)', state: 'Steiermark' }],
      meta: { pagination: { start: 0, limit: 500, total: 1 } },
    });
    roundTrip(singleSchema(contactResultSchema), {
      data: { id: 2, message: 'Vielen Dank für Ihre Nachricht.' },
      meta: {},
    });
    roundTrip(apiErrorSchema, {
      data: null,
      error: { status: 400, name: 'BadRequestError', message: 'Ungültige Anfrage.', details: {} },
    });
    roundTrip(paginationSchema, { start: 0, limit: 20 });
    roundTrip(healthReadySchema, {
      status: 'ok',
      database: { status: 'up', driver: 'pglite' },
      storage: { status: 'up', kind: 'disk' },
      redis: { status: 'off' },
    });
    roundTrip(healthReadySchema, {
      status: 'degraded',
      database: { status: 'down', driver: 'postgres' },
      storage: { status: 'up', kind: 's3' },
      redis: { status: 'down' },
    });
    roundTrip(healthLiveSchema, { status: 'ok' });
    roundTrip(publicConfigSchema, {
      publicUrl: 'https://praemienboerse.at',
      introVideoUrl: null,
      officeEmail: 'office@example.at',
      imprint: {
        company: 'Prämienbörse GmbH',
        address: 'Hauptplatz 1, 8010 Graz',
        email: 'office@example.at',
        phone: '+43 316 000000',
        register: 'FN 000000a',
        vatId: 'ATU00000000',
        ceo: 'Maria Muster',
        chamber: 'WKO Steiermark',
        authority: 'Magistrat Graz',
        trade: 'Personalberatung',
      },
    });
  });
});
