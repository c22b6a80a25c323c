import { z } from 'zod';

/**
 * Changing the account's e-mail address (docs/decisions/0009-email-change.md):
 * the new address confirms a link before it replaces the old one, the old
 * address gets a notice with an objection link.
 */

/** A requested change waiting for the link sent to the new address (own-user responses only). */
export interface PendingEmailChange {
  email: string;
  /** ISO time after which the confirmation link no longer works. */
  expiresAt: string;
}

/** Where the confirmation link lands: `/email-change?status=…`. */
export const EMAIL_CHANGE_STATUSES = ['confirmed', 'expired', 'used', 'cancelled', 'taken', 'invalid'] as const;
export type EmailChangeStatus = (typeof EMAIL_CHANGE_STATUSES)[number];

/** What an objection did: cancelled a pending change, or put the old address back. */
export type EmailObjectionResult = 'cancelled' | 'reverted' | 'blocked';

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
export const emailObjectionSchema = z.object({ token: z.string().min(1).max(200) }).strict();
