import { z } from './zod';
import { storedFileSchema } from './files';
import { anonymousProfileSchema, introductionConsentSchema } from './candidate-consent';
import { REJECTION_REASONS } from './interviews';
import { INTRODUCTION_FLAGS, INTRODUCTION_STATUSES } from './introductions';

/** What leaves the server about an introduction (REST and Socket.IO): its presenter's shapes. */

// ---------- response shapes (REST and Socket.IO) ----------

/** Whether the introducing consultant's claim stands: live, lapsed after a final rejection, or void ('Bereits bekannt'). */
export const CLAIM_STATES = ['live', 'lapsed', 'void', 'no_consent'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CLAIM_STATE_LABELS: Record<ClaimState, string> = {
  live: 'Anspruch besteht',
  lapsed: 'Anspruch ruht',
  void: 'Kein Anspruch (bereits bekannt)',
  no_consent: 'Kein Anspruch (keine Zustimmung der Kandidatin bzw. des Kandidaten)',
};

export const REGISTER_EVENT_KINDS = [
  'introduced',
  'status',
  'already_known',
  'claim_revived',
  'placement_reported',
  'circumvention_suspected',
  'resolved',
  'personal_data_deleted',
  'fingerprints_deleted',
  'consultant_removed',
  'handed_over',
  'status_undone',
  'consent_confirmed',
  'identity_released',
  'consent_declined',
  'consent_expired',
  'consent_withdrawn',
  'consent_cancelled',
  'interview_proposed',
  'interview_scheduled',
  'interview_updated',
  'interview_cancelled',
  'interview_feedback',
] as const;
export type RegisterEventKind = (typeof REGISTER_EVENT_KINDS)[number];

export const REGISTER_EVENT_LABELS: Record<RegisterEventKind, string> = {
  introduced: 'Vorgestellt',
  status: 'Status geändert',
  already_known: 'Bereits bekannt erklärt',
  claim_revived: 'Anspruch wieder aufgelebt',
  placement_reported: 'Stellenbesetzung gemeldet',
  circumvention_suspected: 'Umgehungsverdacht',
  resolved: 'Geklärt (Backoffice)',
  personal_data_deleted: 'Personenbezogene Daten gelöscht',
  fingerprints_deleted: 'Abgleichsdaten zur Person gelöscht',
  consultant_removed: 'Konto des Personalberaters gelöscht',
  handed_over: 'Übergeben',
  status_undone: 'Statuswechsel zurückgenommen',
  consent_confirmed: 'Einwilligung bestätigt',
  identity_released: 'Identität freigegeben',
  consent_declined: 'Einwilligung abgelehnt',
  consent_expired: 'Einwilligung nicht erteilt (Frist abgelaufen)',
  consent_withdrawn: 'Einwilligung widerrufen',
  consent_cancelled: 'Einwilligung nicht mehr nötig (vor der Zustimmung abgesagt)',
  interview_proposed: 'Interviewtermine vorgeschlagen',
  interview_scheduled: 'Interviewtermin vereinbart',
  interview_updated: 'Interview geändert',
  interview_cancelled: 'Interview abgesagt',
  interview_feedback: 'Rückmeldung zum Interview',
};

/** One entry of an introduction's timeline (a register entry): what happened, when, and the entry's hash. */
export const introductionTimelineEntrySchema = z.object({
  kind: z.enum(REGISTER_EVENT_KINDS),
  at: z.string(),
  status: z.enum(INTRODUCTION_STATUSES).nullable(),
  note: z.string().nullable(),
  /** What the entry states in words (an interview's time, a feedback's outcome, a rejection's reason); absent when nothing. */
  detail: z.string().nullable().optional(),
  hash: z.string(),
});
export type IntroductionTimelineEntry = z.infer<typeof introductionTimelineEntrySchema>;

export const introductionSchema = z.object({
  id: z.number(),
  advertisement: z.object({ id: z.number().nullable(), jobTitle: z.string() }),
  /** The company's contact person (id) and the company's name when it was introduced. */
  company: z.object({ id: z.number().nullable(), name: z.string() }),
  /** The agency the introduction and its claim belong to (issue 31). */
  agency: z.object({ id: z.number().nullable(), name: z.string().nullable() }),
  /** The agency's member who handles it. Null name: the consultant's account was deleted (the evidence stays). */
  consultant: z.object({ id: z.number().nullable(), name: z.string().nullable() }),
  /** Server clock, ISO 8601. */
  introducedAt: z.string(),
  /** The bonus in force when the candidate was introduced (percent); later changes never alter it. */
  bonus: z.number(),
  status: z.enum(INTRODUCTION_STATUSES),
  statusChangedAt: z.string(),
  /**
   * Null once the personal data was deleted (retention), and for the company until the candidate
   * agreed (issue 35): then it sees `profile` only.
   */
  candidate: z
    .object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  pitch: z.string().nullable(),
  cv: storedFileSchema.nullable(),
  /** When the candidate agreed (before issue 35: when the consultant ticked that they had). */
  consentAt: z.string().nullable(),
  consent: introductionConsentSchema,
  /** When name, contact and CV reached the company. */
  identityReleasedAt: z.string().nullable(),
  /** The anonymised profile; null for introductions from before it and once personal data are deleted. */
  profile: anonymousProfileSchema.nullable(),
  keepLonger: z.boolean(),
  /** Another agency's live claim on this candidate with this company came first. */
  subordinate: z.boolean(),
  /** Day (Vienna, YYYY-MM-DD) of that earlier introduction; never who made it. */
  priorIntroducedOn: z.string().nullable(),
  claim: z.enum(CLAIM_STATES),
  /** While the claim is lapsed: last day on which re-contact or a placement revives it. */
  revivalDeadline: z.string().nullable(),
  alreadyKnown: z.object({ at: z.string(), note: z.string(), file: storedFileSchema.nullable() }).nullable(),
  /** Last day (Vienna) for 'Bereits bekannt'; null until the identity is released. */
  alreadyKnownDeadline: z.string().nullable(),
  /** The caller (the owning company) may still declare 'Bereits bekannt'. */
  canDeclareKnown: z.boolean(),
  /** Stages the caller (the owning company) may move it to now. */
  nextStatuses: z.array(z.enum(INTRODUCTION_STATUSES)),
  /** A final rejection's reason from the fixed catalogue (issue 35); null before it or without one. */
  rejectionReason: z.enum(REJECTION_REASONS).nullable(),
  /** The company's last reaction (stage change or 'Bereits bekannt'). */
  lastReaction: z
    .object({ status: z.enum(INTRODUCTION_STATUSES).nullable(), at: z.string(), note: z.string().nullable() })
    .nullable(),
  conversationId: z.number().nullable(),
  /** The company has opened it (the badge counts the unseen ones). */
  seen: z.boolean(),
  flags: z.array(z.enum(INTRODUCTION_FLAGS)),
  /** Hash of the introduction's register entry. */
  hash: z.string(),
  personalDataDeletedAt: z.string().nullable(),
});
export type Introduction = z.infer<typeof introductionSchema>;

export const introductionDetailSchema = introductionSchema.extend({
  timeline: z.array(introductionTimelineEntrySchema),
});
export type IntroductionDetail = z.infer<typeof introductionDetailSchema>;

/** POST /api/introductions (201): the introduction and, when it is subordinate, the notice for the consultant. */
export const introductionCreatedSchema = z.object({
  data: introductionSchema,
  meta: z.object({ notice: z.string().nullable() }),
});

export const introductionUnseenSchema = z.object({ count: z.number() });

/** Socket event `introduction:changed` to both parties after a commit, each with their own view. */
export const introductionEventSchema = z.object({
  kind: z.enum(['new', 'status', 'already_known', 'claim_revived', 'seen', 'resolved', 'consent', 'interview']),
  introduction: introductionSchema,
});
export type IntroductionEvent = z.infer<typeof introductionEventSchema>;
