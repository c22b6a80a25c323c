import { z } from './zod';
import {
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  IMAGE_MIME_TYPES,
  LEGACY_TEXT_FIELD_MAX_LENGTH,
  MAX_FILE_BYTES,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TOKEN_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from './constants';
import { safeText } from './input';
import { formatDate } from './format';
import { MSG } from './messages';
import { activeMembershipSchema } from './member-permissions';
import type { RoleType } from './roles';

/**
 * Accounts: registration, login, passwords, profile, profile image and the
 * e-mail change (docs/decisions/0009-email-change.md) — request schemas with the
 * spec's German messages, the user shapes that leave the server and the texts.
 * The web's auth forms (registration's ordered rules, field messages) are
 * account-forms.ts.
 */

/** Account messages the spec does not word itself (server errors the web may show). */
export const ACCOUNT_MSG = {
  linkInvalid: 'Der Link ist ungültig oder abgelaufen.',
  administratorOnlyUpload: 'Nur Administratoren einer Personalvermittlung können ein Logo hochladen.',
} as const;

/**
 * What keeps an account from being deleted (issue 28 (4)): money and claims still open. Counted
 * by the server; the refusal names each and what this party can do to close it.
 */
export interface OpenObligations {
  /** Whose account it is: the refusal tells each party what it can actually do. */
  party: RoleType;
  /** Placements reported but not yet invoiced, or invoiced and not yet paid. */
  openPlacements: number;
  /** Guarantee claims the back office has not decided. */
  openClaims: number;
  /**
   * Introductions whose claim still counts under the terms (CIRCUMVENTION_MONTHS): in a stage, or
   * hired without a report that names it.
   */
  liveIntroductions: number;
  /** ISO time when the last of them stops counting (null: none). */
  liveIntroductionsUntil: string | null;
  /** Organisations whose only administrator the account is while others are members (issue 31). */
  soleAdministratorOf: string[];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * How the party closes its live introductions: the company moves them on itself; a consultant
 * cannot reject one (only the company decides), it can report a hire or wait until the claim ends.
 */
function closingIntroductions(open: OpenObligations): string {
  if (open.party !== 'consultant') {
    return 'unter „Vorstellungen“ mit „eingestellt“ und einer Meldung oder „Endgültig absagen“ abschließen';
  }
  const until = open.liveIntroductionsUntil
    ? `; spätestens am ${formatDate(open.liveIntroductionsUntil)} endet Ihr Anspruch daraus und steht der Löschung nicht mehr entgegen`
    : '';
  return `abschließen kann sie nur das Unternehmen, mit „eingestellt“ oder „Endgültig absagen“; wurde Ihre Kandidatin bzw. Ihr Kandidat eingestellt, melden Sie die Vermittlung unter „Meine Vermittlungen“${until}`;
}

/** Null when nothing is open, else the German refusal of the deletion. */
export function accountDeletionRefusal(open: OpenObligations): string | null {
  const parts: string[] = [];
  if (open.openPlacements > 0) {
    parts.push(
      `${count(open.openPlacements, 'Vermittlung ist', 'Vermittlungen sind')} noch nicht verrechnet oder bezahlt (siehe „Rechnungen und Vermittlungen“ bzw. „Meine Vermittlungen“)`,
    );
  }
  if (open.openClaims > 0) {
    parts.push(`${count(open.openClaims, 'Garantiefall ist', 'Garantiefälle sind')} noch in Prüfung`);
  }
  if (open.liveIntroductions > 0) {
    parts.push(
      `${count(open.liveIntroductions, 'Vorstellung läuft', 'Vorstellungen laufen')} noch (${closingIntroductions(open)})`,
    );
  }
  for (const name of open.soleAdministratorOf) {
    parts.push(
      `Sie sind der einzige Administrator von „${name}“ (ernennen Sie unter „Organisation“ zuerst ein weiteres Mitglied zum Administrator)`,
    );
  }
  if (parts.length === 0) return null;
  return `Ihr Konto kann noch nicht gelöscht werden: ${parts.join('; ')}. Sobald alles abgeschlossen ist, können Sie es löschen.`;
}

const trimmed = (max: number) => safeText().trim().max(max);

export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email());

// ---------- Registration, login and passwords (the web's forms: account-forms.ts) ----------

/** What the server accepts on POST /api/auth/local/register. Unknown keys are refused. */
export const registerRequestSchema = z
  .object({
    username: z
      .string({ error: MSG.fillAllFields })
      .trim()
      .min(NAME_MIN_LENGTH, MSG.nameTooShort)
      .max(USERNAME_MAX_LENGTH),
    email: z.string({ error: MSG.fillAllFields }).trim().min(1, MSG.fillAllFields).pipe(emailSchema),
    password: z
      .string({ error: MSG.fillAllFields })
      .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH),
    description: trimmed(DESCRIPTION_MAX_LENGTH).optional(),
    role: z.enum(['company', 'consultant'], { error: MSG.fillAllFields }),
  })
  .strict();
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** A browser's own device id (kept in its storage across sign-outs): tells a new device from a known one. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const loginRequestSchema = z
  .object({
    identifier: z.string().trim().min(1, MSG.loginFailed).max(EMAIL_MAX_LENGTH),
    password: z.string().min(1, MSG.loginFailed).max(PASSWORD_MAX_LENGTH),
    /** Optional beyond spec §7 (decision 0028): sign-ins from an unknown device are mailed to the owner. */
    deviceId: z.string().regex(DEVICE_ID_PATTERN, MSG.badRequest).optional(),
  })
  .strict();

export const forgotPasswordRequestSchema = z.object({ email: emailSchema }).strict();

export const resetPasswordRequestSchema = z
  .object({
    code: z.string().min(1).max(TOKEN_MAX_LENGTH),
    password: z.string().min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort).max(PASSWORD_MAX_LENGTH),
    passwordConfirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .strict()
  .refine((v) => v.password === v.passwordConfirmation, { message: MSG.resetPasswordsDiffer });

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, MSG.passwordChangeFailed).max(PASSWORD_MAX_LENGTH),
    password: z.string().min(PASSWORD_MIN_LENGTH, MSG.passwordChangeFailed).max(PASSWORD_MAX_LENGTH),
    passwordConfirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .strict()
  .refine((v) => v.password === v.passwordConfirmation, { message: MSG.passwordChangeFailed });

// ---------- Profile ----------

/**
 * PUT /api/users/:id: the person's own name and address. Description, services, image and the
 * directory listing belong to the organisation since migration 0040 (organisation-profiles.ts).
 */
export const profileUpdateSchema = z
  .object({
    username: z.string().trim().min(1, MSG.fillAllFields).max(USERNAME_MAX_LENGTH).optional(),
    email: z.string().trim().min(1, MSG.fillAllFields).pipe(emailSchema).optional(),
    last_login: z.union([z.string().max(LEGACY_TEXT_FIELD_MAX_LENGTH), z.number()]).optional(),
  })
  .strict();

// ---------- Profile image (spec §5) ----------

/**
 * Client-side check of a profile image selection (spec §5 Profile image), in the
 * spec's order: one file, at most 5 MB, PNG or JPG. Returns the message or null.
 * The server checks the content again.
 */
export function profileImageError(files: ReadonlyArray<{ size: number; type: string }>): string | null {
  if (files.length !== 1) return MSG.imageOnlyOne;
  const file = files[0]!;
  if (file.size > MAX_FILE_BYTES) return MSG.fileTooLarge;
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return MSG.imageWrongType;
  return null;
}

// ---------- E-mail change (docs/decisions/0009-email-change.md) ----------
// The new address confirms a link before it replaces the old one, the old
// address gets a notice with an objection link.

/** A requested change waiting for the link sent to the new address (own-user responses only). */
export const pendingEmailChangeSchema = z.object({
  email: z.string(),
  /** ISO time after which the confirmation link no longer works. */
  expiresAt: z.string(),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;

/** Where the confirmation link lands: `/email-change?status=…`. */
export const EMAIL_CHANGE_STATUSES = ['confirmed', 'expired', 'used', 'cancelled', 'taken', 'invalid'] as const;
export type EmailChangeStatus = (typeof EMAIL_CHANGE_STATUSES)[number];

/** What an objection did: cancelled a pending change, or put the old address back. */
export const EMAIL_OBJECTION_RESULTS = ['cancelled', 'reverted', 'blocked'] as const;
export type EmailObjectionResult = (typeof EMAIL_OBJECTION_RESULTS)[number];

export const EMAIL_CHANGE_MSG = {
  /** Confirmation link outcomes (landing page). */
  confirmed:
    'Ihre E-Mail-Adresse wurde geändert. Aus Sicherheitsgründen wurden Sie auf allen Geräten abgemeldet. Bitte melden Sie sich mit Ihrer neuen E-Mail-Adresse an.',
  expired:
    'Der Bestätigungslink ist abgelaufen. Die E-Mail-Adresse wurde nicht geändert. Sie können die Änderung in Ihrem Profil erneut anfordern.',
  used: 'Dieser Bestätigungslink wurde bereits verwendet.',
  cancelled:
    'Diese Änderung der E-Mail-Adresse wurde abgebrochen oder durch eine neuere Anfrage ersetzt. Die E-Mail-Adresse wurde nicht geändert.',
  taken:
    'Die neue E-Mail-Adresse wird inzwischen von einem anderen Account verwendet. Die E-Mail-Adresse wurde nicht geändert.',
  invalid: 'Dieser Bestätigungslink ist ungültig. Bitte verwenden Sie den vollständigen Link aus der E-Mail.',
  /** Objection outcomes. */
  objectionCancelled:
    'Die Änderung wurde abgebrochen. Ihre E-Mail-Adresse bleibt unverändert. Alle Sitzungen wurden beendet; wir haben Ihnen einen Link geschickt, mit dem Sie ein neues Passwort festlegen.',
  objectionReverted:
    'Ihre bisherige E-Mail-Adresse wurde wiederhergestellt. Alle Sitzungen wurden beendet; wir haben Ihnen einen Link geschickt, mit dem Sie ein neues Passwort festlegen.',
  objectionBlocked:
    'Ihre bisherige E-Mail-Adresse wird inzwischen von einem anderen Account verwendet. Wir haben Ihren Account deshalb gesperrt und alle Sitzungen beendet. Bitte wenden Sie sich über das Kontaktformular an uns.',
  objectionInvalid: 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.',
  /** Profile. */
  resendTooSoon: 'Die Bestätigungs-E-Mail wurde gerade erst gesendet. Bitte warten Sie eine Minute.',
  noPendingChange: 'Es gibt keine offene Änderung der E-Mail-Adresse.',
  tooManyRequests: 'Zu viele Änderungen der E-Mail-Adresse. Bitte versuchen Sie es in einer Stunde erneut.',
} as const;

/** The landing page's message for a confirmation outcome. */
export function emailChangeStatusMessage(status: EmailChangeStatus): string {
  return EMAIL_CHANGE_MSG[status];
}

/** Body of POST /api/email-change/object (the token from the link in the notice to the old address). */
export const emailObjectionSchema = z.object({ token: z.string().min(1).max(TOKEN_MAX_LENGTH) }).strict();

// ---------- response shapes ----------

/** The signed-in user as login, registration and confirmation return it. */
export const authUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.object({
    type: z.enum(['company', 'consultant', 'admin']),
    name: z.enum(['Company', 'HR-Consultant', 'Admin']),
  }),
  confirmed: z.boolean(),
  blocked: z.boolean(),
  last_login: z.string().nullable(),
  createdAt: z.string(),
  /** The organisation this session acts for (issue 31); null for the back office or without one. */
  organisation: activeMembershipSchema.nullable(),
});

/** The own user (profile routes): AuthUser plus the e-mail change waiting for confirmation (null: none). */
export const ownUserSchema = authUserSchema.extend({
  pendingEmail: pendingEmailChangeSchema.nullable(),
});
export type OwnUser = z.infer<typeof ownUserSchema>;

/**
 * The user as authUserSchema sends it. `pendingEmail` is not part of that schema (the
 * serialiser drops it); it is kept optional here because the web reads own-user
 * responses (ownUserSchema, type OwnUser) through this type.
 */
export interface AuthUser extends z.infer<typeof authUserSchema> {
  /** Own-user responses only (OwnUser): an e-mail change waiting for confirmation (null: none). */
  pendingEmail?: PendingEmailChange | null;
}

/** POST /api/auth/local, /api/auth/reset-password and /api/auth/change-password. */
export const loginResponseSchema = z.object({ jwt: z.string(), user: authUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/local/register: the new, unconfirmed account (no token until confirmed). */
export const registerResponseSchema = z.object({ user: authUserSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST /api/auth/send-email-confirmation (same answer whether or not the address is known). */
export const confirmationResentSchema = z.object({ email: z.string(), sent: z.literal(true) });
export type ConfirmationResent = z.infer<typeof confirmationResentSchema>;

/** POST /api/auth/forgot-password (same answer whether or not the address is known). */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** DELETE /api/users/:id and DELETE /api/upload/files/:id: the id that is gone. */
export const deletedIdSchema = z.object({ id: z.number() });
export type DeletedId = z.infer<typeof deletedIdSchema>;

/** POST /api/upload (profile image): the stored file. */
export const profileImageFileSchema = z.object({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  ext: z.string(),
  mime: z.string(),
  size: z.number(),
});
export type ProfileImageFile = z.infer<typeof profileImageFileSchema>;

/** POST /api/email-change/object: what the objection did and the landing page's text. */
export const emailObjectionResponseSchema = z.object({ status: z.enum(EMAIL_OBJECTION_RESULTS), message: z.string() });
export type EmailObjectionResponse = z.infer<typeof emailObjectionResponseSchema>;
