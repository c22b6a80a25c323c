import { describe, expect, it } from 'vitest';
import { addCalendarMonths } from './business-days';
import {
  alreadyKnownDeadline,
  alreadyKnownSchema,
  canChangeIntroductionStatus,
  claimRevivalDeadline,
  INTRODUCTION_MSG,
  INTRODUCTION_STATUSES,
  introductionRequestSchema,
  introductionStatusChangeSchema,
  type IntroductionStatus,
} from './introductions';

const valid = {
  advertisement: 7,
  firstName: 'Anna',
  lastName: 'Müller',
  email: ' Anna.Mueller@Example.AT ',
  consent: true,
};

const firstMessage = (input: unknown) => {
  const result = introductionRequestSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('introduction request', () => {
  it('When name, e-mail and consent are given, then the e-mail is normalised and empty fields are dropped', () => {
    const parsed = introductionRequestSchema.parse({ ...valid, phone: '  ', pitch: '' });
    expect(parsed).toEqual({
      advertisement: 7,
      firstName: 'Anna',
      lastName: 'Müller',
      email: 'anna.mueller@example.at',
      consent: true,
    });
  });

  it('When only a phone number is given, then it is enough (the server checks and normalises it)', () => {
    const { email: _email, ...rest } = valid;
    expect(introductionRequestSchema.parse({ ...rest, phone: '+43 664 1234567' }).phone).toBe('+43 664 1234567');
  });

  it('When neither e-mail nor phone is given, then the German message asks for one', () => {
    const { email: _email, ...rest } = valid;
    expect(firstMessage(rest)).toBe(INTRODUCTION_MSG.contactRequired);
    expect(firstMessage({ ...rest, email: '', phone: ' ' })).toBe(INTRODUCTION_MSG.contactRequired);
  });

  it('When a field is missing or wrong, then each gets its own German message', () => {
    expect(firstMessage({ ...valid, firstName: undefined })).toBe(INTRODUCTION_MSG.firstNameRequired);
    expect(firstMessage({ ...valid, lastName: '   ' })).toBe(INTRODUCTION_MSG.lastNameRequired);
    expect(firstMessage({ ...valid, lastName: 'x'.repeat(101) })).toBe(INTRODUCTION_MSG.nameTooLong);
    expect(firstMessage({ ...valid, email: 'keine-adresse' })).toBe(INTRODUCTION_MSG.invalidEmail);
    expect(firstMessage({ ...valid, pitch: 'x'.repeat(2001) })).toBe(INTRODUCTION_MSG.pitchTooLong);
    expect(firstMessage({ ...valid, consent: false })).toBe(INTRODUCTION_MSG.consentRequired);
    expect(firstMessage({ ...valid, consent: undefined })).toBe(INTRODUCTION_MSG.consentRequired);
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
  it('When a candidate is introduced on a Thursday, then "Bereits bekannt" is possible until Monday (weekend skipped)', () => {
    // Thursday 2026-03-05, 10:00 Vienna.
    expect(alreadyKnownDeadline('2026-03-05T09:00:00.000Z')).toBe('2026-03-09');
  });

  it('When the window crosses an Austrian holiday, then the holiday does not count (8 Dec 2026, Mariä Empfängnis)', () => {
    // Friday 4 Dec: Mon 7 Dec is day 1, Tue 8 Dec is a holiday, Wed 9 Dec is day 2.
    expect(alreadyKnownDeadline('2026-12-04T12:00:00.000Z')).toBe('2026-12-09');
  });

  it('When an introduction arrives late in the evening (UTC still the previous day), then the Vienna day counts', () => {
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
