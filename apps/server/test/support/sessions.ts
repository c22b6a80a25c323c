import { randomBytes } from 'node:crypto';
import type { JwtService } from '../../src/lib/tokens';

/**
 * A signed-in session for test data written straight into the database: a user_sessions row
 * (decision 0028) and the token that names it. `secondFactor`: the session proved one (what a
 * back-office admin needs); by default only for admins, as if they had signed in with it.
 */

type Query = (text: string, params: unknown[]) => Promise<unknown>;

export interface SessionOptions {
  tokenVersion?: number;
  secondFactor?: boolean;
  device?: string;
  place?: string;
}

/** Opens a session row for the user and signs its token. */
export async function sessionToken(
  db: { query: Query },
  jwt: Pick<JwtService, 'sign'>,
  userId: number,
  options: SessionOptions = {},
): Promise<string> {
  const sessionId = await insertSession(db, userId, options);
  return jwt.sign(userId, options.tokenVersion ?? 0, sessionId);
}

export async function insertSession(
  db: { query: Query },
  userId: number,
  options: SessionOptions = {},
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.query(
    `INSERT INTO user_sessions (id, user_id, token_version, device, place, device_key, second_factor, expires_at,
                                organisation_member_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '1 day',
             (SELECT m.id FROM organisation_members m WHERE m.user_id = $2 AND m.left_at IS NULL
              ORDER BY coalesce(m.last_active_at, m.joined_at) DESC, m.id DESC LIMIT 1))`,
    [
      id,
      userId,
      options.tokenVersion ?? 0,
      options.device ?? 'Testgerät',
      options.place ?? '127.0.0.0/24',
      `test-${id}`,
      options.secondFactor ? 'totp' : null,
    ],
  );
  return id;
}
