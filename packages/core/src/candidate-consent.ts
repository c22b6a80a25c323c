import { z } from './zod';
import { AUSTRIAN_STATES } from './constants';
import { safeText } from './input';

/**
 * The candidate's own consent to an introduction (issue 35): the platform mails the candidate a
 * link; until they confirm, the company sees only the anonymised profile the consultant wrote;
 * their confirmation releases name, contact and CV. Declined, expired or no longer needed: the
 * introduction ends and its personal data go at once. A later withdrawal ends it as a rejection.
 */

/** Days the candidate's link accepts an answer; after them the introduction ends unconfirmed. */
export const CONSENT_LINK_DAYS = 7;
/** Days after the request when the platform reminds the candidate once. */
export const CONSENT_REMINDER_DAYS = 2;

export const CONSENT_STATES = ['pending', 'confirmed', 'declined', 'expired', 'cancelled', 'withdrawn'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];
export const CONSENT_STATE_LABELS: Record<ConsentState, string> = {
  pending: 'Wartet auf Zustimmung',
  confirmed: 'Zugestimmt',
  declined: 'Abgelehnt',
  expired: 'Nicht bestätigt (Frist abgelaufen)',
  cancelled: 'Nicht mehr nötig (vor der Zustimmung abgesagt)',
  withdrawn: 'Einwilligung widerrufen',
};
/** Ended before the candidate ever agreed: no claim, personal data deleted at once. */
export const CONSENT_ENDED_UNCONFIRMED: readonly ConsentState[] = ['declined', 'expired', 'cancelled'];
/** The identity reached the company (a withdrawal later does not undo that). */
export const CONSENT_GIVEN: readonly ConsentState[] = ['confirmed', 'withdrawn'];

export const CONSENT_MSG = {
  invalidLink: 'Dieser Link ist ungültig. Bitte verwenden Sie den Link aus der E-Mail der Prämienbörse.',
  expired: `Dieser Link ist abgelaufen: Die Frist von ${CONSENT_LINK_DAYS} Tagen für Ihre Antwort ist vorbei. Ihre Daten wurden gelöscht.`,
  alreadyConfirmed:
    'Sie haben dieser Vorstellung bereits zugestimmt. Sie können Ihre Einwilligung jederzeit widerrufen.',
  alreadyDeclined: 'Sie haben diese Vorstellung abgelehnt. Ihre Daten wurden gelöscht.',
  alreadyWithdrawn: 'Sie haben Ihre Einwilligung bereits widerrufen.',
  cancelled:
    'Das Unternehmen hat die Vorstellung bereits beendet; Ihre Zustimmung wird nicht mehr benötigt. Ihre Daten wurden gelöscht.',
  notConfirmed: 'Ein Widerruf ist erst nach Ihrer Zustimmung möglich.',
  partySession:
    'Diese Antwort kann nur die Kandidatin bzw. der Kandidat selbst geben, nicht die Personalvermittlung oder das Unternehmen. Bitte öffnen Sie den Link ohne Anmeldung, etwa in einem privaten Fenster.',
  emailRequired:
    'Bitte geben Sie die E-Mail-Adresse der Kandidatin bzw. des Kandidaten an: Sie bzw. er bestätigt die Vorstellung selbst per E-Mail.',
  agencyEmail:
    'Bitte geben Sie die E-Mail-Adresse der Kandidatin bzw. des Kandidaten an, nicht eine Adresse Ihrer Personalvermittlung.',
  notYetConfirmed:
    'Die Kandidatin bzw. der Kandidat hat der Vorstellung noch nicht zugestimmt. Bis dahin sind nur „In Prüfung“ und „Endgültig abgesagt“ möglich.',
  endedUnconfirmed:
    'Diese Vorstellung ist ohne Zustimmung der Kandidatin bzw. des Kandidaten beendet; daraus entsteht kein Anspruch.',
  placementWithoutConsent:
    'Für diese Vorstellung liegt keine Zustimmung der Kandidatin bzw. des Kandidaten vor; eine Besetzung kann ihr nicht zugeordnet werden.',
  knownBeforeRelease:
    '„Bereits bekannt“ ist erst möglich, wenn die Identität der Kandidatin bzw. des Kandidaten freigegeben ist.',
  keepLongerInvalid: 'Bitte geben Sie an, ob Ihre Daten länger aufbewahrt werden dürfen (ja oder nein).',
  confirmed: 'Vielen Dank: Sie haben der Vorstellung zugestimmt. Ihre Daten wurden an das Unternehmen übermittelt.',
  declined: 'Sie haben die Vorstellung abgelehnt. Ihre Daten wurden gelöscht.',
  withdrawn: 'Sie haben Ihre Einwilligung widerrufen. Das Unternehmen und die Personalvermittlung wurden informiert.',
} as const;

// ---------- the anonymised profile ----------

export const PROFILE_TEXT_MAX_LENGTH = 120;
export const PROFILE_ITEM_MAX_LENGTH = 60;
export const PROFILE_SKILLS_MAX = 15;
export const PROFILE_LANGUAGES_MAX = 10;
export const PROFILE_EXPERIENCE_MAX_YEARS = 60;
/** Annual gross in cents: € 10.000 to € 1.000.000. */
export const PROFILE_SALARY_MIN_CENTS = 1_000_000;
export const PROFILE_SALARY_MAX_CENTS = 100_000_000;

export const PROFILE_REGIONS = [...AUSTRIAN_STATES, 'Deutschland', 'Schweiz', 'anderes Land'] as const;
export type ProfileRegion = (typeof PROFILE_REGIONS)[number];

export const NOTICE_PERIODS = ['sofort', '2_wochen', '1_monat', '2_monate', '3_monate', 'mehr'] as const;
export type NoticePeriod = (typeof NOTICE_PERIODS)[number];
export const NOTICE_PERIOD_LABELS: Record<NoticePeriod, string> = {
  sofort: 'sofort verfügbar',
  '2_wochen': '2 Wochen',
  '1_monat': '1 Monat',
  '2_monate': '2 Monate',
  '3_monate': '3 Monate',
  mehr: 'mehr als 3 Monate',
};

/** Fields a company may require per advertisement; position, experience, region and skills always are. */
export const REQUIRABLE_PROFILE_FIELDS = ['salaryExpectation', 'noticePeriod', 'availableFrom', 'languages'] as const;
export type RequirableProfileField = (typeof REQUIRABLE_PROFILE_FIELDS)[number];
export const PROFILE_FIELD_LABELS: Record<RequirableProfileField, string> = {
  salaryExpectation: 'Gehaltsvorstellung',
  noticePeriod: 'Kündigungsfrist',
  availableFrom: 'Verfügbarkeit',
  languages: 'Sprachen',
};

export const PROFILE_MSG = {
  positionRequired: 'Bitte geben Sie die derzeitige bzw. gesuchte Position an.',
  textTooLong: `Angaben im Profil dürfen höchstens ${PROFILE_TEXT_MAX_LENGTH} Zeichen lang sein.`,
  experienceInvalid: `Bitte geben Sie die Berufserfahrung in ganzen Jahren an (0 bis ${PROFILE_EXPERIENCE_MAX_YEARS}).`,
  regionInvalid: 'Bitte wählen Sie eine Region aus der Liste.',
  skillsRequired: 'Bitte nennen Sie mindestens eine Kernkompetenz.',
  itemInvalid: `Jede Kompetenz und jede Sprache darf höchstens ${PROFILE_ITEM_MAX_LENGTH} Zeichen lang sein.`,
  tooManySkills: `Bitte nennen Sie höchstens ${PROFILE_SKILLS_MAX} Kernkompetenzen.`,
  tooManyLanguages: `Bitte nennen Sie höchstens ${PROFILE_LANGUAGES_MAX} Sprachen.`,
  salaryInvalid: 'Bitte geben Sie die Gehaltsvorstellung als Jahresbrutto zwischen € 10.000 und € 1.000.000 an.',
  noticeInvalid: 'Bitte wählen Sie eine Kündigungsfrist aus der Liste.',
  availableInvalid: 'Bitte geben Sie das Datum an, ab dem die Person verfügbar ist.',
  profileInvalid: 'Bitte füllen Sie das anonymisierte Profil aus.',
  revealsIdentity:
    'Das anonymisierte Profil darf weder den Namen noch die Kontaktdaten der Kandidatin bzw. des Kandidaten enthalten.',
  requiredByCompany: (labels: string[]) => `Das Unternehmen verlangt für dieses Inserat: ${labels.join(', ')}.`,
  requiredFieldsInvalid: 'Bitte wählen Sie die Pflichtangaben aus der Liste.',
} as const;

const profileText = (required: string) =>
  z
    .string({ error: required })
    .pipe(safeText())
    .pipe(z.string().trim().min(1, required).max(PROFILE_TEXT_MAX_LENGTH, PROFILE_MSG.textTooLong));

const profileItems = (max: number, tooMany: string) =>
  z
    .array(
      z
        .string({ error: PROFILE_MSG.itemInvalid })
        .pipe(safeText())
        .pipe(z.string().trim().min(1, PROFILE_MSG.itemInvalid).max(PROFILE_ITEM_MAX_LENGTH, PROFILE_MSG.itemInvalid)),
      { error: PROFILE_MSG.itemInvalid },
    )
    .max(max, tooMany);

/**
 * What the company sees before the candidate agrees: no name, contact, photo or CV. The server
 * also refuses a profile that names the person or their contact (profileRevealsIdentity).
 */
export const anonymousProfileSchema = z
  .object(
    {
      position: profileText(PROFILE_MSG.positionRequired),
      experienceYears: z.coerce
        .number({ error: PROFILE_MSG.experienceInvalid })
        .int(PROFILE_MSG.experienceInvalid)
        .min(0, PROFILE_MSG.experienceInvalid)
        .max(PROFILE_EXPERIENCE_MAX_YEARS, PROFILE_MSG.experienceInvalid),
      region: z.enum(PROFILE_REGIONS, { error: PROFILE_MSG.regionInvalid }),
      skills: profileItems(PROFILE_SKILLS_MAX, PROFILE_MSG.tooManySkills).min(1, PROFILE_MSG.skillsRequired),
      salaryExpectationCents: z
        .number({ error: PROFILE_MSG.salaryInvalid })
        .int(PROFILE_MSG.salaryInvalid)
        .min(PROFILE_SALARY_MIN_CENTS, PROFILE_MSG.salaryInvalid)
        .max(PROFILE_SALARY_MAX_CENTS, PROFILE_MSG.salaryInvalid)
        .nullable()
        .default(null),
      noticePeriod: z.enum(NOTICE_PERIODS, { error: PROFILE_MSG.noticeInvalid }).nullable().default(null),
      availableFrom: z.iso.date({ error: PROFILE_MSG.availableInvalid }).nullable().default(null),
      languages: profileItems(PROFILE_LANGUAGES_MAX, PROFILE_MSG.tooManyLanguages).default([]),
    },
    { error: PROFILE_MSG.profileInvalid },
  )
  .strict();
export type AnonymousProfile = z.infer<typeof anonymousProfileSchema>;

/** The profile as JSON, or as one JSON text field beside the CV in a multipart form. */
export const anonymousProfileInputSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, anonymousProfileSchema);

/** Which of the company's required fields the profile leaves empty. */
export function missingProfileFields(
  profile: AnonymousProfile,
  required: readonly RequirableProfileField[],
): RequirableProfileField[] {
  const given: Record<RequirableProfileField, boolean> = {
    salaryExpectation: profile.salaryExpectationCents !== null,
    noticePeriod: profile.noticePeriod !== null,
    availableFrom: profile.availableFrom !== null,
    languages: profile.languages.length > 0,
  };
  return REQUIRABLE_PROFILE_FIELDS.filter((field) => required.includes(field) && !given[field]);
}

const normalised = (text: string) => text.normalize('NFKC').toLocaleLowerCase('de-AT');
const wordsOf = (text: string) =>
  normalised(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * True when a free-text part of the profile names the person: their first or last name as a word
 * (names of two letters or less are too common to tell), their e-mail address or its local part,
 * or their phone number's last seven digits.
 */
export function profileRevealsIdentity(
  profile: Pick<AnonymousProfile, 'position' | 'skills' | 'languages'>,
  person: { firstName: string; lastName: string; email?: string | undefined; phone?: string | undefined },
): boolean {
  const texts = [profile.position, ...profile.skills, ...profile.languages];
  const words = new Set(texts.flatMap(wordsOf));
  const nameWords = [...wordsOf(person.firstName), ...wordsOf(person.lastName)].filter((w) => w.length > 2);
  if (nameWords.some((w) => words.has(w))) return true;
  const joined = normalised(texts.join(' '));
  const email = person.email ? normalised(person.email) : '';
  const local = email.split('@')[0] ?? '';
  if (email && (joined.includes(email) || (local.length > 3 && joined.includes(local)))) return true;
  const phoneDigits = (person.phone ?? '').replace(/\D/g, '');
  const textDigits = joined.replace(/\D/g, '');
  return phoneDigits.length >= 7 && textDigits.includes(phoneDigits.slice(-7));
}

/** The advertisement's field set (company's advertisement form). */
export const requiredProfileFieldsSchema = z
  .array(z.enum(REQUIRABLE_PROFILE_FIELDS, { error: PROFILE_MSG.requiredFieldsInvalid }), {
    error: PROFILE_MSG.requiredFieldsInvalid,
  })
  .max(REQUIRABLE_PROFILE_FIELDS.length)
  .transform((fields) => REQUIRABLE_PROFILE_FIELDS.filter((f) => fields.includes(f)));

// ---------- the candidate's page (no account) ----------

/** The link's secret: 32 random-looking bytes, base64url (derived on the server, never stored in clear). */
export const consentTokenSchema = z
  .string({ error: CONSENT_MSG.invalidLink })
  .regex(/^[A-Za-z0-9_-]{43}$/, CONSENT_MSG.invalidLink);

export const consentLookupSchema = z.object({ token: consentTokenSchema }).strict();
export const consentConfirmationSchema = z
  .object({
    token: consentTokenSchema,
    /** The candidate also agrees to their data being kept longer after a rejection (LONGER_KEEPING_MONTHS). */
    keepLonger: z.boolean({ error: CONSENT_MSG.keepLongerInvalid }).default(false),
  })
  .strict();

/** What the candidate's page shows: who asks, for what, what is shared — nothing else. */
export const candidateConsentViewSchema = z.object({
  state: z.enum(CONSENT_STATES),
  agencyName: z.string(),
  companyName: z.string(),
  jobTitle: z.string(),
  introducedAt: z.string(),
  /** Last moment the link accepts a confirmation (pending only). */
  expiresAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  keepLonger: z.boolean(),
  /** What the company sees now, and what it gets on confirmation (categories; no data). */
  profile: anonymousProfileSchema.nullable(),
  shares: z.object({ name: z.boolean(), email: z.boolean(), phone: z.boolean(), cv: z.boolean(), pitch: z.boolean() }),
});
export type CandidateConsentView = z.infer<typeof candidateConsentViewSchema>;

/** The consent part of an introduction as both parties see it. */
export const introductionConsentSchema = z.object({
  state: z.enum(CONSENT_STATES),
  requestedAt: z.string().nullable(),
  /** Until when the candidate may answer (pending only). */
  expiresAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});
export type IntroductionConsent = z.infer<typeof introductionConsentSchema>;
