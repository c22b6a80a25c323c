import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@pb/core';

/**
 * One-click unsubscribe (RFC 8058): the link in a notification mail carries a token that names
 * the user and the kind, signed with the server's secret — it cannot be forged or changed to
 * another user or kind, and works without logging in.
 */

function signature(secret: string, userId: number, kind: NotificationKind): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest();
}

export function unsubscribeToken(secret: string, userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${signature(secret, userId, kind).toString('base64url')}`;
}

export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; kind: NotificationKind } | null {
  const match = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = match[2] as NotificationKind;
  if (!Number.isSafeInteger(userId) || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = signature(secret, userId, kind);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : null;
}

export function unsubscribeUrl(publicUrl: string, secret: string, userId: number, kind: NotificationKind): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, userId, kind))}`;
}

/** The API endpoint mail clients POST to for one-click unsubscribe (List-Unsubscribe). */
export function unsubscribeApiUrl(publicUrl: string, secret: string, userId: number, kind: NotificationKind): string {
  return `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, userId, kind))}`;
}
