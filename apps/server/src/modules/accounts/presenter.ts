import { ROLE_NAMES, type ActiveMembership, type AuthUser, type OwnUser, type PendingEmailChange } from '@pb/core';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Columns the presenters read; select these instead of the whole row. */
export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  confirmed: users.confirmed,
  blocked: users.blocked,
  tokenVersion: users.tokenVersion,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
} as const;

export type PresentableUser = Pick<
  UserRow,
  'id' | 'username' | 'email' | 'role' | 'confirmed' | 'blocked' | 'lastLogin' | 'createdAt'
>;

export interface UserPresentOptions {
  /** The organisation the session acts for (the login answer, the own user); null without one. */
  organisation?: ActiveMembership | null;
}

/** The one shape of the signed-in user (login, /users/me, own profile, back office). */
export function presentAuthUser(row: PresentableUser, options: UserPresentOptions = {}): AuthUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: { type: row.role, name: ROLE_NAMES[row.role] },
    confirmed: row.confirmed,
    blocked: row.blocked,
    last_login: row.lastLogin ? row.lastLogin.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    organisation: options.organisation ?? null,
  };
}

/** The signed-in user's own view (profile routes): the AuthUser plus a pending e-mail change. */
export function presentOwnUser(
  row: PresentableUser,
  pendingEmail: PendingEmailChange | null,
  options: UserPresentOptions = {},
): OwnUser {
  return {
    ...presentAuthUser(row, options),
    pendingEmail,
  };
}
