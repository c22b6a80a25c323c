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

export const PLACEMENT_STATUSES = ['gemeldet', 'verrechnet', 'bezahlt', 'garantiefall'] as const;
export type PlacementStatus = (typeof PLACEMENT_STATUSES)[number];

export const PLACEMENT_STATUS_LABELS: Record<PlacementStatus, string> = {
  gemeldet: 'Gemeldet',
  verrechnet: 'Verrechnet',
  bezahlt: 'Bezahlt',
  garantiefall: 'Garantiefall',
};

/** gemeldet → verrechnet → bezahlt; a guarantee case from verrechnet or bezahlt. */
export const PLACEMENT_TRANSITIONS: Record<PlacementStatus, readonly PlacementStatus[]> = {
  gemeldet: ['verrechnet'],
  verrechnet: ['bezahlt', 'garantiefall'],
  bezahlt: ['garantiefall'],
  garantiefall: [],
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
   * The hired person's e-mail and/or phone, optional: only their keyed fingerprints are used, to
   * flag a report whose candidate another consultant introduced ('Umgehungsverdacht'); not stored.
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
    street: requiredText(PLACEMENT_TEXT_MAX_LENGTH),
    houseNr: requiredText(HOUSE_NR_MAX_LENGTH),
    postalCode: requiredText(POSTCODE_MAX_LENGTH),
    city: requiredText(CITY_MAX_LENGTH),
    /** Checked for the syntax of an EU VAT number and normalised ('atu 1234 5678' → 'ATU12345678'). */
    uid: uidSchema,
    /** The invoice address's state (EU; Austria when not given): reverse charge needs a foreign one. */
    country: countrySchema,
  })
  .strict()
  .superRefine((report, issues) => {
    const mismatch = uidCountryMismatch(report.uid, report.country);
    if (mismatch) issues.addIssue({ code: 'custom', path: ['uid'], message: mismatch });
  });

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
});
export type CompanyPlacementReport = z.infer<typeof companyPlacementReportViewSchema>;

/** Socket event `placement:reported` to `user:<companyId>` after the report's commit. */
export const placementReportedEventSchema = z.object({
  reportId: z.number(),
  jobId: z.number(),
  jobTitle: z.string(),
  consultantName: z.string(),
  reportedAt: z.string(),
});
export type PlacementReportedEvent = z.infer<typeof placementReportedEventSchema>;
