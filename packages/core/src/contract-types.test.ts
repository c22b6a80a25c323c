import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  authUserSchema,
  type AuthUser,
  type EmailObjectionResult,
  type LoginResponse,
  type OwnUser,
  type PendingEmailChange,
} from './accounts';
import type { AgencyCard, OrganisationProfile } from './organisation-profiles';
import type {
  AdminAuditEntry,
  AdminContactMessage,
  AdminDashboard,
  AdminMonthPoint,
  AdminPlacementReport,
  AdminRetentionRun,
  AdminUser,
  RetentionSummary,
} from './admin';
import type { GuaranteeRefund } from './business-days';
import type { ChatAdvertisementSummary, ChatConversation, ChatFile, ChatMessage } from './chat';
import type {
  PreviousAdminAuditEntry,
  PreviousAdminContactMessage,
  PreviousAdminDashboard,
  PreviousAdminMonthPoint,
  PreviousAdminPlacementReport,
  PreviousAdminRetentionRun,
  PreviousAdminUser,
  PreviousApiErrorBody,
  PreviousAuthUser,
  PreviousChatAdvertisementSummary,
  PreviousChatConversation,
  PreviousChatFile,
  PreviousChatMessage,
  PreviousCompanyPlacementReport,
  PreviousDistrict,
  PreviousGuaranteeRefund,
  PreviousJobAttachment,
  PreviousJobLocation,
  PreviousJobWithOptionalAttachments,
  PreviousOwnUser,
  PreviousPagination,
  PreviousPendingEmailChange,
  PreviousPlacementBonus,
  PreviousPlacementReportedEvent,
  PreviousPlacementReportResult,
  PreviousPublicCompany,
  PreviousAgencyCard,
  PreviousOrganisationProfile,
  PreviousRetentionSummary,
} from './contract-previous-types';
import type { District } from './districts';
import {
  collectionSchema,
  singleSchema,
  type ApiErrorBody,
  type Collection,
  type Pagination,
  type Single,
} from './http';
import {
  jobSchema,
  type Job,
  type JobAttachment,
  type JobLocation,
  type JobWithAttachments,
  type PlacementBonus,
  type PublicCompany,
} from './jobs';
import type { CompanyPlacementReport, PlacementReportedEvent, PlacementReportResult } from './placements';

/**
 * The response schemas are the one definition of what leaves the server. The type checks pin the
 * inferred types to the interfaces they replaced (contract-previous-types.ts), so a change to a
 * schema that changes a type the web relies on fails `tsc -p packages/core`. The realistic samples
 * that parse are in contract-samples-*.test.ts.
 */

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
    expectTypeOf<AgencyCard>().toEqualTypeOf<PreviousAgencyCard>();
    expectTypeOf<OrganisationProfile>().toEqualTypeOf<PreviousOrganisationProfile>();
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
