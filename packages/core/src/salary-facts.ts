import { z } from './zod';
import { YEARLY_PAYMENTS_MAX, YEARLY_PAYMENTS_MIN } from './constants';

/**
 * The salary facts an Austrian job advertisement states (§ 9 (2) GlBG): the collective-agreement
 * (KV) minimum per month, whether the employer will overpay, and the salaries a year. Optional
 * in the editor, prompted with the hint. (The fee sheet that uses them is fees.ts; the yearly payments' limits are in constants.ts.)
 */

/** KV minimum per month, at most this many euros. */
export const KV_MINIMUM_MAX_EUR = 100_000;

export const SALARY_FACTS_MSG = {
  kvMinimumInvalid: 'Bitte geben Sie das KV-Mindestgehalt als Monatsbetrag zwischen 0 und 100.000 € an.',
  yearlyPaymentsInvalid: 'Die Zahl der Gehälter pro Jahr muss zwischen 12 und 15 liegen.',
  glbgHint:
    'Nach § 9 (2) GlBG muss ein Inserat das kollektivvertragliche Mindestentgelt nennen und angeben, ob eine Überzahlung möglich ist.',
} as const;

/** The optional salary facts the editor prompts for; the request side of jobDataSchema. */
export const salaryFactsSchema = z.object({
  /** KV minimum in euros per month (up to two decimals) or null when not given. */
  kvMinimum: z
    .union([z.number(), z.string(), z.null()], { error: SALARY_FACTS_MSG.kvMinimumInvalid })
    .transform((v, ctx) => {
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : Number(v.trim().replace(/\./g, '').replace(',', '.'));
      if (
        !Number.isFinite(n) ||
        n < 0 ||
        n > KV_MINIMUM_MAX_EUR ||
        Math.round(n * 100) !== Math.round(n * 100 * 1e6) / 1e6
      ) {
        ctx.addIssue({ code: 'custom', message: SALARY_FACTS_MSG.kvMinimumInvalid });
        return z.NEVER;
      }
      return Math.round(n * 100);
    })
    .optional(),
  overpayment: z.boolean({ error: SALARY_FACTS_MSG.kvMinimumInvalid }).nullable().optional(),
  yearlyPayments: z
    .number({ error: SALARY_FACTS_MSG.yearlyPaymentsInvalid })
    .int(SALARY_FACTS_MSG.yearlyPaymentsInvalid)
    .min(YEARLY_PAYMENTS_MIN, SALARY_FACTS_MSG.yearlyPaymentsInvalid)
    .max(YEARLY_PAYMENTS_MAX, SALARY_FACTS_MSG.yearlyPaymentsInvalid)
    .optional(),
});

/** The salary facts as advertisements carry them (Job.salaryFacts). */
export const jobSalaryFactsSchema = z.object({
  kvMinimumCents: z.number().nullable(),
  overpayment: z.boolean().nullable(),
  yearlyPayments: z.number(),
});
export type JobSalaryFacts = z.infer<typeof jobSalaryFactsSchema>;
