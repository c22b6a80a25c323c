import {
  eurosToCents,
  firstMessage,
  introductionRequestSchema,
  missingProfileFields,
  PROFILE_FIELD_LABELS,
  PROFILE_MSG,
  REQUIRABLE_PROFILE_FIELDS,
  type IntroductionRequest,
  type RequirableProfileField,
} from '@pb/core';

/**
 * The values of 'Kandidat vorstellen' as typed and their check (issue 35): the request is parsed
 * by introductionRequestSchema — the server's own schema, so the first problem named is the one
 * the server would name (name, e-mail, phone, pitch, the profile's fields, a profile that names
 * the person) — then the advertisement's required profile fields (missingProfileFields), as the
 * server checks them next.
 */

export interface PersonForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** The anonymised profile as typed; lists one entry per line or between commas. */
export interface ProfileForm {
  position: string;
  experienceYears: string;
  region: string;
  skills: string;
  /** Annual gross in euros, Austrian notation ('55.000'). */
  salaryExpectation: string;
  noticePeriod: string;
  /** YYYY-MM-DD from the date input. */
  availableFrom: string;
  languages: string;
}

export const EMPTY_PERSON: PersonForm = { firstName: '', lastName: '', email: '', phone: '' };

export const EMPTY_PROFILE: ProfileForm = {
  position: '',
  experienceYears: '',
  region: '',
  skills: '',
  salaryExpectation: '',
  noticePeriod: '',
  availableFrom: '',
  languages: '',
};

/** The key of every field a message can belong to; 'profile' is the profile as a whole (it names the person). */
export type IntroduceField = keyof PersonForm | 'pitch' | keyof ProfileForm | 'profile';
export type FieldProblems = Partial<Record<IntroduceField, string>>;

export type IntroduceCheck =
  { ok: true; request: IntroductionRequest } | { ok: false; problem: string; fields: FieldProblems };

/** Entries of a list field: one per line or separated by commas or semicolons; empty ones dropped. */
export function listItems(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Euros as typed ('55.000', '55000', '55.000,50'; a dot groups thousands) → cents; NaN when not a number. */
export function euroCents(text: string): number {
  const plain = text.replace(/[\s\u00a0.€]/g, '').replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? eurosToCents(Number(plain)) : Number.NaN;
}

/** The profile as anonymousProfileSchema reads it: an empty field is missing (required) or null (optional). */
export function profileInput(form: ProfileForm): Record<string, unknown> {
  const given = (text: string) => (text.trim() === '' ? undefined : text.trim());
  return {
    position: form.position,
    experienceYears: given(form.experienceYears),
    region: given(form.region),
    skills: listItems(form.skills),
    salaryExpectationCents: form.salaryExpectation.trim() === '' ? null : euroCents(form.salaryExpectation),
    noticePeriod: given(form.noticePeriod) ?? null,
    availableFrom: given(form.availableFrom) ?? null,
    languages: listItems(form.languages),
  };
}

const filled = (text: string) => text.trim() !== '';

/** The schema's profile keys that differ from the form's. */
const FORM_KEY: Record<string, keyof ProfileForm> = { salaryExpectationCents: 'salaryExpectation' };

/** The field an issue of introductionRequestSchema belongs to. */
function fieldOf(path: readonly PropertyKey[]): IntroduceField | null {
  const [first, second] = path;
  if (first === 'profile') {
    if (typeof second !== 'string') return 'profile';
    return FORM_KEY[second] ?? (second as keyof ProfileForm);
  }
  return typeof first === 'string' ? (first as IntroduceField) : null;
}

/**
 * The whole form's check: the request to send, or the first problem (the server's order) and
 * each refused field's message. A field the company requires and that is empty is marked too.
 */
export function checkIntroduction(
  values: { advertisement: number; person: PersonForm; pitch: string; profile: ProfileForm },
  required: readonly RequirableProfileField[],
): IntroduceCheck {
  const parsed = introductionRequestSchema.safeParse({
    advertisement: values.advertisement,
    ...values.person,
    pitch: values.pitch,
    profile: profileInput(values.profile),
  });
  const fields: FieldProblems = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (field && fields[field] === undefined) fields[field] = issue.message;
    }
  }
  for (const field of REQUIRABLE_PROFILE_FIELDS) {
    if (required.includes(field) && !filled(values.profile[field])) {
      fields[field] ??= PROFILE_MSG.requiredByCompany([PROFILE_FIELD_LABELS[field]]);
    }
  }
  if (!parsed.success) return { ok: false, problem: firstMessage(parsed.error), fields };
  const missing = missingProfileFields(parsed.data.profile, required);
  if (missing.length > 0) {
    return { ok: false, problem: PROFILE_MSG.requiredByCompany(missing.map((f) => PROFILE_FIELD_LABELS[f])), fields };
  }
  return { ok: true, request: parsed.data };
}
