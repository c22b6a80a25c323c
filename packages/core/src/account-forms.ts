import { z } from './zod';
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { MSG } from './messages';
import { emailSchema, forgotPasswordRequestSchema } from './accounts';

/**
 * The web's auth forms (registration, login, forgot and reset password): their checks as zod
 * schemas built on the server's rules (accounts.ts). A failed check reports the summary line's
 * message first — the spec's text, in the spec's order, what firstMessage() returns — and then
 * every refused field with a message of its own under the field's name, all at once, so the form
 * can mark each field. The server's answers stay the spec's; these field texts only the web shows.
 */

/** What the auth forms show below a field they refuse (the summary keeps the spec's MSG text). */
export const ACCOUNT_FIELD_MSG = {
  emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: MSG.contactInvalidEmail,
  passwordRequired: 'Bitte geben Sie Ihr Passwort ein.',
  newPasswordRequired: 'Bitte legen Sie ein Passwort fest.',
  passwordRepeatRequired: 'Bitte wiederholen Sie das Passwort.',
} as const;

/** The summary first (no path), then each field's message; nothing while the summary is null. */
function addFormIssues(ctx: z.RefinementCtx, summary: string | null, fields: Record<string, string | false>): void {
  if (summary === null) return;
  ctx.addIssue({ code: 'custom', message: summary });
  for (const [field, message] of Object.entries(fields)) {
    if (message) ctx.addIssue({ code: 'custom', message, path: [field] });
  }
}

/** True when the server's address rule takes the text. */
const isEmail = (text: string) => emailSchema.safeParse(text).success;

/**
 * Registration (spec §5, order matters): the summary is the first failing rule; an address the
 * server would refuse anyway ends in the spec's server message without a request.
 */
export const registrationFormSchema = z
  .object({
    privacyAccepted: z.boolean(),
    role: z.union([z.literal(0), z.literal(1), z.literal(3)]),
    name: z.string(),
    email: z.string(),
    password: z.string(),
    passwordRepeat: z.string(),
    description: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const emailMissing = !v.email.trim();
    const emailInvalid = !emailMissing && !isEmail(v.email);
    const nameShort = v.name.trim().length < NAME_MIN_LENGTH;
    const differ = !v.password || v.password !== v.passwordRepeat;
    const short = v.password.length < PASSWORD_MIN_LENGTH;
    const rules: Array<[broken: boolean, message: string]> = [
      [!v.privacyAccepted, MSG.privacyRequired],
      [emailMissing || !v.password || !v.passwordRepeat || v.role === 0, MSG.fillAllFields],
      [nameShort, MSG.nameTooShort],
      [differ, MSG.passwordsDiffer],
      [short, MSG.passwordTooShort],
      [emailInvalid, MSG.registrationFailed],
    ];
    addFormIssues(ctx, rules.find(([broken]) => broken)?.[1] ?? null, {
      name: nameShort && MSG.nameTooShort,
      email: emailMissing ? ACCOUNT_FIELD_MSG.emailRequired : emailInvalid && ACCOUNT_FIELD_MSG.emailInvalid,
      password: !v.password ? ACCOUNT_FIELD_MSG.newPasswordRequired : short && MSG.passwordTooShort,
      passwordRepeat: !v.passwordRepeat
        ? ACCOUNT_FIELD_MSG.passwordRepeatRequired
        : Boolean(v.password) && differ && MSG.passwordsDiffer,
      privacyAccepted: !v.privacyAccepted && MSG.privacyRequired,
    });
  });
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/**
 * Login: an empty field gets its own message; the summary is the refusal the server answers for
 * it (loginRequestSchema), so nothing is sent that can only fail.
 */
export const loginFormSchema = z.object({ identifier: z.string(), password: z.string() }).superRefine((v, ctx) => {
  const identifierMissing = !v.identifier.trim();
  addFormIssues(ctx, identifierMissing || !v.password ? MSG.loginFailed : null, {
    identifier: identifierMissing && ACCOUNT_FIELD_MSG.emailRequired,
    password: !v.password && ACCOUNT_FIELD_MSG.passwordRequired,
  });
});

/**
 * Forgot password: an address forgotPasswordRequestSchema refuses gets a field message; the
 * summary is what the page shows for the server's 400 on it (decision 0002).
 */
export const forgotPasswordFormSchema = z.object({ email: z.string() }).superRefine((v, ctx) => {
  const missing = !v.email.trim();
  const invalid = !missing && !forgotPasswordRequestSchema.shape.email.safeParse(v.email).success;
  addFormIssues(ctx, missing || invalid ? MSG.forgotUnknownEmail : null, {
    email: missing ? ACCOUNT_FIELD_MSG.emailRequired : invalid && ACCOUNT_FIELD_MSG.emailInvalid,
  });
});

/**
 * Reset password: spec §5 first (both filled and equal), then the length the server checks
 * (resetPasswordRequestSchema) — as the summary and on the field each concerns.
 */
export const resetPasswordFormSchema = z
  .object({ password: z.string(), passwordConfirmation: z.string() })
  .superRefine((v, ctx) => {
    const differ = !v.password || v.password !== v.passwordConfirmation;
    const short = Boolean(v.password) && v.password.length < PASSWORD_MIN_LENGTH;
    addFormIssues(ctx, differ ? MSG.resetPasswordsDiffer : short ? MSG.passwordTooShort : null, {
      password: !v.password ? ACCOUNT_FIELD_MSG.newPasswordRequired : short && MSG.passwordTooShort,
      passwordConfirmation: !v.passwordConfirmation
        ? ACCOUNT_FIELD_MSG.passwordRepeatRequired
        : Boolean(v.password) && differ && MSG.resetPasswordsDiffer,
    });
  });
