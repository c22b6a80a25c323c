import type { Db } from '../../db/client';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';

/** The sign-up and password mails (German, composed here; no relay), queued in the caller's transaction. */

type MailDb = Pick<Db, 'insert'>;

export function queueConfirmationMail(
  db: MailDb,
  publicUrl: string,
  user: { username: string; email: string },
  token: string,
) {
  const link = `${publicUrl}/api/auth/email-confirmation?confirmation=${encodeURIComponent(token)}`;
  const paragraphs = [
    `Hallo ${user.username},`,
    'vielen Dank für Ihre Registrierung bei der Prämienbörse. Bitte bestätigen Sie Ihre E-Mail-Adresse mit einem Klick auf den folgenden Link:',
  ];
  const after = [
    'Der Link ist 48 Stunden gültig und kann einmal verwendet werden. Danach können Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort anmelden.',
    'Falls Sie sich nicht bei der Prämienbörse registriert haben, können Sie diese E-Mail ignorieren.',
  ];
  return enqueueMail(db, {
    event: 'auth.confirm',
    to: user.email,
    subject: 'Bitte bestätigen Sie Ihren Account bei der Prämienbörse',
    text: [...paragraphs, link, ...after].join('\n\n'),
    html: simpleHtml([...paragraphs, ...after], { href: link, label: 'Account bestätigen' }),
  });
}

export function queueResetMail(db: MailDb, publicUrl: string, user: { username: string; email: string }, code: string) {
  const link = `${publicUrl}/reset-password/${encodeURIComponent(code)}`;
  const paragraphs = [
    `Hallo ${user.username},`,
    'für Ihren Account bei der Prämienbörse wurde ein neues Passwort angefordert. Über den folgenden Link können Sie ein neues Passwort festlegen:',
  ];
  const after = [
    'Der Link ist eine Stunde gültig und kann einmal verwendet werden.',
    'Falls Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr bisheriges Passwort bleibt gültig.',
  ];
  return enqueueMail(db, {
    event: 'auth.reset',
    to: user.email,
    subject: 'Passwort zurücksetzen – Prämienbörse',
    text: [...paragraphs, link, ...after].join('\n\n'),
    html: simpleHtml([...paragraphs, ...after], { href: link, label: 'Neues Passwort festlegen' }),
  });
}

/** For an address without account: the spec's message reaches the person by mail, not the network answer. */
export function queueUnknownAddressMail(db: MailDb, publicUrl: string, email: string, unknownMessage: string) {
  const register = `${publicUrl}/register`;
  const paragraphs = [
    unknownMessage,
    'Für diese E-Mail-Adresse wurde bei der Prämienbörse ein neues Passwort angefordert. Es gibt jedoch keinen Account mit dieser Adresse. Vielleicht haben Sie sich mit einer anderen E-Mail-Adresse registriert?',
    'Wenn Sie die Prämienbörse nutzen möchten, können Sie sich hier registrieren:',
  ];
  const after = ['Falls Sie nichts angefordert haben, können Sie diese E-Mail ignorieren.'];
  return enqueueMail(db, {
    event: 'auth.reset-unknown',
    to: email,
    subject: 'Passwort zurücksetzen – Prämienbörse',
    text: [...paragraphs, register, ...after].join('\n\n'),
    html: simpleHtml([...paragraphs, ...after], { href: register, label: 'Jetzt registrieren' }),
  });
}
