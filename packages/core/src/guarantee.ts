import { z } from './zod';
import { addCalendarDays, addCalendarMonths, formatDay, guaranteeDeadline, type IsoDate } from './business-days';
import { GUARANTEE_DAYS, GUARANTEE_START_LATEST_MONTHS, TERMINATION_NOTICE_DAYS } from './constants';
import { formatNumber } from './format';
import { storedFileSchema } from './files';
import { INPUT_MSG, isoDayInput, isSafeText } from './input';

/**
 * Guarantee claims (spec §9: 60 days, issue 12/28): why an employment ended, the window a
 * placement's claim must fit and the terms' check of it (guaranteeWindow, guaranteeClaimRefusal —
 * the filing, the back office's acceptance and the direct status change use the same), the
 * request and decision bodies and the claim as the parties see it.
 */

export const GUARANTEE_ENDED_BY = ['arbeitgeber', 'arbeitnehmer', 'einvernehmlich', 'probezeit'] as const;
export type GuaranteeEndedBy = (typeof GUARANTEE_ENDED_BY)[number];
export const GUARANTEE_ENDED_BY_LABELS: Record<GuaranteeEndedBy, string> = {
  arbeitgeber: 'Kündigung oder Entlassung durch das Unternehmen',
  arbeitnehmer: 'Kündigung oder Austritt durch die Mitarbeiterin / den Mitarbeiter',
  einvernehmlich: 'Einvernehmliche Auflösung',
  probezeit: 'Lösung in der Probezeit',
};
export const GUARANTEE_NOTE_MAX = 2000;
/** Documents per claim (termination letter …), .pdf/.doc/.docx up to 5 MB each. */
export const GUARANTEE_MAX_DOCUMENTS = 5;
/** The documents name the employee: deleted this many months after the decision. */
export const GUARANTEE_DOCUMENT_RETENTION_MONTHS = 6;
export const GUARANTEE_REASON_MAX = 2000;

export const GUARANTEE_MSG = {
  dateInvalid: 'Bitte geben Sie gültige Daten an (TT.MM.JJJJ).',
  endBeforeStart: 'Das Ende des Dienstverhältnisses darf nicht vor seinem Beginn liegen.',
  endInFuture: 'Ein Garantiefall kann erst gemeldet werden, wenn das Dienstverhältnis beendet ist.',
  endedByRequired: 'Bitte geben Sie an, wer das Dienstverhältnis beendet hat.',
  noteRequired: 'Bitte beschreiben Sie den Garantiefall.',
  noteTooLong: `Die Beschreibung darf höchstens ${formatNumber(GUARANTEE_NOTE_MAX)} Zeichen lang sein.`,
  reasonRequired: 'Bitte begründen Sie die Ablehnung.',
  reasonTooLong: `Die Begründung darf höchstens ${formatNumber(GUARANTEE_REASON_MAX)} Zeichen lang sein.`,
  reportNotFound: 'Diese Vermittlung existiert nicht.',
  notInvoiced: 'Ein Garantiefall kann erst gemeldet werden, wenn die Vermittlung verrechnet ist.',
  alreadyClaimed: 'Für diese Vermittlung wurde bereits ein Garantiefall gemeldet.',
  claimNotFound: 'Dieser Garantiefall existiert nicht.',
  alreadyDecided: 'Über diesen Garantiefall wurde bereits entschieden.',
  tooManyDocuments: `Sie können höchstens ${GUARANTEE_MAX_DOCUMENTS} Dokumente zu einem Garantiefall hochladen.`,
  documentsClosed: 'Dokumente können nur ergänzt werden, solange der Garantiefall in Prüfung ist.',
  documentNotFound: 'Dokument nicht gefunden.',
  claimed: 'Ihr Garantiefall wurde gemeldet. Wir prüfen ihn und melden uns.',
} as const;

/** "Ended within 60 days of its start": the end may be at most start + 60 days. */
export function guaranteeEmploymentDeadline(employmentStart: IsoDate): IsoDate {
  return addCalendarDays(employmentStart, GUARANTEE_DAYS);
}

/** The claim must come within 7 days of the termination. */
export function guaranteeClaimDeadline(employmentEnd: IsoDate): IsoDate {
  return addCalendarDays(employmentEnd, TERMINATION_NOTICE_DAYS);
}

/**
 * The first day the agency's share may be settled (issue 34): a guarantee claim can be filed up to
 * 7 days after an employment that ended on the guarantee's last day, so the day after that.
 */
export function agencyShareDueFrom(guaranteeEnd: IsoDate): IsoDate {
  return addCalendarDays(guaranteeEnd, TERMINATION_NOTICE_DAYS + 1);
}

/**
 * The window a placement's guarantee claim must fit (spec §9): the employment cannot have
 * started before the placement (the report's day, or the named introduction's hire day when
 * that came first), not later than GUARANTEE_START_LATEST_MONTHS after it, and the guarantee
 * ends GUARANTEE_DAYS after the report — the day 'Garantie läuft bis' shows.
 */
export interface GuaranteeWindow {
  earliestStart: IsoDate;
  latestStart: IsoDate;
  guaranteeEnd: IsoDate;
}

export function guaranteeWindow(reportDay: IsoDate, hireDay: IsoDate | null): GuaranteeWindow {
  const earliestStart = hireDay !== null && hireDay < reportDay ? hireDay : reportDay;
  return {
    earliestStart,
    latestStart: addCalendarMonths(reportDay, GUARANTEE_START_LATEST_MONTHS),
    // The same day the pages show as 'Garantie läuft bis' (one definition).
    guaranteeEnd: guaranteeDeadline(reportDay),
  };
}

/**
 * The terms' check of a guarantee claim (spec §9), null when it holds, else the German
 * refusal naming the rule and the dates. `claimedOn` is the claim's day in Vienna (today when
 * it is filed, its filing day when the back office decides), `window` the placement's.
 */
export function guaranteeClaimRefusal(
  claim: { employmentStart: IsoDate; employmentEnd: IsoDate },
  claimedOn: IsoDate,
  window: GuaranteeWindow,
): string | null {
  const { employmentStart: start, employmentEnd: end } = claim;
  if (end < start) return GUARANTEE_MSG.endBeforeStart;
  if (end > claimedOn) return GUARANTEE_MSG.endInFuture;
  if (start < window.earliestStart) {
    return `Ein Garantiefall betrifft nur das vermittelte Dienstverhältnis: Es kann nicht vor der Vermittlung am ${formatDay(window.earliestStart)} begonnen haben (angegebener Beginn ${formatDay(start)}).`;
  }
  if (start > window.latestStart) {
    return `Ein Dienstverhältnis, das mehr als ${GUARANTEE_START_LATEST_MONTHS} Monate nach der Vermittlung beginnt, ist nicht das gemeldete: Beginn ${formatDay(start)}, spätestens ${formatDay(window.latestStart)}.`;
  }
  const lastEnd = guaranteeEmploymentDeadline(start);
  if (end > lastEnd) {
    return `Die Garantie gilt nur, wenn das Dienstverhältnis innerhalb von ${GUARANTEE_DAYS} Tagen nach seinem Beginn endet: Beginn ${formatDay(start)}, Ende ${formatDay(end)}, spätestens ${formatDay(lastEnd)}.`;
  }
  if (end > window.guaranteeEnd) {
    return `Die Garantie dieser Vermittlung endete am ${formatDay(window.guaranteeEnd)}; das Dienstverhältnis endete danach (${formatDay(end)}).`;
  }
  const lastClaim = guaranteeClaimDeadline(end);
  if (claimedOn > lastClaim) {
    return `Ein Garantiefall muss innerhalb von ${TERMINATION_NOTICE_DAYS} Tagen nach dem Ende des Dienstverhältnisses gemeldet werden: Ende ${formatDay(end)}, Meldung spätestens am ${formatDay(lastClaim)}.`;
  }
  return null;
}

const isoDateInput = isoDayInput(GUARANTEE_MSG.dateInvalid);

/** Body of POST /api/placements/:id/guarantee-claim. */
export const guaranteeClaimRequestSchema = z
  .object({
    employmentStart: isoDateInput,
    employmentEnd: isoDateInput,
    endedBy: z.enum(GUARANTEE_ENDED_BY, { error: GUARANTEE_MSG.endedByRequired }),
    note: z
      .string({ error: GUARANTEE_MSG.noteRequired })
      .refine(isSafeText, { message: INPUT_MSG.invalidCharacters, abort: true })
      .trim()
      .min(1, GUARANTEE_MSG.noteRequired)
      .max(GUARANTEE_NOTE_MAX, GUARANTEE_MSG.noteTooLong),
  })
  .strict();
export type GuaranteeClaimRequest = z.infer<typeof guaranteeClaimRequestSchema>;

export const GUARANTEE_CLAIM_STATUSES = ['offen', 'angenommen', 'abgelehnt'] as const;
export type GuaranteeClaimStatus = (typeof GUARANTEE_CLAIM_STATUSES)[number];
export const GUARANTEE_CLAIM_STATUS_LABELS: Record<GuaranteeClaimStatus, string> = {
  offen: 'In Prüfung',
  angenommen: 'Angenommen',
  abgelehnt: 'Abgelehnt',
};

/** Body of PUT /api/admin/guarantee-claims/:id: accept, or reject with a reason. */
export const guaranteeDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('angenommen') }).strict(),
    z
      .object({
        decision: z.literal('abgelehnt'),
        reason: z
          .string({ error: GUARANTEE_MSG.reasonRequired })
          .refine(isSafeText, { message: INPUT_MSG.invalidCharacters, abort: true })
          .trim()
          .min(1, GUARANTEE_MSG.reasonRequired)
          .max(GUARANTEE_REASON_MAX, GUARANTEE_MSG.reasonTooLong),
      })
      .strict(),
  ],
  { error: 'Bitte wählen Sie „angenommen“ oder „abgelehnt“.' },
);
export type GuaranteeDecisionRequest = z.infer<typeof guaranteeDecisionSchema>;

/** A guarantee claim as the company, the consultant (without the note) and the back office see it. */
export const guaranteeClaimSchema = z.object({
  id: z.number(),
  placementReportId: z.number(),
  jobTitle: z.string(),
  companyName: z.string(),
  employmentStart: z.string(),
  employmentEnd: z.string(),
  endedBy: z.enum(GUARANTEE_ENDED_BY),
  note: z.string().nullable(),
  status: z.enum(GUARANTEE_CLAIM_STATUSES),
  reason: z.string().nullable(),
  claimedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Accepted: the refund (cents, gross) and when it is paid out at the latest. */
  refundCents: z.number().nullable(),
  refundDueOn: z.string().nullable(),
  /** Open, for the back office: what accepting would refund (cents, gross), named in its confirmation. */
  expectedRefundCents: z.number().nullable(),
  /** The company's documents (company and back office only; [] for the consultant). */
  documents: z.array(storedFileSchema),
});
export type GuaranteeClaim = z.infer<typeof guaranteeClaimSchema>;
