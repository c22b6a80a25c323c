import { CIRCUMVENTION_PENALTY_CENTS, type CircumventionCase } from '@pb/core';

/**
 * The circumvention case the office's and the company's page tests show (test files only): Muster
 * Gastro GmbH heard about Alpha Personal GmbH's introduction no. 12, with the company's statement
 * and the finding with its penalty invoice to spread over it.
 */

/** The case while the hearing runs: no statement yet, and (as the company sees it) no evidence. */
export const hearingCase: CircumventionCase = {
  id: 7,
  state: 'anhoerung',
  placementReportId: 41,
  jobTitle: 'Küchenchef/in',
  companyName: 'Muster Gastro GmbH',
  agencyName: 'Alpha Personal GmbH',
  introductionId: 12,
  introducedOn: '2026-03-02',
  openedAt: '2026-04-01T08:00:00.000Z',
  letter: 'Sehr geehrte Damen und Herren,\n\nbitte nehmen Sie Stellung.',
  deadline: '2026-04-15',
  answer: null,
  answeredAt: null,
  decision: null,
  reasons: null,
  decidedAt: null,
  penaltyInvoice: null,
  evidence: null,
};

/** The company's statement. */
export const CASE_ANSWER = 'Wir kannten die Person aus einer früheren Bewerbung.';

/** The case once the company answered: the office decides now. */
export const answeredCase: CircumventionCase = {
  ...hearingCase,
  state: 'zur_entscheidung',
  answer: CASE_ANSWER,
  answeredAt: '2026-04-03T12:30:00.000Z',
};

/** What a finding of circumvention adds to a case: the decision, its reasons and day, the penalty invoice. */
export const FINDING = {
  state: 'entschieden',
  decision: 'umgehung_festgestellt',
  reasons: 'Eingestellt vier Wochen nach der Vorstellung.',
  decidedAt: '2026-04-05T10:00:00.000Z',
  penaltyInvoice: { number: '2026-000031', grossCents: CIRCUMVENTION_PENALTY_CENTS, url: '/api/invoices/31/pdf' },
} satisfies Partial<CircumventionCase>;
