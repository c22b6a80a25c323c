import { z } from 'zod';
import { addWorkingDays, viennaDate, type IsoDate } from './business-days';
import { EMAIL_MAX_LENGTH, RECONTACT_WINDOW_MONTHS } from './constants';
import { int4Id, safeText } from './input';

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
  contactRequired: 'Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an.',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  invalidPhone: 'Bitte geben Sie eine gültige Telefonnummer an (z. B. +43 664 1234567).',
  pitchTooLong: `Die Kurzbeschreibung darf höchstens ${INTRODUCTION_PITCH_MAX_LENGTH} Zeichen lang sein.`,
  consentRequired: 'Bitte bestätigen Sie, dass die Kandidatin bzw. der Kandidat der Vorstellung zugestimmt hat.',
  noteRequired: 'Bitte geben Sie eine Begründung an.',
  noteTooLong: `Die Begründung darf höchstens ${INTRODUCTION_NOTE_MAX_LENGTH} Zeichen lang sein.`,
  invalidTransition: 'Dieser Statuswechsel ist nicht möglich.',
} as const;

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

/** Last day (Vienna) on which the company may still declare the candidate 'Bereits bekannt'. */
export function alreadyKnownDeadline(introducedAt: string | Date): IsoDate {
  return addWorkingDays(viennaDate(introducedAt), ALREADY_KNOWN_WORKING_DAYS);
}

/** Calendar months after `date` (Vienna day), clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addCalendarMonths(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
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
 * 'Kandidat vorstellen' (JSON, or the same fields beside the CV in multipart). The phone
 * is checked and normalised to E.164 by the server (a phone-number library), so here it
 * is only text; e-mail or phone is required.
 */
export const introductionRequestSchema = z
  .object({
    advertisement: int4Id(),
    firstName: candidateName(INTRODUCTION_MSG.firstNameRequired),
    lastName: candidateName(INTRODUCTION_MSG.lastNameRequired),
    email: z.preprocess(
      emptyToUndefined,
      z
        .string({ error: INTRODUCTION_MSG.invalidEmail })
        .trim()
        .toLowerCase()
        .max(EMAIL_MAX_LENGTH, INTRODUCTION_MSG.invalidEmail)
        .pipe(z.email({ error: INTRODUCTION_MSG.invalidEmail }))
        .optional(),
    ),
    phone: optionalText(CANDIDATE_PHONE_MAX_LENGTH, INTRODUCTION_MSG.invalidPhone),
    pitch: optionalText(INTRODUCTION_PITCH_MAX_LENGTH, INTRODUCTION_MSG.pitchTooLong),
    consent: z.literal(true, { error: INTRODUCTION_MSG.consentRequired }),
  })
  .strict()
  .refine((v) => v.email !== undefined || v.phone !== undefined, {
    message: INTRODUCTION_MSG.contactRequired,
    path: ['email'],
  });
export type IntroductionRequest = z.infer<typeof introductionRequestSchema>;

const requiredNote = safeText().pipe(
  z
    .string()
    .trim()
    .min(1, INTRODUCTION_MSG.noteRequired)
    .max(INTRODUCTION_NOTE_MAX_LENGTH, INTRODUCTION_MSG.noteTooLong),
);

/** A stage change by the company; 'abgesagt' needs its reason (feedback consultants ask for most). */
export const introductionStatusChangeSchema = z
  .object({
    status: z.enum(INTRODUCTION_STATUSES, { error: INTRODUCTION_MSG.invalidTransition }),
    reason: z.string().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status !== 'abgesagt') return;
    const reason = requiredNote.safeParse(v.reason ?? '');
    if (!reason.success) ctx.addIssue({ code: 'custom', path: ['reason'], message: reason.error.issues[0]!.message });
  });

/** 'Bereits bekannt': the company's required note (the optional document comes as a file). */
export const alreadyKnownSchema = z.object({ note: requiredNote }).strict();
