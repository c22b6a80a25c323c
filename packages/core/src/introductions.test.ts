import { describe, expect, it } from 'vitest';
import { addCalendarMonths } from './business-days';
import { CONSENT_MSG, PROFILE_MSG } from './candidate-consent';
import {
  alreadyKnownDeadline,
  alreadyKnownSchema,
  canChangeIntroductionStatus,
  claimRevivalDeadline,
  INTRODUCTION_MSG,
  INTRODUCTION_STATUSES,
  introductionRequestSchema,
  introductionStatusChangeSchema,
  mayMoveIntroduction,
  type IntroductionStatus,
} from './introductions';

/** The anonymised profile as the consultant fills it in (the optional parts left out). */
const profile = { position: 'Rezeptionistin', experienceYears: 5, region: 'Wien', skills: ['Opera PMS'] };
const parsedProfile = {
  ...profile,
  salaryExpectationCents: null,
  noticePeriod: null,
  availableFrom: null,
  languages: [],
};

const valid = {
  advertisement: 7,
  firstName: 'Anna',
  lastName: 'Müller',
  email: ' Anna.Mueller@Example.AT ',
  profile,
};

const firstMessage = (input: unknown) => {
  const result = introductionRequestSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('introduction request', () => {
  it('When name, e-mail and profile are given, then the e-mail is normalised and empty fields are dropped', () => {
    const parsed = introductionRequestSchema.parse({ ...valid, phone: '  ', pitch: '' });
    expect(parsed).toEqual({
      advertisement: 7,
      firstName: 'Anna',
      lastName: 'Müller',
      email: 'anna.mueller@example.at',
      profile: parsedProfile,
    });
    // In a multipart form the profile is one text field holding JSON.
    expect(introductionRequestSchema.parse({ ...valid, profile: JSON.stringify(profile) }).profile).toEqual(
      parsedProfile,
    );
  });

  it('When a phone number is given beside the e-mail, then it is kept as text (the server checks and normalises it)', () => {
    expect(introductionRequestSchema.parse({ ...valid, phone: '+43 664 1234567' }).phone).toBe('+43 664 1234567');
  });

  // Issue 35: the candidate confirms by mail, so a phone number alone is no longer enough.
  it('When the e-mail is missing or empty, also beside a phone number, then the German message asks for it', () => {
    const { email: _email, ...rest } = valid;
    expect(firstMessage(rest)).toBe(CONSENT_MSG.emailRequired);
    expect(firstMessage({ ...rest, phone: '+43 664 1234567' })).toBe(CONSENT_MSG.emailRequired);
    expect(firstMessage({ ...rest, email: '', phone: ' ' })).toBe(CONSENT_MSG.emailRequired);
  });

  it('When a field is missing or wrong, then each gets its own German message', () => {
    expect(firstMessage({ ...valid, firstName: undefined })).toBe(INTRODUCTION_MSG.firstNameRequired);
    expect(firstMessage({ ...valid, lastName: '   ' })).toBe(INTRODUCTION_MSG.lastNameRequired);
    expect(firstMessage({ ...valid, lastName: 'x'.repeat(101) })).toBe(INTRODUCTION_MSG.nameTooLong);
    expect(firstMessage({ ...valid, email: 'keine-adresse' })).toBe(INTRODUCTION_MSG.invalidEmail);
    expect(firstMessage({ ...valid, pitch: 'x'.repeat(2001) })).toBe(INTRODUCTION_MSG.pitchTooLong);
    // Issue 35: the consultant no longer ticks the consent; the profile is required and names nobody.
    expect(firstMessage({ ...valid, profile: undefined })).toBe(PROFILE_MSG.profileInvalid);
    expect(firstMessage({ ...valid, profile: { ...profile, skills: ['Anna Müller'] } })).toBe(
      PROFILE_MSG.revealsIdentity,
    );
    expect(introductionRequestSchema.safeParse({ ...valid, consent: true }).success).toBe(false);
    expect(introductionRequestSchema.safeParse({ ...valid, keepLonger: true }).success).toBe(false);
    expect(introductionRequestSchema.safeParse({ ...valid, firstName: 'A\u0000' }).success).toBe(false);
    expect(introductionRequestSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });

  it('When the pitch is exactly 2,000 characters, then it is accepted', () => {
    expect(introductionRequestSchema.safeParse({ ...valid, pitch: 'x'.repeat(2000) }).success).toBe(true);
  });
});

describe('introduction stages', () => {
  const allowed = (from: IntroductionStatus) =>
    INTRODUCTION_STATUSES.filter((to) => canChangeIntroductionStatus(from, to));

  it('When a company moves an introduction, then it goes forward, to a rejection, or from a rejection back to a revival stage', () => {
    expect(allowed('neu')).toEqual(['in_pruefung', 'interview', 'angebot', 'eingestellt', 'abgesagt']);
    expect(allowed('interview')).toEqual(['angebot', 'eingestellt', 'abgesagt']);
    expect(allowed('angebot')).toEqual(['eingestellt', 'abgesagt']);
    expect(allowed('abgesagt')).toEqual(['interview', 'angebot', 'eingestellt']);
    expect(allowed('eingestellt')).toEqual([]);
  });

  it('When the candidate has not agreed yet, then only a look or a rejection; once ended unconfirmed, nothing (issue 35)', () => {
    const before = INTRODUCTION_STATUSES.filter((to) => mayMoveIntroduction('neu', to, 'pending'));
    expect(before).toEqual(['in_pruefung', 'abgesagt']);
    expect(INTRODUCTION_STATUSES.filter((to) => mayMoveIntroduction('neu', to, 'confirmed'))).toEqual(allowed('neu'));
    for (const ended of ['declined', 'expired', 'cancelled'] as const) {
      expect(INTRODUCTION_STATUSES.filter((to) => mayMoveIntroduction('abgesagt', to, ended))).toEqual([]);
    }
  });

  it('When the status is "abgesagt", then a reason is required; other stages need none', () => {
    expect(introductionStatusChangeSchema.safeParse({ status: 'interview' }).success).toBe(true);
    const missing = introductionStatusChangeSchema.safeParse({ status: 'abgesagt', reason: '  ' });
    expect(missing.success ? null : missing.error.issues[0]?.message).toBe(INTRODUCTION_MSG.noteRequired);
    expect(introductionStatusChangeSchema.safeParse({ status: 'abgesagt', reason: 'Profil passt nicht' }).success).toBe(
      true,
    );
    expect(introductionStatusChangeSchema.safeParse({ status: 'archiviert' }).success).toBe(false);
    expect(alreadyKnownSchema.safeParse({ note: '' }).success).toBe(false);
  });
});

describe('windows of the terms (Vienna days)', () => {
  // The window runs from the identity's release (issue 35), no longer from the introduction itself.
  it('When the identity is released on a Thursday, then "Bereits bekannt" is possible until Monday (weekend skipped)', () => {
    // Thursday 2026-03-05, 10:00 Vienna.
    expect(alreadyKnownDeadline('2026-03-05T09:00:00.000Z')).toBe('2026-03-09');
  });

  it('When the window crosses an Austrian holiday, then the holiday does not count (8 Dec 2026, Mariä Empfängnis)', () => {
    // Friday 4 Dec: Mon 7 Dec is day 1, Tue 8 Dec is a holiday, Wed 9 Dec is day 2.
    expect(alreadyKnownDeadline('2026-12-04T12:00:00.000Z')).toBe('2026-12-09');
  });

  it('When the identity is released late in the evening (UTC still the previous day), then the Vienna day counts', () => {
    // 23:30 UTC on Sunday 1 Mar is 00:30 on Monday 2 Mar in Vienna.
    expect(alreadyKnownDeadline('2026-03-01T23:30:00.000Z')).toBe('2026-03-04');
  });

  it('When months are added, then month ends are clamped and years roll over', () => {
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2027-07-31', 7)).toBe('2028-02-29');
    expect(addCalendarMonths('2026-06-15', 12)).toBe('2027-06-15');
    expect(claimRevivalDeadline('2026-03-10T10:00:00.000Z')).toBe('2026-10-10');
  });
});
