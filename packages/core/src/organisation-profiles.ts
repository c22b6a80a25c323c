import { z } from './zod';
import {
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LISTED_AGENCIES_MAX_LIMIT,
  LISTED_AGENCIES_PAGE_SIZE,
  SERVICE_MAX_LENGTH,
  SERVICES_MAX_COUNT,
} from './constants';
import { int4Id, safeText } from './input';
import { organisationKindSchema } from './organisations';

/**
 * The public profile of an organisation (issue 31, decision 0031 "The public profile"): what
 * companies and agencies show of themselves — description, services, logo, a contact address and,
 * for agencies, the listing in the directory ('Personalberater'). It replaced the per-person profile
 * (migration 0040); a person keeps only their name and e-mail address.
 */

export const ORGANISATION_PROFILE_MSG = {
  administratorsOnly: 'Nur Administratoren Ihrer Organisation können das öffentliche Profil ändern.',
  agenciesOnlyListed: 'Nur Personalvermittlungen können im Verzeichnis der Personalberater erscheinen.',
  agenciesOnlyLogo: 'Nur Personalvermittlungen zeigen ein Logo.',
  agenciesOnlyTrackRecord: 'Nur Personalvermittlungen veröffentlichen Kennzahlen zu ihren Vorstellungen.',
  consentNeedsPublic:
    'Der Zustimmung zum öffentlichen Verzeichnis fehlt das öffentliche Profil: Bitte schalten Sie „Profil öffentlich anzeigen“ ein.',
  invalidLogo: 'Das Logo ist ungültig. Bitte laden Sie es erneut hoch.',
  invalidContactEmail: 'Bitte geben Sie eine gültige Kontakt-E-Mail-Adresse an.',
  invalidPage: 'Ungültige Seitenangabe.',
  saved: 'Das öffentliche Profil Ihrer Organisation wurde gespeichert.',
} as const;

const trimmed = (max: number) => safeText().trim().max(max);

/** GET /api/organisation/profile: the active organisation's public profile as its members see it. */
export const organisationProfileSchema = z
  .object({
    id: z.number(),
    kind: organisationKindSchema,
    name: z.string(),
    description: z.string().nullable(),
    services: z.array(z.string()),
    contactEmail: z.string().nullable(),
    /** The logo's address, signed for the members while it is not public. */
    logo: z.string().nullable(),
    logoId: z.number().nullable(),
    /** Agencies: listed in the directory for signed-in users. */
    public: z.boolean(),
    /** When an administrator agreed to the directory for everyone (visitors, search engines); null: not. */
    publicDirectoryConsentAt: z.string().nullable(),
    /** Agencies (issue 36): the track record is shown on the public profile. */
    trackRecordPublic: z.boolean(),
    /** Whether the caller may change it (an administrator). */
    editable: z.boolean(),
  })
  .strict();
export type OrganisationProfile = z.infer<typeof organisationProfileSchema>;

/**
 * PUT /api/organisation/profile (administrators). Absent fields stay as they are; `logoId` names an
 * image the caller uploaded (POST /api/upload), null removes the logo.
 */
export const organisationProfileUpdateSchema = z
  .object({
    description: trimmed(DESCRIPTION_MAX_LENGTH).nullable().optional(),
    services: z.array(trimmed(SERVICE_MAX_LENGTH)).max(SERVICES_MAX_COUNT).optional(),
    contactEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX_LENGTH, { error: ORGANISATION_PROFILE_MSG.invalidContactEmail })
      .pipe(z.union([z.literal(''), z.email({ error: ORGANISATION_PROFILE_MSG.invalidContactEmail })]))
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    logoId: int4Id().nullable().optional(),
    public: z.boolean().optional(),
    /** With public: true, the agency agrees to the directory being visible to everyone (issue 29). */
    publicDirectoryConsent: z.boolean().optional(),
    /** Agencies (issue 36): show the track record (introductions, interviews, hires) on the public profile. */
    trackRecordPublic: z.boolean().optional(),
  })
  .strict();
export type OrganisationProfileUpdate = z.infer<typeof organisationProfileUpdateSchema>;
export type OrganisationProfileUpdateInput = z.input<typeof organisationProfileUpdateSchema>;

/**
 * An agency of the directory as a visitor sees it (GET /api/public-agencies, the public page
 * /public-consultants). No e-mail address: a page anyone can fetch is a page scrapers harvest
 * (DSGVO: data minimisation); signed-in users get it (agencyCardSchema).
 */
export const listedAgencySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    logo: z.string().nullable(),
    services: z.array(z.string()),
  })
  .strict();
export type ListedAgency = z.infer<typeof listedAgencySchema>;

/** An agency of the directory for signed-in users (GET /api/agencies): plus its contact address. */
export const agencyCardSchema = listedAgencySchema.extend({ contactEmail: z.string().nullable() }).strict();
export type AgencyCard = z.infer<typeof agencyCardSchema>;

const pageNumber = (max: number) =>
  z
    .string({ error: ORGANISATION_PROFILE_MSG.invalidPage })
    .regex(/^\d{1,7}$/, { error: ORGANISATION_PROFILE_MSG.invalidPage })
    .transform(Number)
    .pipe(z.number().max(max, { error: ORGANISATION_PROFILE_MSG.invalidPage }));

/** GET /api/public-agencies and /api/agencies: Strapi-style `pagination[start]` and `pagination[limit]`, nothing else. */
export const listedAgenciesQuerySchema = z
  .object({
    pagination: z
      .object(
        {
          start: pageNumber(10_000_000).default(0),
          limit: pageNumber(LISTED_AGENCIES_MAX_LIMIT)
            .pipe(z.number().min(1, { error: ORGANISATION_PROFILE_MSG.invalidPage }))
            .default(LISTED_AGENCIES_PAGE_SIZE),
        },
        { error: ORGANISATION_PROFILE_MSG.invalidPage },
      )
      .strict()
      .default({ start: 0, limit: LISTED_AGENCIES_PAGE_SIZE }),
  })
  .strict();
export type ListedAgenciesQuery = z.infer<typeof listedAgenciesQuerySchema>;
