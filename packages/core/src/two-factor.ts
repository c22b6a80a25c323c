import { z } from './zod';
import { PASSWORD_MAX_LENGTH, TOKEN_MAX_LENGTH } from './constants';
import { loginResponseSchema } from './accounts';
import { safeText } from './input';

/**
 * Two-factor sign-in (TOTP with recovery codes, passkeys) and the sessions page
 * (docs/decisions/0028-two-factor-and-sessions.md): request schemas, limits, the
 * answers and the German texts. An account without a second factor signs in as
 * before (`{ jwt, user }`); one with a second factor gets a challenge instead.
 */

/** Digits of a TOTP code (RFC 6238, 30-second steps, SHA-1: what every authenticator app reads). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes handed out at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: two groups of five letters/digits (base32 alphabet without look-alikes). */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-9]{5}-[A-Z2-9]{5}$/;
/** How long the password step's challenge is good for, and how many codes it may try. */
export const SECOND_FACTOR_CHALLENGE_MINUTES = 5;
export const SECOND_FACTOR_ATTEMPTS = 5;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const TWO_FACTOR_MSG = {
  codeInvalid: 'Der Code ist ungültig oder wurde bereits verwendet.',
  challengeInvalid: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut mit Ihrem Passwort an.',
  passwordWrong: 'Das Passwort ist nicht korrekt.',
  setupFirst: 'Bitte richten Sie die Authenticator-App zuerst ein.',
  alreadyEnabled: 'Die Authenticator-App ist bereits eingerichtet.',
  notEnabled: 'Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.',
  requiredForAdmins:
    'Für Administratoren ist die Zwei-Faktor-Anmeldung verpflichtend: der letzte zweite Faktor kann nicht entfernt werden.',
  adminMustEnrol:
    'Für das Backoffice ist eine Zwei-Faktor-Anmeldung nötig. Bitte richten Sie sie unter „Sicherheit“ ein und melden Sie sich damit an.',
  passkeyFailed: 'Der Passkey konnte nicht bestätigt werden. Bitte versuchen Sie es erneut.',
  passkeyUnknown: 'Dieser Passkey ist für Ihr Konto nicht registriert.',
  passkeyGone: 'Der Passkey existiert nicht (mehr).',
  sessionGone: 'Die Sitzung existiert nicht (mehr).',
  codeFormat: 'Bitte geben Sie den 6-stelligen Code oder einen Wiederherstellungscode ein.',
  passkeyName: 'Bitte geben Sie dem Passkey einen Namen (höchstens 60 Zeichen).',
  proofRequired:
    'Bitte bestätigen Sie die Änderung mit Ihrem zweiten Faktor: einem Code aus der Authenticator-App, einem Wiederherstellungscode oder Ihrem Passkey.',
} as const;

const password = z.string().min(1, TWO_FACTOR_MSG.passwordWrong).max(PASSWORD_MAX_LENGTH);
const challengeToken = z.string().min(1, TWO_FACTOR_MSG.challengeInvalid).max(TOKEN_MAX_LENGTH);

/** A 6-digit TOTP code or a recovery code; spaces are ignored and letters upper-cased. */
export const secondFactorCodeSchema = z
  .string()
  .max(40, TWO_FACTOR_MSG.codeFormat)
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), TWO_FACTOR_MSG.codeFormat);

export const totpCodeSchema = z
  .string()
  .max(20, TWO_FACTOR_MSG.codeFormat)
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^\d{6}$/.test(v), TWO_FACTOR_MSG.codeInvalid);

// ---------- WebAuthn JSON (what @simplewebauthn/browser hands over), bounded ----------

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Ungültige Passkey-Antwort.');
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
const credentialBase = {
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  // The extension outputs the server reads; others are dropped.
  clientExtensionResults: z
    .object({
      appid: z.boolean().optional(),
      credProps: z.object({ rk: z.boolean().optional() }).optional(),
      hmacCreateSecret: z.boolean().optional(),
    })
    .default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const passkeyRegistrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    authenticatorData: b64url(8192).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
});

export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(8192),
    signature: b64url(2048),
    userHandle: b64url(1024).optional(),
  }),
});

// ---------- sign-in ----------

/** POST /api/auth/second-factor: the password step's challenge and a TOTP or recovery code. */
export const secondFactorCodeRequestSchema = z
  .object({ challenge: challengeToken, code: secondFactorCodeSchema })
  .strict();
/** POST /api/auth/second-factor/passkey-options. */
export const secondFactorChallengeRequestSchema = z.object({ challenge: challengeToken }).strict();
/** POST /api/auth/second-factor/passkey. */
export const secondFactorPasskeyRequestSchema = z
  .object({ challenge: challengeToken, credential: passkeyAuthenticationResponseSchema })
  .strict();

export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The password step's answer for an account with a second factor: no token yet, a challenge. */
export const secondFactorChallengeSchema = z.object({
  secondFactor: z.object({
    challenge: z.string(),
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
    expiresAt: z.string(),
  }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** POST /api/auth/local and /api/auth/reset-password: a session, or the second step's challenge. */
export const loginOutcomeSchema = z.union([loginResponseSchema, secondFactorChallengeSchema]);
export type LoginOutcome = z.infer<typeof loginOutcomeSchema>;

/** WebAuthn options as JSON (@simplewebauthn's *OptionsJSON); the browser library reads them. */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

// ---------- managing the second factors (signed in) ----------

/**
 * A change of the second factors (set up, turn off, passkeys, new recovery codes): the password,
 * and — once the account has a second factor — a fresh proof of it: a TOTP or recovery code, or
 * a passkey assertion over POST /two-factor/step-up/passkey-options. A session alone never suffices.
 */
export const factorChangeRequestSchema = z
  .object({
    password,
    code: secondFactorCodeSchema.optional(),
    passkey: passkeyAuthenticationResponseSchema.optional(),
  })
  .strict();
export type FactorChangeRequest = z.input<typeof factorChangeRequestSchema>;
export const totpConfirmRequestSchema = z.object({ code: totpCodeSchema }).strict();
export const passkeyRegisterRequestSchema = z
  .object({
    name: safeText().trim().min(1, TWO_FACTOR_MSG.passkeyName).max(PASSKEY_NAME_MAX_LENGTH, TWO_FACTOR_MSG.passkeyName),
    credential: passkeyRegistrationResponseSchema,
  })
  .strict();

export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/two-factor. */
export const twoFactorStatusSchema = z.object({
  /** A second factor is set up (TOTP or a passkey): the password alone no longer signs in. */
  enabled: z.boolean(),
  /** The account must have one (back-office admins; later an organisation's rule). */
  required: z.boolean(),
  /** This session proved a second factor (admins need that for the back office). */
  sessionVerified: z.boolean(),
  totp: z.object({ enabled: z.boolean(), enabledAt: z.string().nullable() }),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/two-factor/totp/setup: shown once, never again after the confirmation. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Answers that may hand out fresh recovery codes (shown once; null: the old ones stay). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).nullable() });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const passkeyCreatedSchema = z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()).nullable() });
export type PasskeyCreated = z.infer<typeof passkeyCreatedSchema>;

// ---------- sessions ----------

export const sessionSchema = z.object({
  id: z.string(),
  /** 'Chrome 131 auf Windows' (from the user agent). */
  device: z.string(),
  /** The network the sign-in came from: an IPv4 /24 or IPv6 /48 prefix ('203.0.113.0/24'). */
  place: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
  secondFactor: z.boolean(),
});
export type UserSession = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ data: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;
