import { z } from './zod';
import { addCalendarMonths, addWorkingDays, viennaDate, type IsoDate } from './business-days';
import { EMAIL_MAX_LENGTH, RECONTACT_WINDOW_MONTHS } from './constants';
import { idSchema, safeText } from './input';
import {
  anonymousProfileInputSchema,
  CONSENT_ENDED_UNCONFIRMED,
  CONSENT_MSG,
  type ConsentState,
  profileRevealsIdentity,
  PROFILE_MSG,
} from './candidate-consent';
import { INTERVIEW_MSG, REJECTION_REASONS } from './interviews';

/**
 * Candidate introductions ('Kandidat vorstellen', spec §4/§9 claim rules): what a
 * consultant sends, the stages a company moves it through, and the windows of the
 * terms — 2 Austrian working days to say 'Bereits bekannt', revival within
 * RECONTACT_WINDOW_MONTHS of a final rejection, CIRCUMVENTION_MONTHS of protection (constants.ts).
 */

// ---------- limits and windows of the terms ----------

export const CANDIDATE_NAME_MAX_LENGTH = 100;
export const CANDIDATE_PHONE_MAX_LENGTH = 40;
export const INTRODUCTION_PITCH_MAX_LENGTH = 2000;
/** Required notes: the company's 'Bereits bekannt' note and the reason of a final rejection. */
export const INTRODUCTION_NOTE_MAX_LENGTH = 2000;
/** Working days (Austria, with holidays) in which a company may declare a candidate already known. */
export const ALREADY_KNOWN_WORKING_DAYS = 2;

export const INTRODUCTION_MSG = {
  firstNameRequired: 'Bitte geben Sie den Vornamen an.',
  lastNameRequired: 'Bitte geben Sie den Nachnamen an.',
  nameTooLong: `Namen dürfen höchstens ${CANDIDATE_NAME_MAX_LENGTH} Zeichen lang sein.`,
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  invalidPhone: 'Bitte geben Sie eine gültige Telefonnummer an (z. B. +43 664 1234567).',
  pitchTooLong: `Die Kurzbeschreibung darf höchstens ${INTRODUCTION_PITCH_MAX_LENGTH} Zeichen lang sein.`,
  noteRequired: 'Bitte geben Sie eine Begründung an.',
  noteTooLong: `Die Begründung darf höchstens ${INTRODUCTION_NOTE_MAX_LENGTH} Zeichen lang sein.`,
  invalidTransition: 'Dieser Statuswechsel ist nicht möglich.',
  consultantOnly: 'Nur Personalberater/innen können Kandidatinnen und Kandidaten vorstellen.',
  companyOnly: 'Nur das Unternehmen des Inserats kann diese Vorstellung bearbeiten.',
  notFound: 'Diese Vorstellung existiert nicht.',
  duplicate:
    'Ihre Personalvermittlung hat diese Kandidatin bzw. diesen Kandidaten für dieses Inserat bereits vorgestellt.',
  alreadyKnownTooLate:
    "'Bereits bekannt' kann nur innerhalb von 2 Arbeitstagen nach der Vorstellung erklärt werden; die Vorstellung ist jetzt verbindlich.",
  alreadyKnownTwice: "Sie haben diese Vorstellung bereits als 'Bereits bekannt' markiert.",
  alreadyKnownAfterCommitment:
    "'Bereits bekannt' ist nicht mehr möglich: Sie haben die Vorstellung bereits weitergeführt (Interview, Angebot oder Einstellung) oder eine Besetzung dazu gemeldet.",
  documentWithoutConversation:
    'Die Konversation zu dieser Vorstellung existiert nicht mehr; bitte erklären Sie „Bereits bekannt“ ohne Dokument.',
  resolutionRequired: 'Bitte geben Sie eine Notiz zur Klärung an.',
  created: 'Die Kandidatin bzw. der Kandidat wurde vorgestellt.',
  undoNotPossible:
    'Dieser Statuswechsel kann nicht mehr zurückgenommen werden: Zurücknehmen geht nur in den ersten 10 Sekunden und solange seither nichts geschehen ist.',
  /** HTTP 503: the register's head does not verify (edited behind the application); nothing is appended. */
  registerLocked:
    'Das Vorstellungsregister ist wegen einer Unstimmigkeit vorübergehend gesperrt. Bitte versuchen Sie es später erneut; das Backoffice prüft das Register.',
} as const;

/** Told to the consultant at once when another agency's live claim came first — the date, never by whom. */
export function subordinateNotice(priorIntroducedOn: string): string {
  return `Diese Kandidatin bzw. dieser Kandidat wurde diesem Unternehmen bereits am ${priorIntroducedOn} vorgestellt. Ihre Vorstellung ist als nachrangig erfasst.`;
}

/** Months the candidate's data is kept after a final rejection when the candidate agreed to longer keeping. */
export const LONGER_KEEPING_MONTHS = 24;

// ---------- stages ----------

export const INTRODUCTION_STATUSES = ['neu', 'in_pruefung', 'interview', 'angebot', 'eingestellt', 'abgesagt'] as const;
export type IntroductionStatus = (typeof INTRODUCTION_STATUSES)[number];

export const INTRODUCTION_STATUS_LABELS: Record<IntroductionStatus, string> = {
  neu: 'Neu',
  in_pruefung: 'In Prüfung',
  interview: 'Interview',
  angebot: 'Angebot',
  eingestellt: 'Eingestellt',
  abgesagt: 'Endgültig abgesagt',
};

/**
 * 'Rückgängig' after a stage change (issue 32): shown for UNDO_WINDOW_MS in the browser, accepted by
 * the server a little longer for the round trip; only moves within the selection — 'Eingestellt' and
 * a final rejection are decisions with consequences, a move out of a rejection may revive a claim.
 */
export const UNDOABLE_STATUSES: readonly IntroductionStatus[] = ['in_pruefung', 'interview', 'angebot'];
export const STATUS_UNDO_SECONDS = 15;

/** The forward path; a company may skip stages forward but never go back along it. */
const FORWARD: readonly IntroductionStatus[] = ['neu', 'in_pruefung', 'interview', 'angebot', 'eingestellt'];

/** Stages that take a rejected candidate up again (and revive a lapsed claim within RECONTACT_WINDOW_MONTHS). */
export const REVIVING_STATUSES: readonly IntroductionStatus[] = ['interview', 'angebot', 'eingestellt'];

/**
 * Whether a company may move an introduction from one stage to another: forward along
 * neu → in Prüfung → Interview → Angebot → eingestellt, to 'endgültig abgesagt' from any
 * open stage, and from 'abgesagt' back to Interview, Angebot or eingestellt (re-contact).
 * 'eingestellt' is final.
 */
export function canChangeIntroductionStatus(from: IntroductionStatus, to: IntroductionStatus): boolean {
  if (from === to || from === 'eingestellt') return false;
  if (to === 'abgesagt') return true;
  if (from === 'abgesagt') return REVIVING_STATUSES.includes(to);
  return FORWARD.indexOf(to) > FORWARD.indexOf(from);
}

/** Stages a company may choose while the candidate has not agreed yet: it sees the profile only. */
export const STATUSES_BEFORE_CONSENT: readonly IntroductionStatus[] = ['in_pruefung', 'abgesagt'];
/** Decided: hired or finally rejected. An interview's feedback is no longer asked for or overdue. */
export const DECIDED_STATUSES: readonly IntroductionStatus[] = ['eingestellt', 'abgesagt'];

/**
 * canChangeIntroductionStatus with the candidate's consent (issue 35): before they agreed only a
 * look or a rejection; after they refused, let the link expire or were rejected unseen, nothing.
 */
export function mayMoveIntroduction(from: IntroductionStatus, to: IntroductionStatus, consent: ConsentState): boolean {
  if (CONSENT_ENDED_UNCONFIRMED.includes(consent)) return false;
  if (consent === 'pending' && !STATUSES_BEFORE_CONSENT.includes(to)) return false;
  return canChangeIntroductionStatus(from, to);
}

/**
 * Last day (Vienna) on which the company may still declare the candidate 'Bereits bekannt': the
 * window runs from the moment it learned who the candidate is (issue 35), which for introductions
 * from before consent was the introduction itself.
 */
export function alreadyKnownDeadline(identityReleasedAt: string | Date): IsoDate {
  return addWorkingDays(viennaDate(identityReleasedAt), ALREADY_KNOWN_WORKING_DAYS);
}

/** Last day (Vienna) on which a rejected candidate's claim can revive. */
export function claimRevivalDeadline(rejectedAt: string | Date): IsoDate {
  return addCalendarMonths(viennaDate(rejectedAt), RECONTACT_WINDOW_MONTHS);
}

// ---------- request bodies ----------

const candidateName = (required: string) =>
  z
    .string({ error: required })
    .pipe(safeText())
    .pipe(z.string().trim().min(1, required).max(CANDIDATE_NAME_MAX_LENGTH, INTRODUCTION_MSG.nameTooLong));

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Optional text; an empty form field counts as not given. */
const optionalText = (max: number, message: string) =>
  z.preprocess(emptyToUndefined, safeText().pipe(z.string().trim().max(max, message)).optional());

/**
 * 'Kandidat vorstellen' (JSON, or the same fields beside the CV in multipart, the profile as one
 * JSON field). The phone is checked and normalised to E.164 by the server (a phone-number
 * library), so here it is only text. The candidate's consent is theirs to give (candidate-consent.ts).
 */
export const introductionRequestSchema = z
  .object({
    advertisement: idSchema,
    firstName: candidateName(INTRODUCTION_MSG.firstNameRequired),
    lastName: candidateName(INTRODUCTION_MSG.lastNameRequired),
    // The candidate confirms by e-mail (issue 35): the address is required.
    email: z
      .string({ error: CONSENT_MSG.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, CONSENT_MSG.emailRequired)
      .max(EMAIL_MAX_LENGTH, INTRODUCTION_MSG.invalidEmail)
      .pipe(z.email({ error: INTRODUCTION_MSG.invalidEmail })),
    phone: optionalText(CANDIDATE_PHONE_MAX_LENGTH, INTRODUCTION_MSG.invalidPhone),
    pitch: optionalText(INTRODUCTION_PITCH_MAX_LENGTH, INTRODUCTION_MSG.pitchTooLong),
    /** What the company sees until the candidate agrees. */
    profile: anonymousProfileInputSchema,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (profileRevealsIdentity(v.profile, v)) {
      ctx.addIssue({ code: 'custom', path: ['profile'], message: PROFILE_MSG.revealsIdentity });
    }
  });
export type IntroductionRequest = z.infer<typeof introductionRequestSchema>;

/** Required free text: a wrong type gets the same German message as a missing one. */
const requiredNote = (message: string = INTRODUCTION_MSG.noteRequired) =>
  z
    .string({ error: message })
    .pipe(safeText())
    .pipe(z.string().trim().min(1, message).max(INTRODUCTION_NOTE_MAX_LENGTH, INTRODUCTION_MSG.noteTooLong));

/** A stage change by the company; 'abgesagt' needs its reason (feedback consultants ask for most). */
export const introductionStatusChangeSchema = z
  .object({
    status: z.enum(INTRODUCTION_STATUSES, { error: INTRODUCTION_MSG.invalidTransition }),
    reason: z.string({ error: INTRODUCTION_MSG.noteRequired }).optional(),
    /** A rejection's reason from the fixed catalogue (issue 35); the free text stays required. */
    reasonCategory: z.enum(REJECTION_REASONS, { error: INTERVIEW_MSG.reasonRequired }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status !== 'abgesagt') return;
    const reason = requiredNote().safeParse(v.reason ?? '');
    if (!reason.success) ctx.addIssue({ code: 'custom', path: ['reason'], message: reason.error.issues[0]!.message });
  });

/** 'Bereits bekannt': the company's required note (the optional document comes as a file). */
export const alreadyKnownSchema = z.object({ note: requiredNote() }).strict();

/** Back office: closes a dispute about an introduction with a note (audited). */
export const introductionResolutionSchema = z
  .object({ note: requiredNote(INTRODUCTION_MSG.resolutionRequired) })
  .strict();

// ---------- lists ----------

/** Filters of GET /api/introductions (the caller's own: consultant as introducer, company as addressee). */
export const introductionListQuerySchema = z
  .object({
    advertisement: idSchema.optional(),
    status: z.enum(INTRODUCTION_STATUSES, { error: INTRODUCTION_MSG.invalidTransition }).optional(),
    start: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type IntroductionListQuery = z.infer<typeof introductionListQuerySchema>;

/** 'namensgleich' is the back office's only: the parties never see it (decision 0027). */
export const INTRODUCTION_FLAGS = [
  'nachrangig',
  'bereits_bekannt',
  'umgehungsverdacht',
  'namensgleich',
  'geklaert',
] as const;
export type IntroductionFlag = (typeof INTRODUCTION_FLAGS)[number];
export const INTRODUCTION_FLAG_LABELS: Record<IntroductionFlag, string> = {
  nachrangig: 'Nachrangig',
  bereits_bekannt: 'Bereits bekannt',
  umgehungsverdacht: 'Umgehungsverdacht',
  namensgleich: 'Namensgleichheit',
  geklaert: 'Geklärt',
};

/** Back-office register filters (whitelisted). */
export const adminIntroductionQuerySchema = introductionListQuerySchema
  .extend({
    company: idSchema.optional(),
    consultant: idSchema.optional(),
    flag: z.enum(INTRODUCTION_FLAGS).optional(),
  })
  .strict();
export type AdminIntroductionQuery = z.infer<typeof adminIntroductionQuerySchema>;
