import { DATA_EXPORT_DOWNLOAD_PATH, DATA_EXPORT_VALID_DAYS, formatDateTime } from '@pb/core';
import { simpleHtml, type OutgoingMail } from '../../services/mail-outbox';

/** The download link of a finished export: the token rides in the fragment (never in a server log). */
export function downloadLink(publicUrl: string, token: string): string {
  return `${publicUrl}${DATA_EXPORT_DOWNLOAD_PATH}#${token}`;
}

/** To the account: its export is ready; the link works once, for 7 days, signed in as this account. */
export function exportReadyMail(to: string, username: string, link: string, expiresAt: Date): OutgoingMail {
  const paragraphs = [
    `Hallo ${username},`,
    'Ihre Daten bei der Prämienbörse sind zusammengestellt. Sie können sie als ZIP-Datei herunterladen.',
    `Der Link funktioniert ein Mal und bis ${formatDateTime(expiresAt)} (${DATA_EXPORT_VALID_DAYS} Tage). Zum Herunterladen melden Sie sich mit Ihrem Account an; danach wird die Datei bei uns gelöscht.`,
    'Wenn Sie den Datenexport nicht angefordert haben, ändern Sie bitte Ihr Passwort.',
  ];
  return {
    event: 'data_export.ready',
    to,
    subject: 'Ihre Daten bei der Prämienbörse stehen zum Download bereit',
    text: [...paragraphs, `Daten herunterladen: ${link}`].join('\n\n'),
    html: simpleHtml(paragraphs, { href: link, label: 'Daten herunterladen' }),
  };
}
