import { z } from './zod';
import {
  AUSTRIAN_STATES,
  MAX_FILTER_DISTRICTS,
  MIN_BONUS_EUROS_MAX,
  PLACEMENT_BONUS_MAX,
  SAVED_SEARCH_NAME_MAX,
  WORKING_TIMES,
} from './constants';
import { ALERT_MSG } from './messages';
import { INPUT_MSG, int4Id, isSafeText } from './input';
import { searchTextSchema } from './jobs';
import { RESPONDS_WITHIN_DAYS, TRUST_MSG } from './trust';

/**
 * Saved searches and watched advertisements (issue 13; the notification centre: notifications.ts). The browser's
 * filters are defined here once: the advertisement browser sends them, a saved search stores
 * them, and the server turns both into the same SQL (jobs/browser-filters.ts).
 */

/** Comma-separated query values (`districts=1,2`) or repeated ones become arrays. */
const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(item));

const numberParam = (message: string, refine: (n: z.ZodNumber) => z.ZodNumber) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v),
    refine(z.number({ error: message })),
  );

/**
 * The advertisement browser's filters: as GET /api/jobs query parameters and as a saved
 * search's `filters`. Only these keys; anything else is a 400 with ALERT_MSG.invalidFilter.
 */
export const jobBrowserFiltersSchema = z.strictObject(
  {
    q: searchTextSchema.optional(),
    districts: listParam(z.coerce.number({ error: INPUT_MSG.invalidId }).pipe(int4Id()))
      .pipe(z.array(z.number()).max(MAX_FILTER_DISTRICTS, ALERT_MSG.tooManyDistricts))
      .optional(),
    states: listParam(z.enum(AUSTRIAN_STATES, { error: ALERT_MSG.invalidState }))
      .pipe(z.array(z.enum(AUSTRIAN_STATES)).max(AUSTRIAN_STATES.length))
      .optional(),
    minBonus: numberParam(ALERT_MSG.invalidMinBonus, (n) =>
      n.min(0, ALERT_MSG.invalidMinBonus).max(PLACEMENT_BONUS_MAX, ALERT_MSG.invalidMinBonus),
    ).optional(),
    minBonusEuros: numberParam(ALERT_MSG.invalidMinBonusEuros, (n) =>
      n
        .int(ALERT_MSG.invalidMinBonusEuros)
        .min(0, ALERT_MSG.invalidMinBonusEuros)
        .max(MIN_BONUS_EUROS_MAX, ALERT_MSG.invalidMinBonusEuros),
    ).optional(),
    workingTime: z.enum(WORKING_TIMES, { error: ALERT_MSG.invalidWorkingTime }).optional(),
    /** Issue 36: the company answers, by its median reaction, within this many working days. */
    respondsWithin: z
      .preprocess(
        (v) => (typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v) : v),
        z.union(
          RESPONDS_WITHIN_DAYS.map((days) => z.literal(days)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<5>],
          {
            error: TRUST_MSG.invalidRespondsWithin,
          },
        ),
      )
      .optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? ALERT_MSG.invalidFilter : undefined) },
);
export type JobBrowserFilters = z.infer<typeof jobBrowserFiltersSchema>;

/** The filter keys GET /api/jobs takes besides the generic list parameters. */
export const JOB_BROWSER_FILTER_KEYS = [
  'q',
  'districts',
  'states',
  'minBonus',
  'minBonusEuros',
  'workingTime',
  'respondsWithin',
] as const;

// ---------- saved searches ----------

export const SEARCH_FREQUENCIES = ['sofort', 'taeglich'] as const;
export type SearchFrequency = (typeof SEARCH_FREQUENCIES)[number];
export const SEARCH_FREQUENCY_LABELS: Record<SearchFrequency, string> = {
  sofort: 'Sofort',
  taeglich: 'Täglich (07:00)',
};

/** Body of POST /api/saved-searches and PUT /api/saved-searches/:id. */
export const savedSearchRequestSchema = z
  .object({
    name: z
      .string({ error: ALERT_MSG.nameRequired })
      .refine(isSafeText, { message: INPUT_MSG.invalidCharacters, abort: true })
      .trim()
      .min(1, ALERT_MSG.nameRequired)
      .max(SAVED_SEARCH_NAME_MAX, ALERT_MSG.nameTooLong),
    filters: jobBrowserFiltersSchema,
    frequency: z.enum(SEARCH_FREQUENCIES, { error: ALERT_MSG.frequencyInvalid }),
    paused: z.boolean({ error: ALERT_MSG.invalidFilter }).optional(),
  })
  .strict();
export type SavedSearchRequest = z.infer<typeof savedSearchRequestSchema>;

/** The filters as they come back (already parsed: plain values, no input coercion). */
export const savedFiltersSchema = z.object({
  q: z.string().optional(),
  districts: z.array(z.number()).optional(),
  states: z.array(z.enum(AUSTRIAN_STATES)).optional(),
  minBonus: z.number().optional(),
  minBonusEuros: z.number().optional(),
  workingTime: z.enum(WORKING_TIMES).optional(),
  respondsWithin: z.union([z.literal(1), z.literal(2), z.literal(5)]).optional(),
});

export const savedSearchSchema = z.object({
  id: z.number(),
  name: z.string(),
  filters: savedFiltersSchema,
  frequency: z.enum(SEARCH_FREQUENCIES),
  paused: z.boolean(),
  /** Advertisements that match now (published). */
  matches: z.number(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** Socket event `jobs:published` to consultants: an advertisement was published or reactivated. */
export const jobsPublishedEventSchema = z.object({ jobId: z.number(), publishedAt: z.string() });
export type JobsPublishedEvent = z.infer<typeof jobsPublishedEventSchema>;
