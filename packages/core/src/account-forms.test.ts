import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from './messages';
import {
  ACCOUNT_FIELD_MSG,
  forgotPasswordFormSchema,
  loginFormSchema,
  registrationFormSchema,
  resetPasswordFormSchema,
} from './account-forms';

/** The summary (first issue, no path) and each field's message, as the web's forms read them. */
function problems(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const [first, ...rest] = result.error.issues;
  return {
    summary: first?.path.length === 0 ? first.message : undefined,
    fields: Object.fromEntries(rest.map((issue) => [issue.path.join('.'), issue.message])),
  };
}

describe('registrationFormSchema: the spec’s summary and every field at once', () => {
  it('When the form is sent empty, then the privacy message is the summary and every field says what it needs', () => {
    expect(
      problems(registrationFormSchema, {
        privacyAccepted: false,
        role: 1,
        name: '',
        email: '',
        password: '',
        passwordRepeat: '',
        description: '',
      }),
    ).toEqual({
      summary: MSG.privacyRequired,
      fields: {
        name: MSG.nameTooShort,
        email: ACCOUNT_FIELD_MSG.emailRequired,
        password: ACCOUNT_FIELD_MSG.newPasswordRequired,
        passwordRepeat: ACCOUNT_FIELD_MSG.passwordRepeatRequired,
        privacyAccepted: MSG.privacyRequired,
      },
    });
  });

  it('When the passwords are short and differ, then the mismatch is the summary and each password field has its own', () => {
    expect(
      problems(registrationFormSchema, {
        privacyAccepted: true,
        role: 3,
        name: 'Anna Berger',
        email: 'anna@example.at',
        password: 'abc',
        passwordRepeat: 'abd',
      }),
    ).toEqual({
      summary: MSG.passwordsDiffer,
      fields: { password: MSG.passwordTooShort, passwordRepeat: MSG.passwordsDiffer },
    });
  });

  it('When only the address is no address, then it is refused without a request, with the server’s message', () => {
    expect(
      problems(registrationFormSchema, {
        privacyAccepted: true,
        role: 1,
        name: 'Muster GmbH',
        email: 'keine-adresse',
        password: 'geheim123',
        passwordRepeat: 'geheim123',
      }),
    ).toEqual({ summary: MSG.registrationFailed, fields: { email: ACCOUNT_FIELD_MSG.emailInvalid } });
  });
});

describe('the other auth forms', () => {
  it('When the login is sent empty, then the summary is the login failure and both fields are marked', () => {
    expect(problems(loginFormSchema, { identifier: ' ', password: '' })).toEqual({
      summary: MSG.loginFailed,
      fields: { identifier: ACCOUNT_FIELD_MSG.emailRequired, password: ACCOUNT_FIELD_MSG.passwordRequired },
    });
    expect(problems(loginFormSchema, { identifier: 'a@b.at', password: 'x' })).toBeNull();
  });

  it('When the forgot-password address is empty or no address, then the summary is the page’s 400 text', () => {
    expect(problems(forgotPasswordFormSchema, { email: '' })).toEqual({
      summary: MSG.forgotUnknownEmail,
      fields: { email: ACCOUNT_FIELD_MSG.emailRequired },
    });
    expect(problems(forgotPasswordFormSchema, { email: 'keine-adresse' })).toEqual({
      summary: MSG.forgotUnknownEmail,
      fields: { email: ACCOUNT_FIELD_MSG.emailInvalid },
    });
    expect(problems(forgotPasswordFormSchema, { email: ' Anna@Example.at ' })).toBeNull();
  });

  it('When the new passwords are empty, differ or are short, then spec §5 comes first and the length after', () => {
    expect(problems(resetPasswordFormSchema, { password: '', passwordConfirmation: '' })).toEqual({
      summary: MSG.resetPasswordsDiffer,
      fields: {
        password: ACCOUNT_FIELD_MSG.newPasswordRequired,
        passwordConfirmation: ACCOUNT_FIELD_MSG.passwordRepeatRequired,
      },
    });
    expect(problems(resetPasswordFormSchema, { password: 'abc', passwordConfirmation: 'abd' })).toEqual({
      summary: MSG.resetPasswordsDiffer,
      fields: { password: MSG.passwordTooShort, passwordConfirmation: MSG.resetPasswordsDiffer },
    });
    expect(problems(resetPasswordFormSchema, { password: 'abcde', passwordConfirmation: 'abcde' })).toEqual({
      summary: MSG.passwordTooShort,
      fields: { password: MSG.passwordTooShort },
    });
    expect(problems(resetPasswordFormSchema, { password: 'abcdef', passwordConfirmation: 'abcdef' })).toBeNull();
  });
});
