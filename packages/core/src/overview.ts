import { z } from './zod';

/**
 * 'Übersicht' (issue 32): what a member of a company or an agency has to do now, counted by the
 * server in one answer. A section is null when the member's role does not handle it (Buchhaltung
 * sees no candidates, Recruiting no invoices), so the page shows only what the member can act on.
 */

/** Days a saved search's match counts as new on the overview. */
export const OVERVIEW_NEW_MATCH_DAYS = 7;

/** The steps of a new account's first-run checklist; each is done by a fact, never by a click. */
export const FIRST_RUN_STEPS = ['profile', 'legal_identity', 'advertisement', 'search', 'colleague'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

const count = z.number().int().nonnegative();

export const overviewSchema = z.object({
  introductions: z
    .object({
      /** Company: introductions on which 'Bereits bekannt' can still be declared, and the earliest last day (YYYY-MM-DD). */
      alreadyKnownOpen: count,
      alreadyKnownDeadline: z.string().nullable(),
      /** Company: introductions still 'Neu' after the 'Bereits bekannt' window: the agency waits for an answer. */
      awaitingReaction: count,
      /** Agency: introductions the company is working on (In Prüfung, Interview, Angebot). */
      inProgress: count,
      /** Both: 'Eingestellt' but no placement reported for it yet. */
      hiredUnreported: count,
      /** The oldest such introduction and its advertisement (the link of the task), or null. */
      hiredUnreportedId: z.number().int().nullable(),
      hiredUnreportedAdvertisementId: z.number().int().nullable(),
      /** Agency: introductions whose candidate has not answered the consent link yet (issue 35). */
      consentPending: count,
      /** Agency: interviews with proposed times waiting for the agency's (or candidate's) choice, and the oldest one's introduction. */
      interviewsToSchedule: count,
      interviewsToScheduleId: z.number().int().nullable(),
      /** Both: interviews whose feedback is overdue ('Rückmeldung überfällig'), and the oldest one's introduction. */
      feedbackOverdue: count,
      feedbackOverdueId: z.number().int().nullable(),
    })
    .nullable(),
  conversations: z
    .object({
      /** Conversations in which the other side wrote last. */
      unanswered: count,
    })
    .nullable(),
  money: z
    .object({
      /** Company: open invoices after their corrections (the statement's 'Sie zahlen'). */
      payCents: z.number().int(),
      payBy: z.string().nullable(),
      /** Invoices whose due date has passed. */
      overdue: count,
      /** Company: refunds of paid invoices (the statement's 'Sie erhalten'). */
      receiveCents: z.number().int(),
    })
    .nullable(),
  /** Agency: the person's saved searches with advertisements that matched in the last OVERVIEW_NEW_MATCH_DAYS days. */
  searches: z.array(z.object({ id: z.number().int(), name: z.string(), newMatches: count })).nullable(),
  /** The first-run checklist: the steps this member can take, each done or not. */
  checklist: z.array(z.object({ step: z.enum(FIRST_RUN_STEPS), done: z.boolean() })),
});
export type Overview = z.infer<typeof overviewSchema>;
