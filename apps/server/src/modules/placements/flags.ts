import {
  OBJECTED_REPORTS_FLAG_COUNT,
  OBJECTED_REPORTS_MONTHS,
  SALARY_FAR_ABOVE_FACTOR,
  SALARY_FAR_BELOW_FACTOR,
  formatCents,
  formatEuro,
  type PlacementFlag,
  type PlacementFlagCode,
  formatPercent,
} from '@pb/core';

/**
 * Why a placement report needs the back office's decision before it is invoiced (issue 28):
 * the ways a company could shrink its fee, or a consultant inflate a claim, that a report alone
 * cannot settle. Pure: the command gathers the facts in its transaction.
 */
export interface ReportFacts {
  variant: 'company' | 'consultant';
  /** The report names an introduction (its locked bonus applies, no bonus flags). */
  introductionNamed: boolean;
  /** A company named an introduction and gave a contact that matches neither of its fingerprints. */
  contactMismatch: boolean;
  placementBonus: number;
  bonusInForce: number | null;
  actualSalary: number;
  /** The advertisement's annual gross range parsed from its salary text, if any. */
  salaryRange: { minCents: number; maxCents: number } | null;
  /** Net amount of the invoice the report would give (bonus + service fee), in cents. */
  netCents: number;
  /** The consultant's reports that companies objected to within OBJECTED_REPORTS_MONTHS. */
  objectedReports: number;
  /** A company's earlier live report of the same hired person (by fingerprint), if any: its id. */
  hiredReportedIn: number | null;
}

export function placementFlags(facts: ReportFacts): PlacementFlag[] {
  const flags: PlacementFlag[] = [];
  const flag = (code: PlacementFlagCode, reason: string) => flags.push({ code, reason });
  const consultant = facts.variant === 'consultant';

  if (consultant && !facts.introductionNamed) {
    flag(
      'ohne_vorstellung',
      'Die Meldung nennt keine Vorstellung im Stadium Angebot oder eingestellt; das Inserat bleibt bis zur Freigabe aktiv.',
    );
  }
  if (facts.contactMismatch) {
    flag(
      'kontakt_passt_nicht',
      'Die angegebene E-Mail/Telefonnummer passt zu keiner Angabe der genannten Vorstellung.',
    );
  }
  if (!facts.introductionNamed && facts.bonusInForce !== null) {
    const declared = formatPercent(facts.placementBonus);
    const inForce = formatPercent(facts.bonusInForce);
    if (facts.placementBonus < facts.bonusInForce) {
      flag('praemie_unter_aktiver', `Gemeldet ${declared}, aktive Prämie des Inserats ${inForce}.`);
    } else if (consultant && facts.placementBonus > facts.bonusInForce) {
      flag('praemie_ueber_aktiver', `Gemeldet ${declared}, aktive Prämie des Inserats ${inForce}.`);
    }
  }
  const salaryCents = Math.round(facts.actualSalary * 100);
  const range = facts.salaryRange;
  if (facts.actualSalary === 0) {
    flag('gehalt_null', 'Das gemeldete Bruttojahresgehalt ist 0 €.');
  } else if (range && salaryCents < range.minCents * SALARY_FAR_BELOW_FACTOR) {
    flag(
      'gehalt_weit_unter',
      `Gemeldet ${formatEuro(facts.actualSalary)}, das Inserat nennt ab ${formatCents(range.minCents)}.`,
    );
  } else if (consultant && range && salaryCents > range.maxCents * SALARY_FAR_ABOVE_FACTOR) {
    flag(
      'gehalt_weit_ueber',
      `Gemeldet ${formatEuro(facts.actualSalary)}, das Inserat nennt bis ${formatCents(range.maxCents)}.`,
    );
  }
  if (facts.netCents === 0) {
    flag('betrag_null', 'Prämie und Servicegebühr ergeben 0 €; eine Rechnung über 0 € wird nicht ausgestellt.');
  }
  if (consultant && facts.objectedReports >= OBJECTED_REPORTS_FLAG_COUNT) {
    flag(
      'wiederholt_widersprochen',
      `Unternehmen haben ${facts.objectedReports} Meldungen dieses Personalberaters in den letzten ${OBJECTED_REPORTS_MONTHS} Monaten widersprochen.`,
    );
  }
  if (facts.hiredReportedIn !== null) {
    flag(
      'doppelt_gemeldet',
      `Dieselbe Person (E-Mail/Telefon) hat das Unternehmen bereits mit Meldung Nr. ${facts.hiredReportedIn} gemeldet; Gefahr einer doppelten Rechnung.`,
    );
  }
  return flags;
}

/**
 * Whether a report may not be invoiced yet: it is flagged, suspected of circumvention or objected
 * to, and the back office has not released it since. An objection withdraws a release
 * (objectToPlacement); the date comparison covers releases objected to before that rule.
 */
export function needsReview(report: {
  status: string;
  reviewFlags: readonly PlacementFlag[];
  circumventionAt: Date | null;
  objectedAt: Date | null;
  reviewedAt: Date | null;
  reviewDecision: 'freigegeben' | 'verworfen' | null;
}): boolean {
  if (report.status !== 'gemeldet') return false;
  const flagged = report.reviewFlags.length > 0 || report.circumventionAt !== null || report.objectedAt !== null;
  if (!flagged) return false;
  if (report.reviewDecision !== 'freigegeben' || report.reviewedAt === null) return true;
  return report.objectedAt !== null && report.objectedAt > report.reviewedAt;
}
