import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anonymousProfileInputSchema,
  anonymousProfileSchema,
  consentTokenSchema,
  CONSENT_MSG,
  missingProfileFields,
  profileRevealsIdentity,
  PROFILE_MSG,
  requiredProfileFieldsSchema,
  type AnonymousProfile,
} from './candidate-consent';

const profile: AnonymousProfile = {
  position: 'Buchhalterin',
  experienceYears: 12,
  region: 'Kärnten',
  skills: ['BMD NTCS', 'Lohnverrechnung'],
  salaryExpectationCents: null,
  noticePeriod: null,
  availableFrom: null,
  languages: [],
};
const person = { firstName: 'Eva', lastName: 'Muster', email: 'eva.muster@example.at', phone: '+43 664 1234567' };

describe('The anonymised profile', () => {
  it('names nobody: the name as a word, the address or its local part, or the phone number is refused', () => {
    expect(profileRevealsIdentity(profile, person)).toBe(false);
    expect(profileRevealsIdentity({ ...profile, position: 'Frau Muster, Buchhalterin' }, person)).toBe(true);
    expect(profileRevealsIdentity({ ...profile, skills: ['MUSTER GmbH Erfahrung'] }, person)).toBe(true);
    expect(profileRevealsIdentity({ ...profile, skills: ['Kontakt eva.muster'] }, person)).toBe(true);
    expect(profileRevealsIdentity({ ...profile, languages: ['Tel. 0664/1234567'] }, person)).toBe(true);
    // Parts of other words and names of two letters are not a match.
    expect(profileRevealsIdentity({ ...profile, position: 'Mustermanagerin' }, person)).toBe(false);
    expect(profileRevealsIdentity(profile, { ...person, firstName: 'Li', lastName: 'Ng' })).toBe(false);
  });

  it('lists the fields the company requires and the profile leaves empty, in a fixed order', () => {
    expect(missingProfileFields(profile, ['languages', 'salaryExpectation'])).toEqual([
      'salaryExpectation',
      'languages',
    ]);
    expect(missingProfileFields({ ...profile, languages: ['Deutsch'] }, ['languages'])).toEqual([]);
    expect(requiredProfileFieldsSchema.parse(['languages', 'noticePeriod', 'languages'])).toEqual([
      'noticePeriod',
      'languages',
    ]);
  });

  it('takes the profile as JSON text from a form field', () => {
    expect(anonymousProfileInputSchema.parse(JSON.stringify(profile))).toEqual(profile);
    expect(anonymousProfileInputSchema.safeParse('{kaputt').error?.issues[0]?.message).toBe(PROFILE_MSG.profileInvalid);
  });

  it('answers any input with the profile or a German message of its own, never an exception', () => {
    const messages = new Set<unknown>(Object.values(PROFILE_MSG).filter((m) => typeof m === 'string'));
    fc.assert(
      fc.property(
        fc.record(
          {
            position: fc.oneof(fc.string(), fc.constant(''), fc.integer()),
            experienceYears: fc.oneof(fc.integer({ min: -5, max: 80 }), fc.double(), fc.string()),
            region: fc.oneof(fc.constantFrom('Wien', 'Tirol', 'Mond'), fc.string()),
            skills: fc.oneof(fc.array(fc.string({ maxLength: 80 }), { maxLength: 20 }), fc.string()),
            salaryExpectationCents: fc.oneof(fc.constant(null), fc.integer(), fc.double()),
            noticePeriod: fc.oneof(fc.constant(null), fc.constantFrom('sofort', '1_monat', 'nie')),
            availableFrom: fc.oneof(fc.constant(null), fc.constantFrom('2027-02-30', '2027-03-01', 'bald')),
            languages: fc.array(fc.string({ maxLength: 70 }), { maxLength: 12 }),
          },
          { requiredKeys: [] },
        ),
        (input) => {
          const result = anonymousProfileSchema.safeParse(input);
          if (result.success) {
            expect(result.data.skills.length).toBeGreaterThan(0);
            return;
          }
          for (const issue of result.error.issues) expect(messages, issue.message).toContain(issue.message);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('The candidate link', () => {
  it('accepts 43 base64url characters only', () => {
    expect(consentTokenSchema.safeParse('a'.repeat(43)).success).toBe(true);
    for (const bad of ['a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}/`, '']) {
      expect(consentTokenSchema.safeParse(bad).error?.issues[0]?.message).toBe(CONSENT_MSG.invalidLink);
    }
  });
});
