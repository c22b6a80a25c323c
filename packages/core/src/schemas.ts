import { z } from 'zod';
import { NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, WORKING_TIMES } from './constants';
import { DECIMAL_TEXT, INPUT_MSG, int4Id, safeText } from './input';
import { JOB_MSG } from './jobs';
import { MSG } from './messages';

/**
 * Validation with the spec's German messages. Rules that the spec checks in a
 * fixed order use superRefine with an early return so the first failing rule's
 * message is the one reported — on the server and in the browser alike.
 */

const trimmed = (max: number) => safeText().trim().max(max);

/**
 * A number, or its plain decimal text ("15", " 12.5 "), as forms and JSON clients send it.
 * Unlike z.coerce never "", arrays, booleans, null, hex or exponent forms.
 */
const decimalInput = (error?: string) =>
  z
    .union([z.number(), z.string().trim().regex(DECIMAL_TEXT)], error ? { error } : undefined)
    .transform(Number)
    .pipe(z.number(error ? { error } : undefined).finite());

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

// ---------- Registration (spec §5, order matters) ----------

export const registrationFormSchema = z
  .object({
    privacyAccepted: z.boolean(),
    role: z.union([z.literal(0), z.literal(1), z.literal(3)]),
    name: z.string(),
    email: z.string(),
    password: z.string(),
    passwordRepeat: z.string(),
    description: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!v.privacyAccepted) return fail(MSG.privacyRequired);
    if (!v.email.trim() || !v.password || !v.passwordRepeat || v.role === 0) return fail(MSG.fillAllFields);
    if (v.name.trim().length < NAME_MIN_LENGTH) return fail(MSG.nameTooShort);
    if (!v.password || v.password !== v.passwordRepeat) return fail(MSG.passwordsDiffer);
    if (v.password.length < PASSWORD_MIN_LENGTH) return fail(MSG.passwordTooShort);
  });
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** What the server accepts on POST /api/auth/local/register. Unknown keys are refused. */
export const registerRequestSchema = z
  .object({
    username: z.string({ error: MSG.fillAllFields }).trim().min(NAME_MIN_LENGTH, MSG.nameTooShort).max(120),
    email: z.string({ error: MSG.fillAllFields }).trim().min(1, MSG.fillAllFields).pipe(emailSchema),
    password: z
      .string({ error: MSG.fillAllFields })
      .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH),
    description: trimmed(5000).optional(),
    role: z.enum(['company', 'consultant'], { error: MSG.fillAllFields }),
  })
  .strict();
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z
  .object({
    identifier: z.string().trim().min(1, MSG.loginFailed).max(254),
    password: z.string().min(1, MSG.loginFailed).max(PASSWORD_MAX_LENGTH),
  })
  .strict();

export const forgotPasswordRequestSchema = z.object({ email: emailSchema }).strict();

export const resetPasswordRequestSchema = z
  .object({
    code: z.string().min(1).max(200),
    password: z.string().min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort).max(PASSWORD_MAX_LENGTH),
    passwordConfirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .strict()
  .refine((v) => v.password === v.passwordConfirmation, { message: MSG.resetPasswordsDiffer });

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, MSG.passwordChangeFailed).max(PASSWORD_MAX_LENGTH),
    password: z.string().min(PASSWORD_MIN_LENGTH, MSG.passwordChangeFailed).max(PASSWORD_MAX_LENGTH),
    passwordConfirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .strict()
  .refine((v) => v.password === v.passwordConfirmation, { message: MSG.passwordChangeFailed });

// ---------- Profile ----------

export const profileUpdateSchema = z
  .object({
    username: z.string().trim().min(1, MSG.fillAllFields).max(120).optional(),
    email: z.string().trim().min(1, MSG.fillAllFields).pipe(emailSchema).optional(),
    description: trimmed(5000).nullable().optional(),
    services: z.array(trimmed(500)).max(50).optional(),
    public: z.boolean().optional(),
    profile_img: z.string().max(500).nullable().optional(),
    profile_img_id: z
      .union([z.string().max(40), int4Id()])
      .nullable()
      .optional(),
    last_login: z.union([z.string().max(40), z.number()]).optional(),
  })
  .strict();

// ---------- Contact form (spec §5) ----------

export const contactSchema = z
  .object({
    firstname: z.string({ error: MSG.contactAllRequired }).trim().min(1, MSG.contactAllRequired).max(100),
    lastname: z.string({ error: MSG.contactAllRequired }).trim().min(1, MSG.contactAllRequired).max(100),
    company: z.string({ error: MSG.contactAllRequired }).trim().min(1, MSG.contactAllRequired).max(200),
    email: z
      .string({ error: MSG.contactAllRequired })
      .trim()
      .min(1, MSG.contactAllRequired)
      .pipe(z.email({ error: MSG.contactInvalidEmail }).max(254)),
    message: z.string({ error: MSG.contactAllRequired }).trim().min(1, MSG.contactAllRequired).max(5000),
  })
  .strict();
export type ContactRequest = z.infer<typeof contactSchema>;

// ---------- Advertisement (spec §5 publish and update) ----------

/** Drops empty entries ("adding an empty list entry is ignored"). */
const bulletList = z
  .array(safeText().max(2000))
  .max(50)
  .transform((items) => items.map((item) => item.trim()).filter((item) => item.length > 0));

export const locationSchema = z
  .object({
    street: z.string().trim().max(200).default(''),
    postcode: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .pipe(z.string().max(10))
      .default(''),
    city: z.string().trim().max(120).default(''),
  })
  .strict();

export const jobDataSchema = z
  .object({
    jobTitle: z.string({ error: MSG.fillAllFields }).trim().max(200),
    workingTime: z.string({ error: MSG.fillAllFields }),
    assignment: bulletList,
    requirements: bulletList,
    benefits: bulletList,
    jobInfo: bulletList,
    location: locationSchema,
    salary: z
      .union([z.string(), z.number()], { error: MSG.fillAllFields })
      .transform((v) => String(v).trim())
      .pipe(z.string().max(200)),
    district: z.union(
      [
        int4Id(MSG.fillAllFields),
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number)
          .pipe(int4Id(MSG.fillAllFields)),
      ],
      {
        error: MSG.fillAllFields,
      },
    ),
    placementBonus: decimalInput().pipe(z.number().min(0).max(100)).optional(),
    /** Ignored: the owner is always the caller (or the chosen company for admins). */
    users_permissions_user: z.unknown().optional(),
    attachments: z.array(int4Id()).max(10).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const locationSet = v.location.street || v.location.postcode || v.location.city;
    const complete =
      v.jobTitle.length > 0 &&
      (WORKING_TIMES as readonly string[]).includes(v.workingTime) &&
      v.salary.length > 0 &&
      Boolean(locationSet) &&
      v.assignment.length > 0 &&
      v.requirements.length > 0 &&
      v.benefits.length > 0 &&
      v.jobInfo.length > 0;
    if (!complete) ctx.addIssue({ code: 'custom', message: MSG.fillAllFields });
  });
export type JobData = z.infer<typeof jobDataSchema>;

export const placementBonusSchema = decimalInput(MSG.bonusOutOfRange).pipe(
  z.number().min(0, MSG.bonusOutOfRange).max(100, MSG.bonusOutOfRange),
);

// ---------- Placement report (spec §3/§5) ----------

const requiredText = (max: number) =>
  z
    .union([safeText(), z.number()], { error: MSG.fillAllFields })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, MSG.fillAllFields).max(max, INPUT_MSG.tooLong));

const basePlacement = {
  advertisement: int4Id(),
  companyName: requiredText(200),
  jobTitle: requiredText(200),
  contactPerson: requiredText(200),
  placementBonus: decimalInput(MSG.bonusOutOfRange).pipe(
    z.number().min(0, MSG.bonusOutOfRange).max(100, MSG.bonusOutOfRange),
  ),
  actualSalary: decimalInput(JOB_MSG.salaryOutOfRange).pipe(
    z.number().min(0, JOB_MSG.salaryOutOfRange).max(10_000_000, JOB_MSG.salaryOutOfRange),
  ),
};

export const companyPlacementReportSchema = z
  .object({
    variant: z.literal('company'),
    ...basePlacement,
    recruiter: requiredText(200),
    recruiterMail: z.string().trim().min(1, MSG.fillAllFields).pipe(emailSchema),
    street: requiredText(200),
    houseNr: requiredText(20),
    postalCode: requiredText(10),
    city: requiredText(120),
    uid: requiredText(30),
  })
  .strict();

export const consultantPlacementReportSchema = z
  .object({ variant: z.literal('consultant'), ...basePlacement })
  .strict();

export const placementReportSchema = z.discriminatedUnion('variant', [
  companyPlacementReportSchema,
  consultantPlacementReportSchema,
]);
export type PlacementReportRequest = z.infer<typeof placementReportSchema>;

/** First issue message of a failed parse — the one the UI shows. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? MSG.badRequest;
}
