import { z } from './zod';

/**
 * 'Meine Daten herunterladen' (DSGVO Art. 15 and 20, issue 28 item 18): the account asks for a
 * ZIP of everything about it; the server builds it in the background and mails a single-use
 * link. The link works only for the signed-in account that asked (docs/privacy.md).
 */

/** How long a built export can be downloaded (days from the moment it was ready). */
export const DATA_EXPORT_VALID_DAYS = 7;
/** Requests an account may make within 24 hours (a request supersedes an undownloaded export). */
export const DATA_EXPORT_MAX_PER_DAY = 3;
/** The download token in the mailed link: 32 random bytes, base64url (43 characters). */
export const DATA_EXPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const DATA_EXPORT_MSG = {
  requested:
    'Wir stellen Ihre Daten zusammen und senden Ihnen einen Link per E-Mail, sobald der Download bereit ist. Das dauert meist nur wenige Minuten.',
  alreadyRunning: 'Ihr Datenexport wird gerade erstellt. Sie erhalten den Link per E-Mail, sobald er bereit ist.',
  tooMany: `Sie können höchstens ${DATA_EXPORT_MAX_PER_DAY} Datenexporte innerhalb von 24 Stunden anfordern. Bitte versuchen Sie es später wieder.`,
  invalidToken: 'Dieser Download-Link ist ungültig. Bitte öffnen Sie den Link aus der E-Mail vollständig.',
  signInRequired: 'Bitte melden Sie sich mit dem Account an, der den Datenexport angefordert hat.',
  unknownLink:
    'Dieser Download-Link gehört nicht zu Ihrem Account oder existiert nicht. Bitte melden Sie sich mit dem Account an, der den Datenexport angefordert hat.',
  used: 'Dieser Download-Link wurde bereits verwendet. Fordern Sie im Profil einen neuen Datenexport an.',
  expired: `Dieser Download-Link ist abgelaufen (er gilt ${DATA_EXPORT_VALID_DAYS} Tage). Fordern Sie im Profil einen neuen Datenexport an.`,
  fileGone: 'Der Datenexport ist nicht mehr vorhanden. Fordern Sie im Profil einen neuen Datenexport an.',
  downloadFailed: 'Der Download ist fehlgeschlagen.',
} as const;

/** The state of a request as the profile shows it. */
export const DATA_EXPORT_STATES = ['in_arbeit', 'bereit', 'heruntergeladen', 'abgelaufen', 'fehlgeschlagen'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

/** GET /api/data-exports/latest: the newest request of the account, or null. */
export const dataExportStatusSchema = z.object({
  id: z.number(),
  state: z.enum(DATA_EXPORT_STATES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** Until when the link works (state 'bereit'; also shown for 'abgelaufen'). */
  expiresAt: z.string().nullable(),
  downloadedAt: z.string().nullable(),
  /** The ZIP's size in bytes once built. */
  size: z.number().nullable(),
  /** Whether a new request would be accepted now (no running request, daily allowance left). */
  canRequest: z.boolean(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** POST /api/data-exports takes no fields: the account is the signed-in one. */
export const dataExportRequestSchema = z.strictObject({}, { error: () => 'Unbekanntes Feld.' });

/** POST /api/data-exports/download: the token from the mailed link (the link's #fragment). */
export const dataExportDownloadSchema = z.strictObject(
  {
    token: z
      .string({ error: DATA_EXPORT_MSG.invalidToken })
      .regex(DATA_EXPORT_TOKEN_PATTERN, DATA_EXPORT_MSG.invalidToken),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? DATA_EXPORT_MSG.invalidToken : undefined) },
);
export type DataExportDownloadRequest = z.infer<typeof dataExportDownloadSchema>;

/** The web page the mailed link opens; the token travels in the fragment (never in server logs). */
export const DATA_EXPORT_DOWNLOAD_PATH = '/data-export';
