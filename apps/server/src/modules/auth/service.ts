import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, users } from '../../db/schema';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import { enqueueMail, simpleHtml } from '../mail/outbox';

export type TokenPurpose = 'email_confirmation' | 'password_reset';

export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

type Tx = Pick<Db, 'insert' | 'update' | 'select'>;

/** Creates a single-use token for a mail link; only its hash is stored. */
export async function issueToken(db: Tx, userId: number, purpose: TokenPurpose, now: Date): Promise<string> {
  const { token, hash } = newOpaqueToken();
  const ttl = purpose === 'email_confirmation' ? CONFIRMATION_TTL_MS : RESET_TTL_MS;
  await db.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + ttl),
  });
  return token;
}

/** Marks older unused tokens of a purpose as used (e.g. a new reset code replaces the old). */
export async function invalidateTokens(db: Tx, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

/**
 * Uses a token once: only an unused, unexpired token of that purpose matches,
 * and the conditional update makes a second use (even concurrent) fail.
 */
export async function consumeToken(db: Tx, token: string, purpose: TokenPurpose, now: Date): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashOpaqueToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

export async function findUserByEmail(db: Pick<Db, 'select'>, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      confirmed: users.confirmed,
      blocked: users.blocked,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

// ---------- Mails (German, composed here; no relay) ----------

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
