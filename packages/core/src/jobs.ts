import { z } from './zod';
import {
  BULLET_ITEM_MAX_LENGTH,
  BULLET_LIST_MAX_ITEMS,
  CITY_MAX_LENGTH,
  JOB_TITLE_MAX_LENGTH,
  PLACEMENT_BONUS_MAX,
  PLACEMENT_BONUS_MIN,
  POSTCODE_MAX_LENGTH,
  SALARY_TEXT_MAX_LENGTH,
  STREET_MAX_LENGTH,
  WORKING_TIMES,
} from './constants';
import { storedFileSchema } from './files';
import { decimalInput, idSchema, int4Id, safeText } from './input';
import { MSG } from './messages';
import { jobSalaryFactsSchema, salaryFactsSchema } from './salary-facts';
import { REQUIRABLE_PROFILE_FIELDS, requiredProfileFieldsSchema } from './candidate-consent';

/** Advertisements (jobs): API shapes, attachments, bonus history, the publish/update body and texts. */

/** At most this many documents per advertisement (several per upload, MAX_CHAT_FILES at once). */
export const MAX_JOB_ATTACHMENTS = 10;

export const JOB_MSG = {
  unknownDistrict: 'Bitte wählen Sie einen gültigen Bezirk aus.',
  notOwner: 'Nur das inserierende Unternehmen kann dieses Inserat bearbeiten.',
  inactive: 'Dieses Inserat ist nicht mehr aktiv.',
  reportOwnOnly: 'Sie können nur für Ihre eigenen Inserate eine Stellenbesetzung melden.',
  tooManyAttachments: 'Pro Inserat sind höchstens 10 Dokumente möglich.',
  advertisementRequired: 'Bitte geben Sie ein Inserat an.',
  reportSent: 'Vielen Dank! Die Stellenbesetzung wurde gemeldet.',
  salaryOutOfRange: 'Bitte geben Sie ein Jahresgehalt zwischen 0 und 10.000.000 € an.',
} as const;

// ---------- response shapes ----------

/** The advertising company as an advertisement carries it. */
export const publicCompanySchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  description: z.string().nullable(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;

/** The company (organisation) an advertisement belongs to (issue 31); null when it has none. */
export const jobOrganisationSchema = z.object({ id: z.number(), name: z.string() });

/** An advertisement's address as it is stored (the request side is locationSchema). */
export const jobLocationSchema = z.object({ street: z.string(), postcode: z.string(), city: z.string() });
export type JobLocation = z.infer<typeof jobLocationSchema>;

/** A document uploaded to an advertisement; `url` is the authorised download GET /api/job-attachments/:id. */
export const attachmentSchema = storedFileSchema;
export type JobAttachment = z.infer<typeof attachmentSchema>;

/** An advertisement (public lists, own lists, the back office); GET /api/jobs/:id adds `attachments`. */
export const jobSchema = z.object({
  id: z.number(),
  jobTitle: z.string(),
  workingTime: z.string(),
  assignment: z.array(z.string()),
  requirements: z.array(z.string()),
  benefits: z.array(z.string()),
  jobInfo: z.array(z.string()),
  location: jobLocationSchema,
  salary: z.string(),
  district: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The company's contact person: the member who published it (or for whom the office did). */
  users_permissions_user: publicCompanySchema.nullable(),
  organisation: jobOrganisationSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  placementBonus: z.number(),
  currentPlacementBonus: z.number(),
  /** § 9 (2) GlBG: KV minimum (cents per month), overpayment possible, salaries a year (issue 12). */
  salaryFacts: jobSalaryFactsSchema,
  /** Fields of the anonymised profile the company requires for introductions (issue 35). */
  requiredProfileFields: z.array(z.enum(REQUIRABLE_PROFILE_FIELDS)),
  /** Issue 36: the company's median reaction in office minutes (trust.ts), null on too little data. */
  companyResponseMinutes: z.number().int().nullable(),
  attachments: z.array(attachmentSchema).optional(),
});
export type Job = z.infer<typeof jobSchema>;

/** GET /api/jobs/:id also carries the uploaded documents. */
export interface JobWithAttachments extends Job {
  attachments: JobAttachment[];
}

/** One entry of an advertisement's bonus history (GET/POST /api/placement-bonuses). */
export const placementBonusRecordSchema = z.object({
  id: z.number(),
  bonus: z.number(),
  advertisement: z.number(),
  createdAt: z.string(),
});
export type PlacementBonus = z.infer<typeof placementBonusRecordSchema>;

// ---------- request bodies (spec §5 publish and update) ----------

/** Drops empty entries ("adding an empty list entry is ignored"). */
const bulletList = z
  .array(safeText().max(BULLET_ITEM_MAX_LENGTH))
  .max(BULLET_LIST_MAX_ITEMS)
  .transform((items) => items.map((item) => item.trim()).filter((item) => item.length > 0));

export const locationSchema = z
  .object({
    street: z.string().trim().max(STREET_MAX_LENGTH).default(''),
    postcode: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .pipe(z.string().max(POSTCODE_MAX_LENGTH))
      .default(''),
    city: z.string().trim().max(CITY_MAX_LENGTH).default(''),
  })
  .strict();

/**
 * Spec §5 publish and update: the fields an advertisement needs, in the editor's order. The
 * server answers one message for any of them (MSG.fillAllFields); the editor marks each with its own.
 */
export const JOB_FIELD_MSG = {
  jobTitle: 'Bitte geben Sie einen Jobtitel ein.',
  workingTime: 'Bitte wählen Sie die Arbeitszeit aus.',
  salary: 'Bitte geben Sie das Bruttojahresgehalt an.',
  location: 'Bitte geben Sie den Arbeitsort an (Straße, PLZ oder Ort).',
  district: 'Bitte wählen Sie einen Bezirk aus.',
  assignment: 'Bitte fügen Sie mindestens eine Aufgabe hinzu.',
  requirements: 'Bitte fügen Sie mindestens eine Qualifikation oder Erfahrung hinzu.',
  benefits: 'Bitte fügen Sie mindestens einen Benefit hinzu.',
  jobInfo: 'Bitte fügen Sie mindestens eine Information zur Position hinzu.',
} as const;
export type JobRequiredField = keyof typeof JOB_FIELD_MSG;

/** What missingJobFields reads: the parsed body (server) or the editor's values as typed (web). */
export interface JobRequiredInput {
  jobTitle: string;
  workingTime: string;
  salary: string | number;
  location: { street: string; postcode: string | number; city: string };
  district: string | number | null | undefined;
  assignment: readonly string[];
  requirements: readonly string[];
  benefits: readonly string[];
  jobInfo: readonly string[];
}

const filled = (v: string | number) => String(v).trim().length > 0;
const anyEntry = (items: readonly string[]) => items.some(filled);

/** The required fields left empty, in the editor's order (none: the advertisement is complete). */
export function missingJobFields(v: JobRequiredInput): JobRequiredField[] {
  const present: Record<JobRequiredField, boolean> = {
    jobTitle: filled(v.jobTitle),
    workingTime: (WORKING_TIMES as readonly string[]).includes(v.workingTime),
    salary: filled(v.salary),
    location: filled(v.location.street) || filled(v.location.postcode) || filled(v.location.city),
    district: v.district != null && filled(v.district),
    assignment: anyEntry(v.assignment),
    requirements: anyEntry(v.requirements),
    benefits: anyEntry(v.benefits),
    jobInfo: anyEntry(v.jobInfo),
  };
  return (Object.keys(JOB_FIELD_MSG) as JobRequiredField[]).filter((field) => !present[field]);
}

export const jobDataSchema = z
  .object({
    jobTitle: z.string({ error: MSG.fillAllFields }).trim().max(JOB_TITLE_MAX_LENGTH),
    workingTime: z.string({ error: MSG.fillAllFields }),
    assignment: bulletList,
    requirements: bulletList,
    benefits: bulletList,
    jobInfo: bulletList,
    location: locationSchema,
    salary: z
      .union([z.string(), z.number()], { error: MSG.fillAllFields })
      .transform((v) => String(v).trim())
      .pipe(z.string().max(SALARY_TEXT_MAX_LENGTH)),
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
    placementBonus: decimalInput().pipe(z.number().min(PLACEMENT_BONUS_MIN).max(PLACEMENT_BONUS_MAX)).optional(),
    /** Ignored: the owner is always the caller (or the chosen company for admins). */
    users_permissions_user: z.unknown().optional(),
    attachments: z.array(int4Id()).max(MAX_JOB_ATTACHMENTS).optional(),
    /** Absent: unchanged on an update, none on a new advertisement. */
    requiredProfileFields: requiredProfileFieldsSchema.optional(),
    ...salaryFactsSchema.shape,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (missingJobFields(v).length > 0) ctx.addIssue({ code: 'custom', message: MSG.fillAllFields });
  });
export type JobData = z.infer<typeof jobDataSchema>;

/** Input of a new placement bonus in percent (POST /api/placement-bonuses); the record is PlacementBonus. */
export const placementBonusSchema = decimalInput(MSG.bonusOutOfRange).pipe(
  z.number().min(PLACEMENT_BONUS_MIN, MSG.bonusOutOfRange).max(PLACEMENT_BONUS_MAX, MSG.bonusOutOfRange),
);

// ---------- text search (spec §5 "Search") ----------

/** The fields the text search covers: text matches (contains, case-insensitive) any of them. */
export const SEARCH_FIELDS = ['jobTitle', 'assignment', 'benefits', 'location', 'requirements', 'salary'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** Longest search text: the same limit as every text filter (filters[field][$containsi]). */
export const SEARCH_TEXT_MAX_LENGTH = 200;

export const SEARCH_MSG = {
  tooLong: `Suchbegriff zu lang (max. ${SEARCH_TEXT_MAX_LENGTH} Zeichen).`,
  invalid: 'Ungültiger Filterwert für q.',
} as const;

/**
 * GET /api/jobs?q=… — the browser's text search, taken literally (no trimming, `%` and `_`
 * are plain characters); the same rules as a $containsi filter value: at most 200
 * characters, no control characters. Empty text matches every advertisement.
 */
export const searchTextSchema = z
  .string({ error: SEARCH_MSG.invalid })
  .max(SEARCH_TEXT_MAX_LENGTH, { error: SEARCH_MSG.tooLong })
  .regex(/^[^\u0000-\u001f]*$/, { error: SEARCH_MSG.invalid });

/**
 * `data` of PUT /api/jobs/:id: the whole advertisement again (jobDataSchema), or exactly
 * `{ publishedAt: null }` to deactivate it. The service tells them apart (parseJobChange).
 */
export const jobDeactivationSchema = z.object({ publishedAt: z.null() }).strict();
export const jobChangeSchema = z.union([jobDeactivationSchema, jobDataSchema]);

/** `data` of POST /api/placement-bonuses: the advertisement and its new bonus (placementBonusSchema). */
export const placementBonusRequestSchema = z.object({ advertisement: idSchema, bonus: placementBonusSchema });
export type PlacementBonusRequest = z.input<typeof placementBonusRequestSchema>;
