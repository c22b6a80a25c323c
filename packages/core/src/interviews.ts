import { z } from './zod';
import { viennaLocalInstant, type IsoDate } from './business-days';
import { formatDate, viennaParts } from './format';
import { idSchema, safeText } from './input';

/**
 * Interviews of an introduction (issue 35): the company proposes 1–5 times (Vienna wall-clock
 * time), the consultant — or the candidate by a link — picks one, everyone gets a calendar
 * invitation; after it the company gives feedback within FEEDBACK_WORKING_DAYS, a rejection with
 * a reason from a fixed catalogue.
 */

export const INTERVIEW_SLOTS_MAX = 5;
export const INTERVIEW_DURATION_MIN = 15;
export const INTERVIEW_DURATION_MAX = 480;
export const INTERVIEW_DEFAULT_DURATION = 60;
/** A proposal starts at least this long from now and at most INTERVIEW_MAX_DAYS_AHEAD ahead. */
export const INTERVIEW_MIN_LEAD_MINUTES = 60;
export const INTERVIEW_MAX_DAYS_AHEAD = 90;
/** Interviews start between these hours, Vienna time (the last start at INTERVIEW_LATEST_START:00). */
export const INTERVIEW_EARLIEST_START = 6;
export const INTERVIEW_LATEST_START = 21;
export const INTERVIEW_LOCATION_MAX_LENGTH = 300;
export const INTERVIEW_NOTE_MAX_LENGTH = 1000;
/** Working days after the interview in which the company's feedback is due. */
export const FEEDBACK_WORKING_DAYS = 2;
/** Hours before the start when everyone is reminded. */
export const INTERVIEW_REMINDER_HOURS = 24;

export const INTERVIEW_MODES = ['vor_ort', 'video', 'telefon'] as const;
export type InterviewMode = (typeof INTERVIEW_MODES)[number];
export const INTERVIEW_MODE_LABELS: Record<InterviewMode, string> = {
  vor_ort: 'Vor Ort',
  video: 'Videogespräch',
  telefon: 'Telefon',
};

export const INTERVIEW_STATES = ['proposed', 'scheduled', 'cancelled'] as const;
export type InterviewState = (typeof INTERVIEW_STATES)[number];
export const INTERVIEW_STATE_LABELS: Record<InterviewState, string> = {
  proposed: 'Termine vorgeschlagen',
  scheduled: 'Termin vereinbart',
  cancelled: 'Abgesagt',
};

/** Why a candidate was not taken: the fixed catalogue consultants can learn from. */
export const REJECTION_REASONS = [
  'qualifikation',
  'gehalt',
  'kulturelle_passung',
  'stelle_besetzt',
  'kandidat_abgesprungen',
  'sonstiges',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  qualifikation: 'Qualifikation passt nicht',
  gehalt: 'Gehaltsvorstellung passt nicht',
  kulturelle_passung: 'Kulturelle Passung',
  stelle_besetzt: 'Stelle bereits besetzt',
  kandidat_abgesprungen: 'Kandidat/in hat abgesagt',
  sonstiges: 'Sonstiges',
};

export const FEEDBACK_OUTCOMES = ['weiteres_gespraech', 'angebot', 'abgesagt'] as const;
export type FeedbackOutcome = (typeof FEEDBACK_OUTCOMES)[number];
export const FEEDBACK_OUTCOME_LABELS: Record<FeedbackOutcome, string> = {
  weiteres_gespraech: 'Weiteres Gespräch',
  angebot: 'Angebot',
  abgesagt: 'Absage',
};

export const INTERVIEW_MSG = {
  slotsRequired: `Bitte schlagen Sie 1 bis ${INTERVIEW_SLOTS_MAX} Termine vor.`,
  slotInvalid: 'Bitte geben Sie für jeden Termin Datum und Uhrzeit an.',
  slotInPast: `Jeder Termin muss mindestens ${INTERVIEW_MIN_LEAD_MINUTES} Minuten in der Zukunft liegen.`,
  slotTooFar: `Termine können höchstens ${INTERVIEW_MAX_DAYS_AHEAD} Tage im Voraus vorgeschlagen werden.`,
  slotOutsideHours: `Interviews beginnen zwischen ${String(INTERVIEW_EARLIEST_START).padStart(2, '0')}:00 und ${INTERVIEW_LATEST_START}:00 Uhr (Wiener Zeit).`,
  slotNonexistent: (date: IsoDate, time: string) =>
    `Die Uhrzeit ${time} gibt es am ${formatDate(date)} wegen der Umstellung auf Sommerzeit nicht.`,
  slotsOverlap: 'Die vorgeschlagenen Termine überschneiden sich.',
  slotsDuplicate: 'Ein Termin ist doppelt angegeben.',
  durationInvalid: `Die Dauer muss zwischen ${INTERVIEW_DURATION_MIN} und ${INTERVIEW_DURATION_MAX} Minuten liegen.`,
  modeInvalid: 'Bitte wählen Sie, wie das Interview stattfindet.',
  locationRequired: 'Bitte geben Sie den Ort, die Telefonnummer oder den Link zum Videogespräch an.',
  locationTooLong: `Die Angabe zum Ort darf höchstens ${INTERVIEW_LOCATION_MAX_LENGTH} Zeichen lang sein.`,
  videoLinkInvalid: 'Bitte geben Sie für ein Videogespräch einen Link an, der mit https:// beginnt.',
  noteTooLong: `Die Notiz darf höchstens ${INTERVIEW_NOTE_MAX_LENGTH} Zeichen lang sein.`,
  notConfirmed: 'Ein Interview ist erst möglich, wenn die Kandidatin bzw. der Kandidat der Vorstellung zugestimmt hat.',
  introductionClosed: 'Zu dieser Vorstellung ist kein Interview mehr möglich (eingestellt oder endgültig abgesagt).',
  openInterview:
    'Zu dieser Vorstellung ist bereits ein Interview offen. Sagen Sie es ab, bevor Sie neue Termine vorschlagen.',
  notFound: 'Dieses Interview existiert nicht.',
  agencyOnly:
    'Den Termin wählt die Personalvermittlung der Vorstellung (oder die Kandidatin bzw. der Kandidat über den Link).',
  slotUnknown: 'Dieser Termin gehört nicht zu diesem Interview.',
  slotPassed: 'Dieser Termin liegt bereits in der Vergangenheit. Bitte bitten Sie das Unternehmen um neue Termine.',
  alreadyScheduled: 'Für dieses Interview wurde bereits ein Termin gewählt.',
  cancelled: 'Dieses Interview wurde abgesagt.',
  notScheduled: 'Dieses Interview hat noch keinen vereinbarten Termin.',
  alreadyHeld: 'Dieses Interview hat bereits stattgefunden und kann nicht mehr abgesagt oder geändert werden.',
  cancelReasonRequired: 'Bitte geben Sie an, warum das Interview abgesagt wird.',
  feedbackTooEarly: 'Eine Rückmeldung ist erst nach dem Interview möglich.',
  feedbackTwice: 'Zu diesem Interview gibt es bereits eine Rückmeldung.',
  outcomeInvalid: 'Bitte wählen Sie das Ergebnis des Interviews.',
  reasonRequired: 'Bitte wählen Sie einen Grund für die Absage aus der Liste.',
  feedbackNoteRequired: 'Bitte beschreiben Sie die Absage kurz in eigenen Worten.',
  candidateLinkInvalid: 'Dieser Link ist ungültig. Bitte verwenden Sie den Link aus der E-Mail der Prämienbörse.',
  candidateNoEmail: 'Die Kandidatin bzw. der Kandidat hat keine E-Mail-Adresse mehr hinterlegt.',
  onlyProposed: 'Einen Link zur Terminwahl gibt es nur, solange noch kein Termin gewählt ist.',
} as const;

const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'] as const;

/** An appointment as people say it: 'Dienstag, 15.12.2026, 10:00 Uhr' (Vienna time). */
export function formatAppointment(value: string | number | Date): string {
  const p = viennaParts(value);
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day))).getUTCDay()]!;
  return `${weekday}, ${formatDate(value)}, ${p.hour}:${p.minute} Uhr`;
}

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).pipe(safeText()).pipe(z.string().trim().min(1, required).max(max, tooLong));

/** One proposed time as the company enters it: a Vienna calendar day and a wall-clock time. */
export const interviewSlotInputSchema = z
  .object({
    date: z.iso.date({ error: INTERVIEW_MSG.slotInvalid }),
    time: z.string({ error: INTERVIEW_MSG.slotInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, INTERVIEW_MSG.slotInvalid),
  })
  .strict();
export type InterviewSlotInput = z.infer<typeof interviewSlotInputSchema>;

export const interviewProposalSchema = z
  .object({
    slots: z
      .array(interviewSlotInputSchema, { error: INTERVIEW_MSG.slotsRequired })
      .min(1, INTERVIEW_MSG.slotsRequired)
      .max(INTERVIEW_SLOTS_MAX, INTERVIEW_MSG.slotsRequired),
    durationMinutes: z
      .number({ error: INTERVIEW_MSG.durationInvalid })
      .int(INTERVIEW_MSG.durationInvalid)
      .min(INTERVIEW_DURATION_MIN, INTERVIEW_MSG.durationInvalid)
      .max(INTERVIEW_DURATION_MAX, INTERVIEW_MSG.durationInvalid),
    mode: z.enum(INTERVIEW_MODES, { error: INTERVIEW_MSG.modeInvalid }),
    location: requiredText(
      INTERVIEW_LOCATION_MAX_LENGTH,
      INTERVIEW_MSG.locationRequired,
      INTERVIEW_MSG.locationTooLong,
    ),
    note: z
      .string({ error: INTERVIEW_MSG.noteTooLong })
      .pipe(safeText())
      .pipe(z.string().trim().max(INTERVIEW_NOTE_MAX_LENGTH, INTERVIEW_MSG.noteTooLong))
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.mode === 'video' && !/^https:\/\/\S+$/.test(v.location)) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: INTERVIEW_MSG.videoLinkInvalid });
    }
  });
export type InterviewProposal = z.infer<typeof interviewProposalSchema>;

/** A change of place or link (the calendar entries follow as an update). */
export const interviewUpdateSchema = z
  .object({
    location: requiredText(
      INTERVIEW_LOCATION_MAX_LENGTH,
      INTERVIEW_MSG.locationRequired,
      INTERVIEW_MSG.locationTooLong,
    ),
  })
  .strict();

export const interviewChoiceSchema = z.object({ slot: idSchema }).strict();
export const interviewCancellationSchema = z
  .object({
    reason: requiredText(INTERVIEW_NOTE_MAX_LENGTH, INTERVIEW_MSG.cancelReasonRequired, INTERVIEW_MSG.noteTooLong),
  })
  .strict();

export const interviewFeedbackSchema = z
  .object({
    outcome: z.enum(FEEDBACK_OUTCOMES, { error: INTERVIEW_MSG.outcomeInvalid }),
    reason: z.enum(REJECTION_REASONS, { error: INTERVIEW_MSG.reasonRequired }).optional(),
    note: z
      .string({ error: INTERVIEW_MSG.noteTooLong })
      .pipe(safeText())
      .pipe(z.string().trim().max(INTERVIEW_NOTE_MAX_LENGTH, INTERVIEW_MSG.noteTooLong))
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.outcome !== 'abgesagt') return;
    if (v.reason === undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: INTERVIEW_MSG.reasonRequired });
    else if (!v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: INTERVIEW_MSG.feedbackNoteRequired });
  });
export type InterviewFeedback = z.infer<typeof interviewFeedbackSchema>;

/** The candidate's link to pick a time: the token in the body, as on the consent page. */
export const interviewChoiceTokenSchema = z
  .string({ error: INTERVIEW_MSG.candidateLinkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, INTERVIEW_MSG.candidateLinkInvalid);
export const candidateInterviewLookupSchema = z.object({ token: interviewChoiceTokenSchema }).strict();
export const candidateInterviewChoiceSchema = z.object({ token: interviewChoiceTokenSchema, slot: idSchema }).strict();

/** A proposal's times, checked and turned into instants; the first problem in German, or the starts. */
export function checkInterviewSlots(
  slots: readonly InterviewSlotInput[],
  durationMinutes: number,
  now: Date,
): { problem: string } | { starts: Date[] } {
  const starts: Date[] = [];
  for (const slot of slots) {
    const start = viennaLocalInstant(slot.date, slot.time);
    if (start === null) return { problem: INTERVIEW_MSG.slotNonexistent(slot.date, slot.time) };
    const hour = Number(viennaParts(start).hour);
    const minute = Number(viennaParts(start).minute);
    if (
      hour < INTERVIEW_EARLIEST_START ||
      hour > INTERVIEW_LATEST_START ||
      (hour === INTERVIEW_LATEST_START && minute > 0)
    ) {
      return { problem: INTERVIEW_MSG.slotOutsideHours };
    }
    if (start.getTime() < now.getTime() + INTERVIEW_MIN_LEAD_MINUTES * 60_000)
      return { problem: INTERVIEW_MSG.slotInPast };
    if (start.getTime() > now.getTime() + INTERVIEW_MAX_DAYS_AHEAD * 86_400_000)
      return { problem: INTERVIEW_MSG.slotTooFar };
    starts.push(start);
  }
  const length = durationMinutes * 60_000;
  const sorted = [...starts].sort((a, b) => a.getTime() - b.getTime());
  for (let i = 1; i < sorted.length; i += 1) {
    const gap = sorted[i]!.getTime() - sorted[i - 1]!.getTime();
    if (gap === 0) return { problem: INTERVIEW_MSG.slotsDuplicate };
    if (gap < length) return { problem: INTERVIEW_MSG.slotsOverlap };
  }
  return { starts };
}

// ---------- response shapes ----------

export const interviewSlotSchema = z.object({ id: z.number(), startsAt: z.string(), endsAt: z.string() });

export const interviewSchema = z.object({
  id: z.number(),
  introductionId: z.number(),
  state: z.enum(INTERVIEW_STATES),
  durationMinutes: z.number(),
  mode: z.enum(INTERVIEW_MODES),
  location: z.string(),
  note: z.string().nullable(),
  slots: z.array(interviewSlotSchema),
  chosenSlot: interviewSlotSchema.nullable(),
  /** Who picked the time: the consultant, or the candidate by the link. */
  chosenBy: z.enum(['consultant', 'candidate']).nullable(),
  proposedAt: z.string(),
  scheduledAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  candidateLinkSentAt: z.string().nullable(),
  feedback: z
    .object({
      at: z.string(),
      outcome: z.enum(FEEDBACK_OUTCOMES),
      reason: z.enum(REJECTION_REASONS).nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
  /** Last day (Vienna) for the company's feedback; null until a time is agreed. */
  feedbackDue: z.string().nullable(),
  /** 'Rückmeldung überfällig': the due day passed without feedback. */
  feedbackOverdue: z.boolean(),
  /** What the caller may do now. */
  actions: z.object({
    choose: z.boolean(),
    sendCandidateLink: z.boolean(),
    cancel: z.boolean(),
    update: z.boolean(),
    feedback: z.boolean(),
  }),
});
export type Interview = z.infer<typeof interviewSchema>;

/** The candidate's page for picking a time: who, what, where, and the times. */
export const candidateInterviewViewSchema = z.object({
  state: z.enum(INTERVIEW_STATES),
  companyName: z.string(),
  agencyName: z.string(),
  jobTitle: z.string(),
  durationMinutes: z.number(),
  mode: z.enum(INTERVIEW_MODES),
  location: z.string(),
  slots: z.array(interviewSlotSchema),
  chosenSlot: interviewSlotSchema.nullable(),
});
export type CandidateInterviewView = z.infer<typeof candidateInterviewViewSchema>;
