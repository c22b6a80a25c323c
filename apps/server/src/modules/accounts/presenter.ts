import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ROLE_NAMES,
  type ActiveMembership,
  type AuthUser,
  type ListedConsultant,
  type OwnUser,
  type PendingEmailChange,
  type PublicConsultant,
} from '@pb/core';
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
  publicDirectoryConsentAt: users.publicDirectoryConsentAt,
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
  | 'publicDirectoryConsentAt'
  | 'profileImgId'
  | 'confirmed'
  | 'blocked'
  | 'lastLogin'
  | 'createdAt'
>;

/** Capability signature so the owner's <img> can load a not-yet-public image without a bearer header. */
export function profileImageSignature(secret: string, uploadId: number): string {
  return createHmac('sha256', secret).update(`profile-image:${uploadId}`).digest('base64url').slice(0, 32);
}

export function isValidProfileImageSignature(secret: string, uploadId: number, sig: string): boolean {
  const expected = Buffer.from(profileImageSignature(secret, uploadId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * URL under which a profile image is served (see profile-image-routes.ts). With a secret the
 * URL carries ?sig=…, valid for that image only (handed to its owner).
 */
export function profileImageUrl(uploadId: number | null, secret?: string): string | null {
  if (uploadId === null) return null;
  const base = `/api/profile-images/${uploadId}`;
  return secret ? `${base}?sig=${profileImageSignature(secret, uploadId)}` : base;
}

export interface UserPresentOptions {
  /** Signs profile_img for its owner (pass app.config.jwtSecret). */
  imageSecret?: string;
  /** The organisation the session acts for (the login answer, the own user); null without one. */
  organisation?: ActiveMembership | null;
}

/** The one shape of the signed-in user (login, /users/me, own profile, back office). */
export function presentAuthUser(row: PresentableUser, options: UserPresentOptions = {}): AuthUser {
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
    profile_img: profileImageUrl(row.profileImgId, options.imageSecret),
    profile_img_id: row.profileImgId,
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
    publicDirectoryConsentAt: row.publicDirectoryConsentAt?.toISOString() ?? null,
  };
}

/** Columns presentListedConsultant reads: the e-mail address is not even read for visitors. */
export const listedConsultantColumns = {
  id: users.id,
  username: users.username,
  description: users.description,
  profileImgId: users.profileImgId,
  services: users.services,
} as const;

/** Columns presentPublicConsultant reads. */
export const publicConsultantColumns = { ...listedConsultantColumns, email: users.email } as const;

/** What a visitor may see of a listed consultant: no e-mail address (listedConsultantSchema). */
export function presentListedConsultant(row: Pick<UserRow, keyof typeof listedConsultantColumns>): ListedConsultant {
  return {
    id: row.id,
    username: row.username,
    description: row.description,
    profile_img: profileImageUrl(row.profileImgId),
    services: Array.isArray(row.services) ? row.services : [],
  };
}

/** What anyone signed in may see of a public consultant — nothing else. */
export function presentPublicConsultant(row: Pick<UserRow, keyof typeof publicConsultantColumns>): PublicConsultant {
  return { ...presentListedConsultant(row), email: row.email };
}
