import { z } from './zod';
import { requiredText } from './input';
import { TERMS_OBJECTION_WEEKS } from './constants';
import { addCalendarDays, formatDay, viennaDate, viennaDayBefore, viennaMidnight } from './business-days';
import { organisationKindSchema } from './organisations';

/**
 * The terms as a contract between the operator and each organisation (issue 31, spec §9): the
 * operator publishes a version; administrators are told by mail and in the app; an organisation may
 * object within six weeks, which ends its contract on the day the version applies; silence accepts.
 */

export const TERMS_DECISIONS = ['accepted', 'objected'] as const;
export type TermsDecision = (typeof TERMS_DECISIONS)[number];

/** How an organisation stands to a version: its decision, or silence before/after the deadline. */
export const TERMS_STANDINGS = [...TERMS_DECISIONS, 'open', 'deemed_accepted'] as const;
export type TermsStanding = (typeof TERMS_STANDINGS)[number];
export const TERMS_STANDING_NAMES: Record<TermsStanding, string> = {
  accepted: 'zugestimmt',
  objected: 'widersprochen',
  open: 'offen',
  deemed_accepted: 'gilt als angenommen (kein Widerspruch)',
};

export const TERMS_VERSION_MAX_LENGTH = 60;
export const TERMS_SUMMARY_MAX_LENGTH = 4000;

/**
 * When a version published at `publishedAt` applies: 00:00 Vienna time after six full weeks. An
 * organisation may object until the end of the day before (the publishing day plus 42 days).
 */
export function termsEffectiveAt(publishedAt: Date): Date {
  return viennaMidnight(addCalendarDays(viennaDate(publishedAt), TERMS_OBJECTION_WEEKS * 7 + 1));
}

/** The last day to object to a version (or on which an ended contract still ran), 'dd.MM.yyyy'. */
export function termsLastDayText(effectiveAt: string | Date): string {
  return formatDay(viennaDayBefore(effectiveAt));
}

export const TERMS_MSG = {
  versionRequired: 'Bitte geben Sie die Bezeichnung der Fassung an (z. B. „Fassung Jänner 2027“).',
  summaryRequired: 'Bitte beschreiben Sie, was sich ändert.',
  versionTaken: 'Eine Fassung mit dieser Bezeichnung gibt es bereits.',
  notFound: 'Diese AGB-Fassung wurde nicht gefunden.',
  alreadyDecided: 'Ihre Organisation hat über diese Fassung bereits entschieden.',
  objectionClosed: 'Die Widerspruchsfrist für diese Fassung ist abgelaufen; sie gilt für Ihre Organisation.',
  contractEnded:
    'Der Vertrag Ihrer Organisation mit der Prämienbörse ist durch Widerspruch gegen geänderte AGB beendet. Bestehende Vermittlungen und Rechnungen bleiben davon unberührt.',
  contractEndedOffice:
    'Der Vertrag dieses Unternehmens mit der Prämienbörse ist durch Widerspruch gegen geänderte AGB beendet; es kann keine neuen Inserate veröffentlichen.',
} as const;

// ---------- requests ----------

/** POST /api/admin/terms-versions: the operator publishes a new version. */
export const termsVersionRequestSchema = z
  .object({
    version: requiredText(TERMS_VERSION_MAX_LENGTH, TERMS_MSG.versionRequired),
    summary: requiredText(TERMS_SUMMARY_MAX_LENGTH, TERMS_MSG.summaryRequired),
  })
  .strict();
export type TermsVersionRequest = z.infer<typeof termsVersionRequestSchema>;

// ---------- responses ----------

export const termsVersionSchema = z.object({
  id: z.number(),
  version: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  effectiveAt: z.string(),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

/** GET /api/organisation/terms: every version with the organisation's standing, newest first. */
export const organisationTermsSchema = z.object({
  versions: z.array(
    termsVersionSchema.extend({
      standing: z.enum(TERMS_STANDINGS),
      decidedAt: z.string().nullable(),
      decidedBy: z.string().nullable(),
      /** The caller may still object (an administrator, before the version applies, not decided). */
      mayObject: z.boolean(),
    }),
  ),
  /** The day the contract ends (or ended) after an objection; null while it runs. */
  contractEndsAt: z.string().nullable(),
});
export type OrganisationTerms = z.infer<typeof organisationTermsSchema>;

/** GET /api/admin/terms-versions: each version with how many organisations stand where. */
export const adminTermsVersionSchema = termsVersionSchema.extend({
  publishedBy: z.string().nullable(),
  accepted: z.number(),
  objected: z.number(),
  /** No decision yet: open before the effective date, deemed accepted after it. */
  undecided: z.number(),
});
export type AdminTermsVersion = z.infer<typeof adminTermsVersionSchema>;

/** GET /api/admin/terms-versions/:id/decisions: who accepted or objected, when and by whom. */
export const adminTermsDecisionSchema = z.object({
  organisationId: z.number(),
  organisationName: z.string(),
  kind: organisationKindSchema,
  decision: z.enum(TERMS_DECISIONS),
  decidedAt: z.string(),
  decidedBy: z.string().nullable(),
  contractEndsAt: z.string().nullable(),
});
export type AdminTermsDecision = z.infer<typeof adminTermsDecisionSchema>;
