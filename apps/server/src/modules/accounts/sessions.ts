import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { TWO_FACTOR_MSG, type ActiveMembership, type UserSession } from '@pb/core';
import type { Db } from '../../db/client';
import { userSessions, users, type SessionSecondFactor } from '../../db/schema';
import { deviceKey, deviceLabel, networkOf } from '../../lib/devices';
import { notFound } from '../../lib/errors';
import { activeMembershipById, latestMembershipOf } from '../../services/memberships';
import { revokeTokens } from '../../services/sessions';
import { queueNewDeviceMail } from './session-mails';

/**
 * Sessions (decision 0028): every sign-in is a row the JWT names (`sid`). The sessions page
 * lists the open ones; signing one out sets `revoked_at` (the sign-in check and the sockets
 * follow, services/sessions.ts); 'überall abmelden' revokes them all and raises the token version.
 */

/** Ended sessions are kept this long (they tell a known device from a new one), then deleted. */
export const SESSION_HISTORY_DAYS = 180;

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** Where a sign-in comes from, as the request shows it. */
export interface SignInOrigin {
  userAgent: string | undefined;
  ip: string;
  /** The browser's own device id (optional; see DEVICE_ID_PATTERN). */
  deviceId?: string | undefined;
}

/** The device key of a sign-in (stored with the challenge between the password and the second step). */
export function originKey(origin: SignInOrigin): string {
  return deviceKey(origin.deviceId, deviceLabel(origin.userAgent), networkOf(origin.ip));
}

/**
 * Opens a session for a user who has proved who they are, in the caller's transaction: the row
 * the token names. A sign-in from a device the account has not used before (and
 * not the account's first sign-in) queues the new-device mail in the same transaction.
 */
export async function openSession(
  tx: Tx,
  input: {
    user: { id: number; tokenVersion: number; username: string; email: string };
    origin: SignInOrigin;
    /** The device key from the password step (the challenge) when this is the second step. */
    deviceKey?: string | null | undefined;
    secondFactor: SessionSecondFactor | null;
    expiresAt: Date;
    now: Date;
    publicUrl: string;
  },
): Promise<{ id: string; organisation: ActiveMembership | null }> {
  const { user, origin, now } = input;
  const device = deviceLabel(origin.userAgent);
  const place = networkOf(origin.ip);
  const key = input.deviceKey ?? deviceKey(origin.deviceId, device, place);
  const id = randomBytes(18).toString('base64url');
  const historyStart = new Date(now.getTime() - SESSION_HISTORY_DAYS * 86_400_000);
  await tx.delete(userSessions).where(and(eq(userSessions.userId, user.id), lt(userSessions.expiresAt, historyStart)));
  const [seen] = await tx
    .select({
      any: sql<number>`count(*)::int`,
      same: sql<number>`count(*) FILTER (WHERE ${userSessions.deviceKey} = ${key})::int`,
    })
    .from(userSessions)
    .where(eq(userSessions.userId, user.id));
  const organisationMemberId = await latestMembershipOf(tx, user.id);
  await tx.insert(userSessions).values({
    id,
    userId: user.id,
    tokenVersion: user.tokenVersion,
    device,
    place,
    deviceKey: key,
    secondFactor: input.secondFactor,
    organisationMemberId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: input.expiresAt,
  });
  if ((seen?.any ?? 0) > 0 && (seen?.same ?? 0) === 0) {
    await queueNewDeviceMail(tx, input.publicUrl, user, { device, place, at: now });
  }
  return { id, organisation: await activeMembershipById(tx, organisationMemberId) };
}

/** The account's open sessions, newest use first; `current` marks the caller's. */
export async function listSessions(db: Db, userId: number, currentId: string, now: Date): Promise<UserSession[]> {
  const rows = await db
    .select({
      id: userSessions.id,
      device: userSessions.device,
      place: userSessions.place,
      createdAt: userSessions.createdAt,
      lastUsedAt: userSessions.lastUsedAt,
      secondFactor: userSessions.secondFactor,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(openSessionsOf(userId, now))
    .orderBy(desc(userSessions.lastUsedAt), desc(userSessions.createdAt));
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    place: r.place,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    current: r.id === currentId,
    secondFactor: r.secondFactor !== null,
  }));
}

/** Every session row of the account (open and ended, kept SESSION_HISTORY_DAYS), oldest first: the data export. */
export async function sessionHistoryOf(db: Pick<Db, 'select'>, userId: number) {
  return db
    .select({
      device: userSessions.device,
      place: userSessions.place,
      createdAt: userSessions.createdAt,
      lastUsedAt: userSessions.lastUsedAt,
      expiresAt: userSessions.expiresAt,
      revokedAt: userSessions.revokedAt,
      secondFactor: userSessions.secondFactor,
    })
    .from(userSessions)
    .where(eq(userSessions.userId, userId))
    .orderBy(userSessions.createdAt);
}

/** Open: not revoked, not expired, issued at the account's current token version. */
function openSessionsOf(userId: number, now: Date) {
  return and(
    eq(userSessions.userId, userId),
    isNull(userSessions.revokedAt),
    gt(userSessions.expiresAt, now),
    eq(userSessions.tokenVersion, users.tokenVersion),
  );
}

/**
 * Signs out one of the own sessions. Another account's session id, an unknown one or one
 * already ended answers 404 (whose it is is not revealed). The caller closes its sockets.
 */
export async function revokeSession(db: Db, userId: number, sessionId: string, now: Date): Promise<void> {
  const [row] = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  if (!row) throw notFound(TWO_FACTOR_MSG.sessionGone);
}

/**
 * 'Überall abmelden': every session of the account ends, this one too — the token version is
 * raised (tokens of any session stop working) and the open rows are marked revoked. Answers
 * the ids whose sockets the caller closes (endUserSessions closes them all anyway).
 */
export async function revokeAllSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(userSessions)
      .set({ revokedAt: now })
      .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
    await tx
      .update(users)
      .set({ ...revokeTokens(), updatedAt: now })
      .where(eq(users.id, userId));
  });
}

/**
 * Every other open session of the account ends, this one goes on (the account's first second
 * factor). Answers their ids: the caller closes their sockets after the commit.
 */
export async function revokeOtherSessions(db: Tx, userId: number, keepId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.userId, userId), ne(userSessions.id, keepId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return rows.map((r) => r.id);
}

/** The session goes on under a new token version (password change): its row follows the account's. */
export async function carrySession(db: Tx, sessionId: string, tokenVersion: number, expiresAt: Date): Promise<void> {
  await db.update(userSessions).set({ tokenVersion, expiresAt }).where(eq(userSessions.id, sessionId));
}

/** Marks the session as having proved a second factor (it just enrolled one). */
export async function markSessionVerified(db: Tx, sessionId: string, how: SessionSecondFactor): Promise<void> {
  await db
    .update(userSessions)
    .set({ secondFactor: how })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.secondFactor)));
}
