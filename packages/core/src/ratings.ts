import { z } from './zod';
import { safeText } from './input';

/**
 * Ratings between the parties of an introduction (issue 36): after a hire, or a final rejection
 * after an interview, the company rates the agency and the agency rates the company, once per
 * introduction, 1–5 on three fixed criteria with an optional comment. Ratings are blind: a rating
 * counts (and its comment goes to the office) once both sides rated or RATING_REVEAL_DAYS passed
 * since it was given — and then the other side can no longer rate, so nobody rates in answer to
 * what they saw. Scores are shown only as averages once RATINGS_MIN_SHOWN count; a comment is shown
 * after the office approved it, and the rated party may answer it once (moderated too).
 */

export const RATINGS_MIN_SHOWN = 3;
/** Days the other side has to rate after the first rating of an introduction; then the first counts alone. */
export const RATING_REVEAL_DAYS = 14;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_COMMENT_MAX_LENGTH = 1000;
export const RATING_REPLY_MAX_LENGTH = 1000;
export const MODERATION_REASON_MAX_LENGTH = 500;

/** Which side rates: the company rates the agency, the agency rates the company. */
export const RATING_SIDES = ['company', 'agency'] as const;
export type RatingSide = (typeof RATING_SIDES)[number];

export const RATING_CRITERIA = ['communication', 'quality', 'speed'] as const;
export type RatingCriterion = (typeof RATING_CRITERIA)[number];

/** The criteria's labels by the kind of the rated organisation. */
export const RATING_CRITERION_LABELS: Record<'company' | 'agency', Record<RatingCriterion, string>> = {
  agency: { communication: 'Kommunikation', quality: 'Qualität der Kandidat/innen', speed: 'Schnelligkeit' },
  company: { communication: 'Kommunikation', quality: 'Qualität der Rückmeldungen', speed: 'Schnelligkeit' },
};

export const MODERATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];
export const MODERATION_STATE_LABELS: Record<ModerationState, string> = {
  pending: 'Wird vom Backoffice geprüft',
  approved: 'Veröffentlicht',
  rejected: 'Abgelehnt',
};

export const RATING_MSG = {
  invalidScore: 'Bitte vergeben Sie für jedes Kriterium 1 bis 5 Sterne.',
  commentTooLong: `Der Kommentar darf höchstens ${RATING_COMMENT_MAX_LENGTH} Zeichen lang sein.`,
  replyTooLong: `Die Antwort darf höchstens ${RATING_REPLY_MAX_LENGTH} Zeichen lang sein.`,
  replyEmpty: 'Bitte schreiben Sie eine Antwort.',
  notYet: 'Bewerten können Sie nach einer Einstellung oder nach einer Absage im Anschluss an ein Interview.',
  alreadyRated: 'Sie haben diese Vorstellung bereits bewertet.',
  windowClosed: `Die Frist für Ihre Bewertung ist abgelaufen: Nach der ersten Bewertung einer Vorstellung hat die andere Seite ${RATING_REVEAL_DAYS} Tage Zeit.`,
  notRevealedYet: `Diese Bewertung ist noch verdeckt: Ihr Kommentar wird geprüft, sobald beide Seiten bewertet haben oder ${RATING_REVEAL_DAYS} Tage vergangen sind.`,
  notParty: 'Nur die Beteiligten dieser Vorstellung können sie bewerten.',
  sharedMembers: 'Organisationen mit gemeinsamen Mitgliedern können einander nicht bewerten.',
  noRatedOrganisation: 'Die andere Organisation besteht nicht mehr.',
  replyNotAllowed: 'Antworten kann nur die bewertete Organisation, einmal, auf einen veröffentlichten Kommentar.',
  alreadyReplied: 'Auf diesen Kommentar wurde bereits geantwortet.',
  reasonRequired: 'Bitte geben Sie einen Grund für die Ablehnung an.',
  reasonTooLong: `Der Grund darf höchstens ${MODERATION_REASON_MAX_LENGTH} Zeichen lang sein.`,
  nothingToModerate: 'Dieser Text wartet nicht auf eine Prüfung.',
  notFound: 'Diese Bewertung gibt es nicht.',
  saved: 'Danke für Ihre Bewertung.',
  savedBlind: `Sie zählt, sobald die andere Seite bewertet hat, spätestens nach ${RATING_REVEAL_DAYS} Tagen.`,
  savedRevealed: 'Beide Bewertungen zählen ab jetzt.',
  savedWithComment: 'Ihr Kommentar erscheint, sobald das Backoffice ihn geprüft hat.',
  replySaved: 'Ihre Antwort erscheint, sobald das Backoffice sie geprüft hat.',
} as const;

/** The thanks after a rating: whether it counts now (the other side had rated) and whether a comment waits. */
export function ratingSavedNotice(counts: boolean, withComment: boolean): string {
  const parts: string[] = [RATING_MSG.saved, counts ? RATING_MSG.savedRevealed : RATING_MSG.savedBlind];
  if (withComment) parts.push(RATING_MSG.savedWithComment);
  return parts.join(' ');
}

const score = z
  .number({ error: RATING_MSG.invalidScore })
  .int({ error: RATING_MSG.invalidScore })
  .min(RATING_MIN, { error: RATING_MSG.invalidScore })
  .max(RATING_MAX, { error: RATING_MSG.invalidScore });

/** POST /api/introductions/:id/rating. An empty comment is none. */
export const ratingInputSchema = z
  .object({
    communication: score,
    quality: score,
    speed: score,
    comment: safeText()
      .trim()
      .max(RATING_COMMENT_MAX_LENGTH, { error: RATING_MSG.commentTooLong })
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
  })
  .strict();
export type RatingInput = z.infer<typeof ratingInputSchema>;
export type RatingInputBody = z.input<typeof ratingInputSchema>;

/** POST /api/ratings/:id/reply (the rated organisation, once). */
export const ratingReplySchema = z
  .object({
    reply: safeText()
      .trim()
      .min(1, { error: RATING_MSG.replyEmpty })
      .max(RATING_REPLY_MAX_LENGTH, { error: RATING_MSG.replyTooLong }),
  })
  .strict();
export type RatingReply = z.infer<typeof ratingReplySchema>;

/** POST /api/admin/ratings/:id/moderation: the office approves or rejects a comment or a reply (a reason on rejection). */
export const ratingModerationSchema = z
  .object({
    part: z.enum(['comment', 'reply']),
    decision: z.enum(['approve', 'reject']),
    reason: safeText().trim().max(MODERATION_REASON_MAX_LENGTH, { error: RATING_MSG.reasonTooLong }).optional(),
  })
  .strict()
  .refine((m) => m.decision === 'approve' || (m.reason !== undefined && m.reason !== ''), {
    error: RATING_MSG.reasonRequired,
    path: ['reason'],
  });
export type RatingModeration = z.infer<typeof ratingModerationSchema>;

/** Averages of an organisation's ratings; the averages are null below RATINGS_MIN_SHOWN. */
export const ratingSummarySchema = z
  .object({
    count: z.number().int(),
    communication: z.number().nullable(),
    quality: z.number().nullable(),
    speed: z.number().nullable(),
  })
  .strict();
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** A published comment as anyone signed in sees it: no rater, no introduction, the month only. */
export const publishedRatingCommentSchema = z
  .object({
    id: z.number(),
    month: z.string(),
    comment: z.string(),
    reply: z.string().nullable(),
  })
  .strict();
export type PublishedRatingComment = z.infer<typeof publishedRatingCommentSchema>;

/** The caller's own rating of an introduction's other party. */
export const ownRatingSchema = z
  .object({
    id: z.number(),
    communication: z.number().int(),
    quality: z.number().int(),
    speed: z.number().int(),
    comment: z.string().nullable(),
    commentState: z.enum(MODERATION_STATES).nullable(),
    commentRejectionReason: z.string().nullable(),
    createdAt: z.string(),
    /** When it began to count (both sides rated, or RATING_REVEAL_DAYS passed); null while blind. */
    revealedAt: z.string().nullable(),
    /** While blind: when it counts at the latest. */
    revealsBy: z.string().nullable(),
  })
  .strict();
export type OwnRating = z.infer<typeof ownRatingSchema>;

/** A rating the caller's organisation received on this introduction: its published comment, to answer once. */
export const receivedRatingSchema = z
  .object({
    id: z.number(),
    comment: z.string(),
    reply: z.string().nullable(),
    replyState: z.enum(MODERATION_STATES).nullable(),
    replyRejectionReason: z.string().nullable(),
    canReply: z.boolean(),
  })
  .strict();
export type ReceivedRating = z.infer<typeof receivedRatingSchema>;

/** GET /api/introductions/:id/rating: whether the caller may rate, their rating, a comment received. */
export const introductionRatingSchema = z
  .object({
    side: z.enum(RATING_SIDES),
    rated: z
      .object({ id: z.number(), name: z.string(), kind: z.enum(['company', 'agency']) })
      .strict()
      .nullable(),
    canRate: z.boolean(),
    /** Why not, when the caller may not rate (a RATING_MSG text); null when they may or did. */
    notAllowedReason: z.string().nullable(),
    own: ownRatingSchema.nullable(),
    /**
     * The other side rated and its rating does not count yet: the caller's side may rate until then
     * (both then count at once). Never its scores or its comment.
     */
    otherSideRatedUntil: z.string().nullable(),
    received: receivedRatingSchema.nullable(),
  })
  .strict();
export type IntroductionRating = z.infer<typeof introductionRatingSchema>;

/** GET /api/admin/ratings: texts waiting for the office (and the last decided). */
export const adminRatingTextSchema = z
  .object({
    ratingId: z.number(),
    part: z.enum(['comment', 'reply']),
    text: z.string(),
    state: z.enum(MODERATION_STATES),
    rejectionReason: z.string().nullable(),
    writtenAt: z.string(),
    author: z.object({ organisationId: z.number(), organisationName: z.string(), memberName: z.string() }).strict(),
    rated: z.object({ organisationId: z.number(), organisationName: z.string() }).strict(),
    introductionId: z.number(),
    /** An answer's comment, so the office reads the answer in its context (null for a comment). */
    answers: z.string().nullable(),
  })
  .strict();
export type AdminRatingText = z.infer<typeof adminRatingTextSchema>;
