import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { users } from '../db/schema';

/**
 * Ending one session (the 'Sitzungen' page, signing out): set `user_sessions.revoked_at` (a
 * trigger raises the accounts version, so every instance's sign-in check sees it on the next
 * request), then after the commit `endSessionSockets(app, [sessionId])` closes that session's
 * sockets on every instance (room `session:<id>`).
 *
 * Ending an account's sessions takes two steps:
 *
 * 1. Inside the transaction that revokes (block, password change or reset,
 *    e-mail change, deletion), bump `users.token_version` with
 *    `...revokeTokens()` in the update's `set` (a deleted row needs no bump).
 *    Every REST request with an older token answers 401 from then on, and so
 *    does every socket event (the gateway re-checks the version per event).
 * 2. After that transaction has committed, call `endUserSessions(app, userId)`:
 *    it closes the account's open chat sockets at once, on every instance
 *    (with REDIS_URL the adapter forwards the request to the other servers),
 *    so no further `chat:message` reaches a revoked session.
 */

/** `set` fragment that revokes every token issued before (spread into the update). */
export function revokeTokens() {
  return { tokenVersion: sql`${users.tokenVersion} + 1` };
}

/**
 * Closes every live socket of the account on all instances. Call it after the
 * commit that bumped the token version (or deleted the row): a socket closed
 * before the commit could reconnect with the old token in between. Never throws;
 * a failure to reach other instances is logged (their per-event check and the
 * token's expiry still end those sockets).
 */
export function endUserSessions(app: FastifyInstance, userId: number): Promise<void> {
  return endSessionsOf(app, [userId]);
}

/** endUserSessions for several accounts (e.g. the retention run's deletions). */
export function endSessionsOf(app: FastifyInstance, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0 || !app.hasDecorator('realtime')) return Promise.resolve();
  try {
    app.realtime.endSocketsOfUsers(userIds);
  } catch (err) {
    app.log.warn({ err, userIds }, 'sessions: could not close the live sockets of revoked sessions');
  }
  return Promise.resolve();
}

/** Closes the live sockets of single sessions on all instances (after the commit that revoked them). */
export function endSessionSockets(app: FastifyInstance, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0 || !app.hasDecorator('realtime')) return Promise.resolve();
  try {
    app.realtime.endSocketsOfSessions(sessionIds);
  } catch (err) {
    app.log.warn({ err }, 'sessions: could not close the live sockets of a revoked session');
  }
  return Promise.resolve();
}
