import { formatDate, viennaParts } from '@pb/core';
import type { Db } from '../../db/client';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';

/**
 * The e-mail change mails (German, Sie-form; docs/decisions/0009-email-change.md),
 * queued through the outbox in the caller's transaction.
 */

/** The account whose address changes, as the mails name it. */
export interface EmailChangeOwner {
  id: number;
  username: string;
  email: string;
}

/** HH:mm in Vienna time. */
function formatTime(value: Date): string {
  const p = viennaParts(value);
  return `${p.hour}:${p.minute}`;
}

type MailDb = Pick<Db, 'insert'>;

export function queueConfirmMail(
  db: MailDb,
  publicUrl: string,
  user: EmailChangeOwner,
  newEmail: string,
  token: string,
) {
  const link = `${publicUrl}/api/email-change/confirm?token=${encodeURIComponent(token)}`;
  const before = [
    `Hallo ${user.username},`,
    `Sie möchten die E-Mail-Adresse Ihres Accounts bei der Prämienbörse von ${user.email} auf ${newEmail} ändern. Bitte bestätigen Sie die neue Adresse mit einem Klick auf den folgenden Link:`,
  ];
  const after = [
    `Der Link ist 48 Stunden gültig und kann einmal verwendet werden. Bis dahin melden Sie sich weiterhin mit ${user.email} an.`,
    'Nach der Bestätigung werden Sie aus Sicherheitsgründen auf allen Geräten abgemeldet und melden sich mit der neuen Adresse wieder an.',
    'Falls Sie diese Änderung nicht angefordert haben, können Sie diese E-Mail ignorieren; die Adresse wird dann nicht geändert.',
  ];
  return enqueueMail(db, {
    event: 'account.email-change.confirm',
    to: newEmail,
    subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse – Prämienbörse',
    text: [...before, link, ...after].join('\n\n'),
    html: simpleHtml([...before, ...after], { href: link, label: 'Neue E-Mail-Adresse bestätigen' }),
  });
}

export function queueNoticeMail(
  db: MailDb,
  publicUrl: string,
  user: EmailChangeOwner,
  newEmail: string,
  token: string,
  objectionExpiresAt: Date,
) {
  const link = `${publicUrl}/email-change/object/${encodeURIComponent(token)}`;
  const before = [
    `Hallo ${user.username},`,
    `für Ihren Account bei der Prämienbörse wurde soeben angefordert, die E-Mail-Adresse von ${user.email} auf ${newEmail} zu ändern. Die Änderung wird erst wirksam, wenn sie über den Link bestätigt wird, den wir an die neue Adresse geschickt haben.`,
    'Wenn Sie das selbst waren, müssen Sie nichts tun.',
    `Falls nicht, widerrufen Sie die Änderung bitte über den folgenden Link – das geht auch, wenn sie bereits bestätigt wurde, bis ${formatDate(objectionExpiresAt)} um ${formatTime(objectionExpiresAt)} Uhr:`,
  ];
  const after = [
    'Beim Widerruf bleibt (oder wird wieder) diese Adresse die Anmeldeadresse Ihres Accounts, alle Sitzungen werden beendet und Sie legen über einen Link, den wir Ihnen an diese Adresse schicken, ein neues Passwort fest.',
  ];
  return enqueueMail(db, {
    event: 'account.email-change.notice',
    to: user.email,
    subject: 'Änderung Ihrer E-Mail-Adresse – Prämienbörse',
    text: [...before, link, ...after].join('\n\n'),
    html: simpleHtml([...before, ...after], { href: link, label: 'Änderung widerrufen' }),
  });
}

export function queueSecuredMail(
  db: MailDb,
  publicUrl: string,
  user: EmailChangeOwner,
  code: string,
  reverted: boolean,
) {
  const link = `${publicUrl}/reset-password/${encodeURIComponent(code)}`;
  const before = [
    `Hallo ${user.username},`,
    reverted
      ? `Sie haben der Änderung Ihrer E-Mail-Adresse widersprochen. Ihre Anmeldeadresse ist wieder ${user.email}.`
      : 'Sie haben der angeforderten Änderung Ihrer E-Mail-Adresse widersprochen. Die Änderung wurde abgebrochen; Ihre Anmeldeadresse bleibt unverändert.',
    'Zu Ihrer Sicherheit haben wir alle Sitzungen beendet, und Ihr bisheriges Passwort gilt nicht mehr. Bitte legen Sie über den folgenden Link ein neues Passwort fest:',
  ];
  const after = [
    'Der Link ist eine Stunde gültig und kann einmal verwendet werden. Danach können Sie jederzeit unter „Passwort vergessen?“ einen neuen Link anfordern.',
  ];
  return enqueueMail(db, {
    event: 'account.email-change.secured',
    to: user.email,
    subject: 'Neues Passwort festlegen – Prämienbörse',
    text: [...before, link, ...after].join('\n\n'),
    html: simpleHtml([...before, ...after], { href: link, label: 'Neues Passwort festlegen' }),
  });
}

export function queueRevertedMail(db: MailDb, user: EmailChangeOwner, lostAddress: string) {
  const paragraphs = [
    `Hallo ${user.username},`,
    `die Inhaberin bzw. der Inhaber der bisherigen E-Mail-Adresse hat der Änderung widersprochen. Die Adresse ${lostAddress} ist daher nicht mehr mit dem Account bei der Prämienbörse verbunden; die Änderung wurde widerrufen.`,
    'Falls Sie die Änderung selbst vorgenommen haben, wenden Sie sich bitte über das Kontaktformular an uns.',
  ];
  return enqueueMail(db, {
    event: 'account.email-change.reverted',
    to: lostAddress,
    subject: 'Änderung der E-Mail-Adresse widerrufen – Prämienbörse',
    text: paragraphs.join('\n\n'),
    html: simpleHtml(paragraphs),
  });
}

export function queueBlockedOfficeMail(db: MailDb, officeEmail: string, user: EmailChangeOwner, oldEmail: string) {
  const paragraphs = [
    `Der Account #${user.id} (${user.username}) wurde gesperrt: Die Inhaberin bzw. der Inhaber von ${oldEmail} hat der Änderung der E-Mail-Adresse auf ${user.email} widersprochen, die alte Adresse gehört inzwischen aber zu einem anderen Account.`,
    'Bitte klären Sie den Fall mit der Person, die sich meldet, und geben Sie den Account danach im Back-Office wieder frei.',
  ];
  return enqueueMail(db, {
    event: 'account.email-change.blocked',
    to: officeEmail,
    subject: `Account #${user.id} nach Widerspruch gesperrt`,
    text: paragraphs.join('\n\n'),
    html: simpleHtml(paragraphs),
  });
}
