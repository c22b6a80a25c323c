import { MEMBER_ROLE_NAMES, formatDateTime, type MemberRole } from '@pb/core';
import type { Db } from '../../db/client';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';

/** The invitation mail (German), queued in the caller's transaction. */
export function queueInvitationMail(
  db: Pick<Db, 'insert'>,
  publicUrl: string,
  invitation: {
    to: string;
    organisationName: string;
    role: MemberRole;
    invitedBy: string;
    token: string;
    expiresAt: Date;
  },
) {
  const link = `${publicUrl}/einladung#${encodeURIComponent(invitation.token)}`;
  const paragraphs = [
    'Guten Tag,',
    `${invitation.invitedBy} lädt Sie ein, bei der Prämienbörse für „${invitation.organisationName}“ in der Rolle „${MEMBER_ROLE_NAMES[invitation.role]}“ mitzuarbeiten.`,
    'Mit dem folgenden Link nehmen Sie die Einladung an – mit Ihrem bestehenden Account oder einem neuen, den Sie dabei anlegen:',
  ];
  const after = [
    `Der Link gilt bis ${formatDateTime(invitation.expiresAt)} und kann einmal verwendet werden.`,
    'Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  ];
  return enqueueMail(db, {
    event: 'organisation.invitation',
    to: invitation.to,
    subject: `Einladung zu „${invitation.organisationName}“ – Prämienbörse`,
    text: [...paragraphs, link, ...after].join('\n\n'),
    html: simpleHtml([...paragraphs, ...after], { href: link, label: 'Einladung ansehen' }),
  });
}
