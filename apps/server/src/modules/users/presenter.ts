import { ROLE_NAMES, type AuthUser, type PublicConsultant } from '@pb/core';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Columns the presenters read; select these instead of the whole row. */
export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  description: users.description,
  services: users.services,
  public: users.public,
  profileImgId: users.profileImgId,
  confirmed: users.confirmed,
  blocked: users.blocked,
  tokenVersion: users.tokenVersion,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
} as const;

export type PresentableUser = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'email'
  | 'role'
  | 'description'
  | 'services'
  | 'public'
  | 'profileImgId'
  | 'confirmed'
  | 'blocked'
  | 'lastLogin'
  | 'createdAt'
>;

/** URL under which a profile image is served (see uploads routes). */
export function profileImageUrl(uploadId: number | null): string | null {
  return uploadId === null ? null : `/api/profile-images/${uploadId}`;
}

/** The one shape of the signed-in user (login, /users/me, own profile). */
export function presentAuthUser(row: PresentableUser): AuthUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    description: row.description,
    role: { type: row.role, name: ROLE_NAMES[row.role] },
    confirmed: row.confirmed,
    blocked: row.blocked,
    public: row.public,
    services: Array.isArray(row.services) ? row.services : [],
    profile_img: profileImageUrl(row.profileImgId),
    profile_img_id: row.profileImgId,
    last_login: row.lastLogin ? row.lastLogin.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What anyone signed in may see of a public consultant — nothing else. */
export function presentPublicConsultant(
  row: Pick<UserRow, 'id' | 'username' | 'email' | 'description' | 'profileImgId' | 'services'>,
): PublicConsultant {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    description: row.description,
    profile_img: profileImageUrl(row.profileImgId),
    services: Array.isArray(row.services) ? row.services : [],
  };
}
