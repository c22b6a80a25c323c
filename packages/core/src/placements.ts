import { z } from './zod';
import { emailSchema } from './accounts';
import {
  ACTUAL_SALARY_MAX,
  ACTUAL_SALARY_MIN,
  CITY_MAX_LENGTH,
  HOUSE_NR_MAX_LENGTH,
  PLACEMENT_BONUS_MAX,
  PLACEMENT_BONUS_MIN,
  PLACEMENT_OBJECTION_NOTE_MAX,
  PLACEMENT_TEXT_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
} from './constants';
import { decimalInput, INPUT_MSG, int4Id, safeText } from './input';
import type { IntroductionStatus } from './introductions';
import { JOB_MSG } from './jobs';
import { MSG, PLACEMENT_OBJECTION_MSG } from './messages';
import { countrySchema, uidCountryMismatch, uidSchema } from './uid';

/**
 * Placement reports ('Stellenbesetzung', spec §3/§5): the report a company or a
 * consultant sends, its statuses and transitions, the company's objection
 * (docs/decisions/0015-placement-objection.md) and the shapes that go back.
 * The back office's view of a report is AdminPlacementReport (admin.ts).
 */

// ---------- statuses ----------

export const PLACEMENT_STATUSES = ['gemeldet', 'verrechnet', 'bezahlt', 'garantiefall', 'verworfen'] as const;
export type PlacementStatus = (typeof PLACEMENT_STATUSES)[number];

export const PLACEMENT_STATUS_LABELS: Record<PlacementStatus, string> = {
  gemeldet: 'Gemeldet',
  verrechnet: 'Verrechnet',
  bezahlt: 'Bezahlt',
  garantiefall: 'Garantiefall',
  verworfen: 'Verworfen',
};

/**
 * gemeldet → verrechnet → bezahlt; a guarantee case from verrechnet or bezahlt; a report the back
 * office's review discards is 'verworfen' (never invoiced).
 */
export const PLACEMENT_TRANSITIONS: Record<PlacementStatus, readonly PlacementStatus[]> = {
  gemeldet: ['verrechnet', 'verworfen'],
  verrechnet: ['bezahlt', 'garantiefall'],
  bezahlt: ['garantiefall'],
  garantiefall: [],
  verworfen: [],
};

/** A report's status as responses carry it. */
export const placementStatusSchema = z.enum(PLACEMENT_STATUSES);

export function canChangePlacementStatus(from: PlacementStatus, to: PlacementStatus): boolean {
  return PLACEMENT_TRANSITIONS[from].includes(to);
}

// ---------- the report (request body) ----------

const requiredText = (max: number) =>
  z
    .union([safeText(), z.number()], { error: MSG.fillAllFields })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, MSG.fillAllFields).max(max, INPUT_MSG.tooLong));

const basePlacement = {
  advertisement: int4Id(),
  companyName: requiredText(PLACEMENT_TEXT_MAX_LENGTH),
  jobTitle: requiredText(PLACEMENT_TEXT_MAX_LENGTH),
  contactPerson: requiredText(PLACEMENT_TEXT_MAX_LENGTH),
  placementBonus: decimalInput(MSG.bonusOutOfRange).pipe(
    z.number().min(PLACEMENT_BONUS_MIN, MSG.bonusOutOfRange).max(PLACEMENT_BONUS_MAX, MSG.bonusOutOfRange),
  ),
  actualSalary: decimalInput(JOB_MSG.salaryOutOfRange).pipe(
    z.number().min(ACTUAL_SALARY_MIN, JOB_MSG.salaryOutOfRange).max(ACTUAL_SALARY_MAX, JOB_MSG.salaryOutOfRange),
  ),
  /** The introduction of the hired candidate (issue 11): its locked bonus applies instead of placementBonus. */
  introduction: int4Id().optional(),
  /**
   * The hired person's e-mail and/or phone (a company's report needs one): only their keyed
   * fingerprints are used and kept, to flag a report whose candidate another agency
   * introduced ('Umgehungsverdacht'); the clear text is never stored.
   */
  candidateEmail: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    emailSchema.optional(),
  ),
  candidatePhone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    safeText().pipe(z.string().trim().max(40, INPUT_MSG.tooLong)).optional(),
  ),
};

/** The company variant of the report request (own advertisement, invoice address). */
export const companyPlacementReportSchema = z
  .object({
    variant: z.literal('company'),
    ...basePlacement,
    recruiter: requiredText(PLACEMENT_TEXT_MAX_LENGTH),
    recruiterMail: z.string().trim().min(1, MSG.fillAllFields).pipe(emailSchema),
    /**
     * The invoice address (issue 31: optional): the invoice goes to the legal identity of the
     * company's organisation; a company whose identity is incomplete names the address here — all
     * five fields or none.
     */
    street: requiredText(PLACEMENT_TEXT_MAX_LENGTH).optional(),
    houseNr: requiredText(HOUSE_NR_MAX_LENGTH).optional(),
    postalCode: requiredText(POSTCODE_MAX_LENGTH).optional(),
    city: requiredText(CITY_MAX_LENGTH).optional(),
    /** Checked for the syntax of an EU VAT number and normalised ('atu 1234 5678' → 'ATU12345678'). */
    uid: uidSchema.optional(),
    /** The invoice address's state (EU; Austria when not given): reverse charge needs a foreign one. */
    country: countrySchema,
  })
  .strict()
  .superRefine((report, issues) => {
    const address = INVOICE_ADDRESS_FIELDS.filter((field) => report[field] !== undefined);
    if (address.length > 0) {
      for (const field of INVOICE_ADDRESS_FIELDS.filter((f) => report[f] === undefined)) {
        issues.addIssue({ code: 'custom', path: [field], message: MSG.fillAllFields });
      }
    }
    const mismatch = report.uid === undefined ? null : uidCountryMismatch(report.uid, report.country);
    if (mismatch) issues.addIssue({ code: 'custom', path: ['uid'], message: mismatch });
    requireHiredContact(report, issues);
  });

/** The invoice address of a company's report: all of these or none. */
const INVOICE_ADDRESS_FIELDS = ['street', 'houseNr', 'postalCode', 'city', 'uid'] as const;

/** A company names the hired person's e-mail or phone: the only way its report meets the introductions register. */
function requireHiredContact(
  report: { candidateEmail?: string | undefined; candidatePhone?: string | undefined },
  issues: z.RefinementCtx,
): void {
  if (!report.candidateEmail && !report.candidatePhone) {
    issues.addIssue({ code: 'custom', path: ['candidateEmail'], message: PLACEMENT_REVIEW_MSG.hiredContactRequired });
  }
}

/** The consultant variant of the report request. */
export const consultantPlacementReportSchema = z
  .object({ variant: z.literal('consultant'), ...basePlacement })
  .strict();

/** Body of POST /api/placement-reports (`data`). */
export const placementReportSchema = z.discriminatedUnion('variant', [
  companyPlacementReportSchema,
  consultantPlacementReportSchema,
]);
export type PlacementReportRequest = z.infer<typeof placementReportSchema>;

/** POST /api/placement-reports (201): the new report and the fees it costs. */
export const placementReportResultSchema = z.object({
  id: z.number(),
  placementFee: z.number(),
  serviceFee: z.number(),
  /**
   * True when the back office reviews the report first (a consultant's report naming no
   * introduction in 'Angebot' or 'eingestellt'): the advertisement stays active until then.
   */
  reviewPending: z.boolean(),
});
export type PlacementReportResult = z.infer<typeof placementReportResultSchema>;

// ---------- the company's objection ----------

export const placementObjectionSchema = z.object({
  note: safeText()
    .trim()
    .min(1, PLACEMENT_OBJECTION_MSG.noteRequired)
    .max(PLACEMENT_OBJECTION_NOTE_MAX, PLACEMENT_OBJECTION_MSG.noteTooLong),
});
export type PlacementObjectionRequest = z.infer<typeof placementObjectionSchema>;

/**
 * A consultant's report on one of the company's advertisements, as the company sees it
 * (GET /api/placement-reports/mine, POST …/:id/objection). Not `companyPlacementReportSchema`:
 * that is the company's own report request.
 */
export const companyPlacementReportViewSchema = z.object({
  id: z.number(),
  jobId: z.number().nullable(),
  jobTitle: z.string(),
  /** The reporting consultant's current name (null when the account no longer exists). */
  consultantName: z.string().nullable(),
  reportedAt: z.string(),
  status: placementStatusSchema,
  objectedAt: z.string().nullable(),
  objectionNote: z.string().nullable(),
  /** True while the company may still object (consultant report, 'gemeldet', no objection yet). */
  canObject: z.boolean(),
  /**
   * True while the back office reviews the report before it takes the advertisement offline (it
   * names no introduction in 'Angebot' or 'eingestellt'): the report left the advertisement active.
   */
  reviewPending: z.boolean(),
});
export type CompanyPlacementReport = z.infer<typeof companyPlacementReportViewSchema>;

/** Socket event `placement:reported` to `user:<companyId>` after the report's commit. */
export const placementReportedEventSchema = z.object({
  reportId: z.number(),
  jobId: z.number(),
  jobTitle: z.string(),
  consultantName: z.string(),
  reportedAt: z.string(),
  /** As in the report's answer: the advertisement stays active until the back office reviewed the report. */
  reviewPending: z.boolean(),
});
export type PlacementReportedEvent = z.infer<typeof placementReportedEventSchema>;

// ---------- the back office's review of a flagged report (issue 28) ----------

/**
 * Why a report needs the back office's decision before it is invoiced — computed when it is
 * reported (the reason names the figures). 'Umgehungsverdacht' and a company's objection are
 * kept in their own fields and count as well.
 */
export const PLACEMENT_FLAG_LABELS = {
  kontakt_passt_nicht: 'Kontakt passt nicht zur Vorstellung',
  praemie_unter_aktiver: 'Prämie unter der aktiven Prämie',
  praemie_ueber_aktiver: 'Prämie über der aktiven Prämie',
  gehalt_null: 'Gehalt 0 €',
  gehalt_weit_unter: 'Gehalt weit unter dem Inserat',
  gehalt_weit_ueber: 'Gehalt weit über dem Inserat',
  betrag_null: 'Rechnungsbetrag 0 €',
  ohne_vorstellung: 'Meldung ohne Vorstellung',
  wiederholt_widersprochen: 'Wiederholt widersprochen',
  doppelt_gemeldet: 'Person bereits gemeldet',
} as const;
export type PlacementFlagCode = keyof typeof PLACEMENT_FLAG_LABELS;
const FLAG_CODES = Object.keys(PLACEMENT_FLAG_LABELS) as [PlacementFlagCode, ...PlacementFlagCode[]];

export const placementFlagSchema = z.object({ code: z.enum(FLAG_CODES), reason: z.string() });
export type PlacementFlag = z.infer<typeof placementFlagSchema>;

/** A consultant reports a hire for an introduction of theirs only at these stages (the company made an offer or hired). */
export const REPORTABLE_INTRODUCTION_STAGES: readonly IntroductionStatus[] = ['angebot', 'eingestellt'];

/** A salary this far below the advertisement's lowest (or above its highest) figure is flagged. */
export const SALARY_FAR_BELOW_FACTOR = 0.7;
export const SALARY_FAR_ABOVE_FACTOR = 1.5;
/** Objected reports of one consultant within this many months that flag the next one. */
export const OBJECTED_REPORTS_FLAG_COUNT = 2;
export const OBJECTED_REPORTS_MONTHS = 12;
export const PLACEMENT_REVIEW_NOTE_MAX = 2000;

export const PLACEMENT_REVIEW_MSG = {
  hiredContactRequired:
    'Bitte geben Sie die E-Mail-Adresse oder Telefonnummer der eingestellten Person an. Sie dient nur dem Abgleich mit Vorstellungen und wird nicht im Klartext gespeichert.',
  noteRequired: 'Bitte begründen Sie Ihre Entscheidung.',
  noteTooLong: `Die Begründung darf höchstens ${PLACEMENT_REVIEW_NOTE_MAX} Zeichen lang sein.`,
  decisionRequired: 'Bitte wählen Sie „Freigeben“ oder „Verwerfen“.',
  needsReview:
    'Diese Meldung ist zur Prüfung markiert. Bitte prüfen Sie sie und geben Sie sie frei, bevor Sie sie verrechnen.',
  notPending: 'Nur gemeldete, noch nicht verrechnete Meldungen können geprüft werden.',
  zeroAmount:
    'Der Rechnungsbetrag dieser Meldung ist 0 €. Bitte geben Sie bei der Freigabe die richtige Prämie und das Gehalt an oder verwerfen Sie die Meldung.',
  introductionStage:
    'Eine Besetzung können Sie zu Ihrer Vorstellung erst melden, wenn das Unternehmen ein Angebot gemacht oder die Person eingestellt hat. Ohne diesen Schritt melden Sie bitte ohne Vorstellung; wir prüfen die Meldung dann.',
  introductionKnown:
    'Das Unternehmen hat diese Person fristgerecht als „Bereits bekannt“ erklärt; zu dieser Vorstellung besteht kein Anspruch. Melden Sie die Besetzung bitte ohne Vorstellung; wir prüfen die Meldung dann.',
  objectedBefore:
    'Das Unternehmen hat Ihrer früheren Meldung zu diesem Inserat widersprochen. Eine weitere Meldung ist nur zu einer Vorstellung möglich, für die das Unternehmen ein Angebot gemacht oder eingestellt hat.',
  alreadyReported: 'Sie haben zu diesem Inserat bereits eine Besetzung gemeldet; wir prüfen sie.',
  introductionReported: 'Zu dieser Vorstellung wurde bereits eine Besetzung gemeldet.',
  reviewPending:
    'Ihre Meldung ist eingegangen. Da sie keine Vorstellung im Stadium Angebot oder eingestellt nennt, prüfen wir sie, bevor das Inserat deaktiviert wird.',
} as const;

/**
 * Body of PUT /api/admin/placement-reports/:id/review: the office's decision on a flagged report,
 * with its reason, and — when releasing it — the bonus and salary to invoice if the reported ones
 * were wrong. Audited.
 */
export const placementReviewSchema = z
  .object({
    decision: z.enum(['freigegeben', 'verworfen'], { error: PLACEMENT_REVIEW_MSG.decisionRequired }),
    note: safeText()
      .trim()
      .min(1, PLACEMENT_REVIEW_MSG.noteRequired)
      .max(PLACEMENT_REVIEW_NOTE_MAX, PLACEMENT_REVIEW_MSG.noteTooLong),
    placementBonus: decimalInput(MSG.bonusOutOfRange)
      .pipe(z.number().min(PLACEMENT_BONUS_MIN, MSG.bonusOutOfRange).max(PLACEMENT_BONUS_MAX, MSG.bonusOutOfRange))
      .optional(),
    actualSalary: decimalInput(JOB_MSG.salaryOutOfRange)
      .pipe(
        z.number().min(ACTUAL_SALARY_MIN, JOB_MSG.salaryOutOfRange).max(ACTUAL_SALARY_MAX, JOB_MSG.salaryOutOfRange),
      )
      .optional(),
  })
  .strict();
export type PlacementReviewRequest = z.infer<typeof placementReviewSchema>;

export const placementReviewStateSchema = z.object({
  decision: z.enum(['freigegeben', 'verworfen']),
  note: z.string(),
  at: z.string(),
  byId: z.number().nullable(),
});
