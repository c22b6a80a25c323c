import { z } from './zod';
import { REJECTION_REASONS, type RejectionReason } from './interviews';
import { publishedRatingCommentSchema, ratingSummarySchema } from './ratings';
import { WORKING_DAY_MINUTES } from './working-hours';

/**
 * Trust from data (issue 36): what the register and the chat say about how a company answers
 * introductions and how an agency's introductions end. The figures are computed by a scheduled run
 * (server: modules/trust), never per page view; docs/trust.md defines each one and its edge cases.
 * A figure is shown only on enough data: TRUST_MIN_INTRODUCTIONS in the last TRUST_WINDOW_MONTHS for
 * the organisation, and each figure its own minimum of what it is computed from (TRUST_MIN_*).
 */

export const TRUST_WINDOW_MONTHS = 12;
export const TRUST_MIN_INTRODUCTIONS = 5;
/**
 * The median reaction needs this many "ranked" introductions: answered, or unanswered past the
 * overdue mark. Five introductions released within hours of each other, one of them answered,
 * would otherwise give a median from one reaction. Five, as for the organisation: a median of five
 * is the third of them, one outlier on either side cannot move it.
 */
export const TRUST_MIN_RANKED = 5;
/** The in-time share needs this many introductions answered or past their answer deadline ("due"): 20 % steps at least. */
export const TRUST_MIN_DUE = 5;
/**
 * The share of rejections with a concrete reason needs this many rejections by the company. Fewer
 * than introductions: a company rejects only some, and five would hide the figure from most. Three,
 * as for ratings (RATINGS_MIN_SHOWN): no single rejection makes the share 0 or 100 %.
 */
export const TRUST_MIN_REJECTIONS = 3;
/**
 * An agency's (or member's) speed needs this many advertisements it introduced to first in the
 * window: a median of one or two advertisements says how one job went, not how the agency works.
 */
export const TRUST_MIN_ADVERTISEMENTS = 3;
/** An introduction counts as answered in time within this many working days. */
export const ANSWER_WORKING_DAYS = 2;
/** An undecided introduction ('Neu' or 'In Prüfung') is overdue after this many working days. */
export const STALE_WORKING_DAYS = 5;
/** The browser's filter: the company answers, by its median, within this many working days. */
export const RESPONDS_WITHIN_DAYS = [1, 2, 5] as const;
export type RespondsWithinDays = (typeof RESPONDS_WITHIN_DAYS)[number];

export const TRUST_MSG = {
  tooLittleData: 'noch zu wenige Daten',
  notPublic: 'Diese Personalvermittlung veröffentlicht ihre Kennzahlen nicht.',
  notFound: 'Diese Organisation gibt es nicht.',
  invalidRespondsWithin: 'Bitte wählen Sie 1, 2 oder 5 Arbeitstage.',
} as const;

/**
 * A concrete reason: a catalogue reason (REJECTION_REASONS) other than 'sonstiges'. A free text
 * cannot be judged (and the candidate's erasure blanks it; the register keeps only its hash).
 */
export const CONCRETE_REJECTION_REASONS: readonly RejectionReason[] = REJECTION_REASONS.filter(
  (r) => r !== 'sonstiges',
);

/** The label of the rejections figure, the same in the sentences, the chart and docs/trust.md. */
export const CONCRETE_REASON_LABEL = 'Absagen mit konkretem Grund';

/** What a figure below its own minimum says instead (Austrian German, as the page's other sentences). */
export const TRUST_TOO_LITTLE = {
  median: `Zur Antwortzeit gibt es noch zu wenige Daten (erst ab ${TRUST_MIN_RANKED} beantworteten oder überfälligen Vorstellungen).`,
  inTime: `Zum Anteil rechtzeitiger Antworten gibt es noch zu wenige Daten (erst ab ${TRUST_MIN_DUE} beantworteten Vorstellungen oder abgelaufenen Antwortfristen).`,
  concreteReason: `Zu ${CONCRETE_REASON_LABEL} gibt es noch zu wenige Daten (erst ab ${TRUST_MIN_REJECTIONS} Absagen).`,
  speed: `Zur Dauer bis zur ersten Vorstellung gibt es noch zu wenige Daten (erst ab ${TRUST_MIN_ADVERTISEMENTS} Inseraten).`,
} as const;

/** The share of a whole as a German percentage: 0.8333 → '83 %'. */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)} %`;
}

/** A decimal number the German way with at most one decimal: 1.25 → '1,3', 2 → '2'. */
export function formatDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return rounded.toLocaleString('de-AT', { maximumFractionDigits: 1 });
}

/** Working days for a count of office minutes, at most one decimal (600 minutes = 1 Arbeitstag). */
export function workingDaysOf(minutes: number): number {
  return Math.round((minutes / WORKING_DAY_MINUTES) * 10) / 10;
}

/** The smallest of RESPONDS_WITHIN_DAYS the median reaction is within, or null when slower. */
export function respondsWithinDays(medianMinutes: number): RespondsWithinDays | null {
  return RESPONDS_WITHIN_DAYS.find((days) => medianMinutes <= days * WORKING_DAY_MINUTES) ?? null;
}

/** The list's and the advertisement's one sentence on a company's median reaction. */
export function responseSentence(medianMinutes: number): string {
  const days = respondsWithinDays(medianMinutes);
  if (days === null) return `antwortet meist erst nach mehr als ${STALE_WORKING_DAYS} Arbeitstagen`;
  return days === 1
    ? 'antwortet meist innerhalb von 1 Arbeitstag'
    : `antwortet meist innerhalb von ${days} Arbeitstagen`;
}

/** How long the median reaction took, in words: 'unter 1 Arbeitsstunde', '3 Arbeitsstunden', '1,5 Arbeitstage'. */
export function formatWorkingDuration(minutes: number): string {
  if (minutes < 60) return 'unter 1 Arbeitsstunde';
  if (minutes < WORKING_DAY_MINUTES) {
    const hours = Math.round(minutes / 60);
    return hours === 1 ? '1 Arbeitsstunde' : `${hours} Arbeitsstunden`;
  }
  const days = workingDaysOf(minutes);
  return days === 1 ? '1 Arbeitstag' : `${formatDecimal(days)} Arbeitstage`;
}

// ---------- companies ----------

/** What the figures of a company count: introductions to it whose identity was released in the window. */
export const companyTrustFiguresSchema = z
  .object({
    /** Introductions counted (last 12 months). Below TRUST_MIN_INTRODUCTIONS the rest is null. */
    introductions: z.number().int(),
    enoughData: z.boolean(),
    /**
     * Median office minutes to the first reaction; an introduction unanswered for 5 working days
     * counts as slower than all. Null below TRUST_MIN_RANKED (each figure: null = too little data).
     */
    medianResponseMinutes: z.number().int().nullable(),
    /** Share (0–1) of the introductions whose 2-working-day deadline passed that were answered by it; null below TRUST_MIN_DUE. */
    answeredInTimeShare: z.number().nullable(),
    /** Share of the company's rejections with a concrete catalogue reason (not 'Sonstiges'); null below TRUST_MIN_REJECTIONS. */
    rejectionsWithConcreteReasonShare: z.number().nullable(),
    rejections: z.number().int(),
    /** Interviews agreed per introduction counted. */
    interviewsPerIntroduction: z.number().nullable(),
    /** Introductions still 'Neu' or 'In Prüfung' more than 5 working days after they reached the company. */
    openOverdue: z.number().int().nullable(),
    /** When the trust run computed them; null before its first run for this organisation (a new one). */
    computedAt: z.string().nullable(),
  })
  .strict();
export type CompanyTrustFigures = z.infer<typeof companyTrustFiguresSchema>;

/**
 * A company's figures in a few plain German sentences (empty on too little data for the company);
 * a figure below its own minimum says so in its place.
 */
export function companyTrustSentences(f: CompanyTrustFigures): string[] {
  if (!f.enoughData) return [];
  const sentences: string[] = [];
  if (f.medianResponseMinutes === null) sentences.push(TRUST_TOO_LITTLE.median);
  else {
    const slower = f.medianResponseMinutes > STALE_WORKING_DAYS * WORKING_DAY_MINUTES;
    const median = slower
      ? `mehr als ${STALE_WORKING_DAYS} Arbeitstage`
      : formatWorkingDuration(f.medianResponseMinutes);
    sentences.push(
      `Das Unternehmen ${responseSentence(f.medianResponseMinutes)} (Median: ${median} bis zur ersten Reaktion).`,
    );
  }
  sentences.push(
    f.answeredInTimeShare === null
      ? TRUST_TOO_LITTLE.inTime
      : `${formatShare(f.answeredInTimeShare)} der Vorstellungen wurden innerhalb von ${ANSWER_WORKING_DAYS} Arbeitstagen beantwortet.`,
  );
  sentences.push(
    f.rejectionsWithConcreteReasonShare === null
      ? TRUST_TOO_LITTLE.concreteReason
      : `${formatShare(f.rejectionsWithConcreteReasonShare)} der Absagen nennen einen konkreten Grund.`,
  );
  if (f.interviewsPerIntroduction !== null) {
    sentences.push(`Auf eine Vorstellung kommen im Schnitt ${formatDecimal(f.interviewsPerIntroduction)} Interviews.`);
  }
  if (f.openOverdue !== null) {
    sentences.push(
      f.openOverdue === 0
        ? `Keine Vorstellung wartet länger als ${STALE_WORKING_DAYS} Arbeitstage auf eine Entscheidung.`
        : `${f.openOverdue} ${f.openOverdue === 1 ? 'Vorstellung wartet' : 'Vorstellungen warten'} länger als ${STALE_WORKING_DAYS} Arbeitstage auf eine Entscheidung.`,
    );
  }
  return sentences;
}

// ---------- agencies ----------

/** An agency's (or one member's) track record over the last 12 months. */
export const agencyTrackRecordSchema = z
  .object({
    /** Introductions whose identity was released (the candidate agreed). */
    introductions: z.number().int(),
    enoughData: z.boolean(),
    /** Of them: reached an agreed interview; led to a hire. Null below the threshold. */
    interviews: z.number().int().nullable(),
    hires: z.number().int().nullable(),
    /** Placements of the window that became guarantee cases. */
    guaranteeCases: z.number().int().nullable(),
    /**
     * Median office minutes from an advertisement's publication to the agency's (member's) first
     * introduction ever to it, over the advertisements whose first falls in the window; null below
     * TRUST_MIN_ADVERTISEMENTS.
     */
    medianMinutesToFirstIntroduction: z.number().int().nullable(),
    /** When the trust run computed it; null before its first run for this organisation (a new one). */
    computedAt: z.string().nullable(),
  })
  .strict();
export type AgencyTrackRecord = z.infer<typeof agencyTrackRecordSchema>;

export function agencyTrackRecordSentences(f: AgencyTrackRecord): string[] {
  if (!f.enoughData) return [];
  const hires = f.hires ?? 0;
  const sentences = [
    `In den letzten ${TRUST_WINDOW_MONTHS} Monaten: ${f.introductions} Vorstellungen, ${f.interviews ?? 0} davon mit Interview, ${hires} ${hires === 1 ? 'Einstellung' : 'Einstellungen'}.`,
  ];
  if (f.guaranteeCases !== null) {
    sentences.push(
      f.guaranteeCases === 0
        ? 'Kein Garantiefall.'
        : `${f.guaranteeCases} ${f.guaranteeCases === 1 ? 'Garantiefall' : 'Garantiefälle'}.`,
    );
  }
  sentences.push(
    f.medianMinutesToFirstIntroduction === null
      ? TRUST_TOO_LITTLE.speed
      : `Erste Vorstellung im Median ${formatWorkingDuration(f.medianMinutesToFirstIntroduction)} nach Veröffentlichung des Inserats.`,
  );
  return sentences;
}

// ---------- what the pages get ----------

/** GET /api/organisations/:id/trust: an organisation's public trust page for signed-in users. */
export const organisationTrustSchema = z
  .object({
    organisation: z
      .object({
        id: z.number(),
        kind: z.enum(['company', 'agency']),
        name: z.string(),
        description: z.string().nullable(),
        services: z.array(z.string()),
      })
      .strict(),
    /** Companies: always (enoughData says whether there is anything to show). */
    company: companyTrustFiguresSchema.nullable(),
    /** Agencies: only when it publishes them (or the caller is one of its members). */
    agency: agencyTrackRecordSchema.nullable(),
    trackRecordPublic: z.boolean(),
    ratings: ratingSummarySchema,
    /** Published comments (and answers), newest first; only once the ratings are shown. */
    comments: z.array(publishedRatingCommentSchema),
  })
  .strict();
export type OrganisationTrust = z.infer<typeof organisationTrustSchema>;

/** GET /api/organisation/track-record: the active agency's figures per member (its members only). */
export const memberTrackRecordSchema = z
  .object({ memberId: z.number(), name: z.string(), active: z.boolean(), figures: agencyTrackRecordSchema })
  .strict();
export type MemberTrackRecord = z.infer<typeof memberTrackRecordSchema>;

export const ownTrackRecordSchema = z
  .object({
    kind: z.enum(['company', 'agency']),
    company: companyTrustFiguresSchema.nullable(),
    agency: agencyTrackRecordSchema.nullable(),
    members: z.array(memberTrackRecordSchema),
    trackRecordPublic: z.boolean(),
  })
  .strict();
export type OwnTrackRecord = z.infer<typeof ownTrackRecordSchema>;
