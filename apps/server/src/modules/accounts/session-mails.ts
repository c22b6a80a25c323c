import { formatDateTime } from '@pb/core';
import type { Db } from '../../db/client';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';

/** The sessions' mails (German), queued in the caller's transaction. */

/** A sign-in from a device the account has not used before. */
export function queueNewDeviceMail(
  db: Pick<Db, 'insert'>,
  publicUrl: string,
  user: { username: string; email: string },
  signIn: { device: string; place: string; at: Date },
) {
  const link = `${publicUrl}/advertisements/sessions`;
  const paragraphs = [
    `Hallo ${user.username},`,
    'Ihr Account bei der Prämienbörse wurde soeben auf einem neuen Gerät angemeldet:',
    `Gerät: ${signIn.device}\nNetzwerk: ${signIn.place}\nZeitpunkt: ${formatDateTime(signIn.at)}`,
    'Waren Sie das? Dann müssen Sie nichts tun.',
    'Falls nicht: Melden Sie diese Sitzung auf der Seite „Sitzungen“ ab, ändern Sie Ihr Passwort und richten Sie die Zwei-Faktor-Anmeldung ein.',
  ];
  return enqueueMail(db, {
    event: 'auth.new-device',
    to: user.email,
    subject: 'Neue Anmeldung bei der Prämienbörse',
    text: [...paragraphs, link].join('\n\n'),
    html: simpleHtml(paragraphs, { href: link, label: 'Sitzungen ansehen' }),
  });
}
