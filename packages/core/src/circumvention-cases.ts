import { z } from './zod';
import { CIRCUMVENTION_MONTHS, CIRCUMVENTION_PENALTY_EUR } from './constants';
import { addCalendarDays, formatDay, type IsoDate } from './business-days';
import { formatEuro } from './format';
import { int4Id, isoDayInput, requiredText } from './input';

/**
 * Circumvention cases (issue 34, terms point 10): the back office turns a placement report
 * flagged 'Umgehungsverdacht' into a case, with the register's evidence of the agency's
 * introduction; the company is heard in writing with a deadline and answers in the app; the office
 * decides with reasons. A finding of circumvention invoices the contractual penalty
 * (CIRCUMVENTION_PENALTY_EUR, outside the scope of USt: decision 0035) and credits the agency's
 * claim: the placement is attributed to its introduction at the bonus locked there and released
 * for invoicing.
 */

/** The shortest and the longest time a company gets to answer, calendar days from opening. */
export const HEARING_MIN_DAYS = 14;
export const HEARING_MAX_DAYS = 60;
export const CASE_TEXT_MAX = 5000;
export const CIRCUMVENTION_PENALTY_CENTS = CIRCUMVENTION_PENALTY_EUR * 100;

export const CASE_DECISIONS = ['umgehung_festgestellt', 'eingestellt'] as const;
export type CaseDecision = (typeof CASE_DECISIONS)[number];
export const CASE_DECISION_LABELS: Record<CaseDecision, string> = {
  umgehung_festgestellt: 'Umgehung festgestellt',
  eingestellt: 'Verfahren eingestellt',
};

/** Where a case stands: the company may answer; the office may decide (answered or deadline over); decided. */
export const CASE_STATES = ['anhoerung', 'zur_entscheidung', 'entschieden'] as const;
export type CaseState = (typeof CASE_STATES)[number];
export const CASE_STATE_LABELS: Record<CaseState, string> = {
  anhoerung: 'Anhörung läuft',
  zur_entscheidung: 'Zur Entscheidung',
  entschieden: 'Entschieden',
};

export const CASE_MSG = {
  notFound: 'Dieses Umgehungsverfahren existiert nicht.',
  reportNotFound: 'Diese Meldung existiert nicht.',
  notSuspected: 'Zu dieser Meldung besteht kein Umgehungsverdacht.',
  reportDecided: 'Diese Meldung ist bereits entschieden; ein Umgehungsverfahren ist nur vor der Verrechnung möglich.',
  companyReportsOnly: 'Ein Umgehungsverfahren betrifft die Meldung eines Unternehmens.',
  caseExists: (id: number) => `Zu dieser Meldung läuft bereits das Umgehungsverfahren Nr. ${id}.`,
  introductionNotEvidence: 'Diese Vorstellung gehört nicht zu den Hinweisen des Umgehungsverdachts.',
  introductionRequired: 'Bitte wählen Sie die Vorstellung, um deren Anspruch es geht.',
  noCompany: 'Das Unternehmen dieser Meldung ist nicht mehr registriert; es kann nicht angehört werden.',
  letterRequired: 'Bitte schreiben Sie das Anhörungsschreiben an das Unternehmen.',
  deadlineInvalid: `Bitte geben Sie eine Frist zur Stellungnahme an (TT.MM.JJJJ), ${HEARING_MIN_DAYS} bis ${HEARING_MAX_DAYS} Tage ab heute.`,
  answerRequired: 'Bitte schreiben Sie Ihre Stellungnahme.',
  answered: 'Zu diesem Verfahren liegt bereits eine Stellungnahme vor.',
  deadlinePassed: (deadline: IsoDate) =>
    `Die Frist zur Stellungnahme ist am ${formatDay(deadline)} abgelaufen; bitte wenden Sie sich an das Backoffice.`,
  decisionRequired: 'Bitte wählen Sie eine Entscheidung.',
  reasonsRequired: 'Bitte begründen Sie die Entscheidung.',
  hearingRunning: (deadline: IsoDate) =>
    `Das Unternehmen kann bis ${formatDay(deadline)} Stellung nehmen; vorher kann nur nach seiner Stellungnahme entschieden werden.`,
  decided: 'Dieses Verfahren ist bereits entschieden.',
  reportInCase: (id: number) =>
    `Zu dieser Meldung läuft das Umgehungsverfahren Nr. ${id}; bis zu seiner Entscheidung bleibt die Meldung unverändert.`,
  penaltyAddressMissing:
    'Für die Rechnung über die Vertragsstrafe fehlt die Anschrift des Unternehmens (Rechnungsdaten der Organisation oder der Meldung). Bitte erfassen Sie sie in der Organisation des Unternehmens und entscheiden Sie dann erneut.',
  answerForbidden: 'Stellung nehmen können nur Administratorinnen und Administratoren des Unternehmens.',
} as const;

/** Whether a deadline lies within the hearing's bounds from `today`. */
export function hearingDeadlineProblem(deadline: IsoDate, today: IsoDate): string | null {
  return deadline < addCalendarDays(today, HEARING_MIN_DAYS) || deadline > addCalendarDays(today, HEARING_MAX_DAYS)
    ? CASE_MSG.deadlineInvalid
    : null;
}

/** The draft of the hearing letter the office starts from (it may change every word). */
export function hearingLetterDraft(facts: {
  companyName: string;
  jobTitle: string;
  agencyName: string;
  introducedOn: IsoDate;
  deadline: IsoDate;
}): string {
  return [
    'Sehr geehrte Damen und Herren,',
    `die Personalberatung ${facts.agencyName} hat Ihnen am ${formatDay(facts.introducedOn)} über die Prämienbörse eine Person für die Stelle „${facts.jobTitle}“ vorgestellt. Nach unseren Unterlagen wurde diese Person bei ${facts.companyName} eingestellt, ohne dass die Besetzung dieser Vorstellung zugeordnet wurde.`,
    `Nach Punkt 10 unserer AGB dürfen Personen, die über die Prämienbörse vorgeschlagen wurden, innerhalb von ${CIRCUMVENTION_MONTHS} Monaten nicht unter Umgehung der Plattform eingestellt werden; für jeden Fall der Umgehung ist eine Vertragsstrafe von ${formatEuro(CIRCUMVENTION_PENALTY_EUR)} zu bezahlen.`,
    `Wir geben Ihnen Gelegenheit, bis ${formatDay(facts.deadline)} schriftlich Stellung zu nehmen. Bitte antworten Sie über die Prämienbörse unter „Umgehungsverfahren“.`,
    'Mit freundlichen Grüßen\nIhr Prämienbörse-Backoffice',
  ].join('\n\n');
}

// ---------- requests ----------

/** Body of POST /api/admin/circumvention-cases: open a case on a flagged report. */
export const circumventionCaseOpenSchema = z
  .object({
    placementReportId: int4Id(CASE_MSG.reportNotFound),
    introductionId: int4Id(CASE_MSG.introductionRequired),
    letter: requiredText(CASE_TEXT_MAX, CASE_MSG.letterRequired),
    deadline: isoDayInput(CASE_MSG.deadlineInvalid),
  })
  .strict();
export type CircumventionCaseOpenRequest = z.infer<typeof circumventionCaseOpenSchema>;

/** Body of PUT /api/circumvention-cases/:id/answer: the company's written statement, once. */
export const circumventionCaseAnswerSchema = z
  .object({ answer: requiredText(CASE_TEXT_MAX, CASE_MSG.answerRequired) })
  .strict();
export type CircumventionCaseAnswerRequest = z.infer<typeof circumventionCaseAnswerSchema>;

/** Body of POST /api/admin/circumvention-cases/:id/decision. */
export const circumventionCaseDecisionSchema = z
  .object({
    decision: z.enum(CASE_DECISIONS, { error: CASE_MSG.decisionRequired }),
    reasons: requiredText(CASE_TEXT_MAX, CASE_MSG.reasonsRequired),
  })
  .strict();
export type CircumventionCaseDecisionRequest = z.infer<typeof circumventionCaseDecisionSchema>;

// ---------- responses ----------

/** One register entry of the agency's introduction, as it stood when the case was opened. */
export const caseEvidenceEntrySchema = z.object({
  kind: z.string(),
  label: z.string(),
  at: z.string(),
  hash: z.string(),
});
export type CaseEvidenceEntry = z.infer<typeof caseEvidenceEntrySchema>;

export const circumventionCaseSchema = z.object({
  id: z.number(),
  state: z.enum(CASE_STATES),
  placementReportId: z.number(),
  jobTitle: z.string(),
  companyName: z.string(),
  /** The agency whose claim the case is about and its introduction. */
  agencyName: z.string().nullable(),
  introductionId: z.number(),
  /** IsoDate. */
  introducedOn: z.string(),
  openedAt: z.string(),
  letter: z.string(),
  /** IsoDate: the last day the company may answer. */
  deadline: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  decision: z.enum(CASE_DECISIONS).nullable(),
  reasons: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The penalty invoice after a finding of circumvention, with its authorised download. */
  penaltyInvoice: z.object({ number: z.string(), grossCents: z.number(), url: z.string() }).nullable(),
  /** The office's view only: the register entries as evidence (the company sees the letter). */
  evidence: z.array(caseEvidenceEntrySchema).nullable(),
});
export type CircumventionCase = z.infer<typeof circumventionCaseSchema>;
