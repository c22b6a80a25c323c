import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { accountDeletionRefusal, type OpenObligations } from './accounts';
import { registrationFormSchema, type RegistrationForm } from './account-forms';
import { firstMessage } from './input';

const validRegistration: RegistrationForm = {
  privacyAccepted: true,
  role: 1,
  name: 'Muster GmbH',
  email: 'office@muster.at',
  password: 'geheim123',
  passwordRepeat: 'geheim123',
  description: 'Wir bauen Häuser.',
};

function registrationMessage(input: RegistrationForm): string | null {
  const result = registrationFormSchema.safeParse(input);
  return result.success ? null : firstMessage(result.error);
}

describe('registrationFormSchema (spec §5, checked in order)', () => {
  it('When every rule holds, then the form is valid', () => {
    expect(registrationMessage(validRegistration)).toBeNull();
    expect(registrationMessage({ ...validRegistration, role: 3, description: undefined })).toBeNull();
  });

  it('When the privacy box is not ticked, then that message comes first even if everything else is wrong', () => {
    expect(
      registrationMessage({ privacyAccepted: false, role: 0, name: '', email: '', password: '', passwordRepeat: 'x' }),
    ).toBe(MSG.privacyRequired);
  });

  it.each([
    ['the e-mail is empty', { email: '  ' }],
    ['the password is empty', { password: '' }],
    ['the password repeat is empty', { passwordRepeat: '' }],
    ['no role is chosen', { role: 0 as const }],
  ])('When %s, then it asks to fill all fields (before the name rule)', (_case, change) => {
    expect(registrationMessage({ ...validRegistration, name: 'ab', ...change })).toBe(MSG.fillAllFields);
  });

  it('When the name is shorter than 3 characters, then the name message comes before the password rules', () => {
    expect(registrationMessage({ ...validRegistration, name: ' ab ', passwordRepeat: 'anders' })).toBe(
      MSG.nameTooShort,
    );
    expect(registrationMessage({ ...validRegistration, name: 'abc' })).toBeNull();
  });

  it('When the passwords differ, then the mismatch message comes before the length rule', () => {
    expect(registrationMessage({ ...validRegistration, password: 'abc', passwordRepeat: 'abd' })).toBe(
      MSG.passwordsDiffer,
    );
  });

  it('When the matching password is shorter than 6 characters, then the length message shows', () => {
    expect(registrationMessage({ ...validRegistration, password: 'abcde', passwordRepeat: 'abcde' })).toBe(
      MSG.passwordTooShort,
    );
    expect(registrationMessage({ ...validRegistration, password: 'abcdef', passwordRepeat: 'abcdef' })).toBeNull();
  });
});

describe('accountDeletionRefusal (issue 28 (4)): each party is told what it can do', () => {
  const open = (party: OpenObligations['party']): OpenObligations => ({
    party,
    openPlacements: 0,
    openClaims: 0,
    liveIntroductions: 2,
    liveIntroductionsUntil: '2027-11-26T10:00:00.000Z',
    soleAdministratorOf: [],
  });

  it('When the account is the only administrator of a team, then it names the organisation and what to do', () => {
    const refusal = accountDeletionRefusal({
      ...open('company'),
      liveIntroductions: 0,
      liveIntroductionsUntil: null,
      soleAdministratorOf: ['Bau Gruber GmbH'],
    });
    expect(refusal).toContain('Sie sind der einzige Administrator von „Bau Gruber GmbH“');
    expect(refusal).toContain('unter „Organisation“');
  });

  it('When nothing is open, then there is no refusal', () => {
    expect(
      accountDeletionRefusal({ ...open('company'), liveIntroductions: 0, liveIntroductionsUntil: null }),
    ).toBeNull();
  });

  it('When a company has live introductions, then it is told to close them itself', () => {
    expect(accountDeletionRefusal(open('company'))).toContain(
      '2 Vorstellungen laufen noch (unter „Vorstellungen“ mit „eingestellt“ und einer Meldung oder „Endgültig absagen“ abschließen)',
    );
  });

  it('When a consultant has live introductions, then it is not told to reject them: only the company can, or the claim runs out', () => {
    const text = accountDeletionRefusal(open('consultant'))!;
    expect(text).not.toMatch(/„Endgültig absagen“ abschließen/);
    expect(text).toContain('abschließen kann sie nur das Unternehmen');
    expect(text).toContain('„Meine Vermittlungen“');
    expect(text).toContain('spätestens am 26.11.2027');
  });
});
