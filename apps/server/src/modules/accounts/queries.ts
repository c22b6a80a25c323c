import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisationMembers, organisations, uploads, users } from '../../db/schema';
import { listedAgencyCondition } from '../../services/policies';
import type { ParsedListQuery, ResourceQuerySpec } from '../../lib/strapi-query';
import { userColumns } from './presenter';

/** Reads of the accounts module: users, login candidates, profile images. */

export type UploadRow = typeof uploads.$inferSelect;

/** Only these fields of users may be filtered or sorted; anything else (password, tokens, e-mail…) is a 400. */
export const userQuerySpec: ResourceQuerySpec = {
  fields: {
    id: { expr: users.id, type: 'int', ops: ['$eq'] },
  },
  sort: { username: users.username, id: users.id, createdAt: users.createdAt },
  defaultSort: [{ field: 'username', dir: 'asc' }],
  defaultLimit: 200,
  maxLimit: 500,
  maxDepth: 1,
};

export async function findUserById(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
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

/** What the login checks of an account; the password hash never leaves the module. */
export interface LoginCandidate {
  id: number;
  email: string;
  passwordHash: string;
  confirmed: boolean;
  blocked: boolean;
}

/**
 * The account a login identifier names: its e-mail (preferred) or its user name,
 * both case-insensitive; `identifier` is already lower-case.
 */
export async function findLoginCandidate(
  db: Pick<Db, 'select'>,
  identifier: string,
): Promise<LoginCandidate | undefined> {
  const candidates = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      confirmed: users.confirmed,
      blocked: users.blocked,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${identifier} OR lower(${users.username}) = ${identifier}`)
    .limit(2);
  return candidates.find((c) => c.email.toLowerCase() === identifier) ?? candidates[0];
}

/** Whether another account already uses this e-mail or user name (case-insensitive). */
export async function accountTaken(
  db: Pick<Db, 'select'>,
  fields: { email?: string | undefined; username?: string | undefined },
  exceptUserId?: number,
): Promise<boolean> {
  const checks = [];
  if (fields.email !== undefined) checks.push(sql`lower(${users.email}) = ${fields.email.toLowerCase()}`);
  if (fields.username !== undefined) checks.push(sql`lower(${users.username}) = ${fields.username.toLowerCase()}`);
  if (checks.length === 0) return false;
  const condition = sql.join(checks, sql` OR `);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? sql`(${condition})` : sql`(${condition}) AND ${users.id} <> ${exceptUserId}`)
    .limit(1);
  return rows.length > 0;
}

// The accountTaken check can lose a race against a concurrent write: callers catch the violation.
export { isUniqueViolation } from '../../lib/db-errors';

/** The own user, if it also matches the list query's filters. */
export async function findOwnUser(db: Db, userId: number, query: ParsedListQuery) {
  return db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), query.where))
    .limit(1);
}

export async function findProfileImage(db: Pick<Db, 'select'>, id: number): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.purpose, 'profile_image')))
    .limit(1);
  return row;
}

/**
 * A stored image with what its visibility depends on: the organisation whose logo it is (none for
 * an image uploaded and not saved), whether that organisation is listed now, and whether the viewer
 * is one of its members.
 */
export async function findProfileImageWithLogo(db: Db, id: number, viewerId: number | null, now: Date) {
  const [found] = await db
    .select({
      upload: uploads,
      listed: sql<boolean>`coalesce(${listedAgencyCondition(now)}, false)`.mapWith(Boolean),
      viewerIsMember: sql<boolean>`EXISTS (SELECT 1 FROM ${organisationMembers} m
        WHERE m.organisation_id = ${organisations.id} AND m.user_id = ${viewerId ?? 0} AND m.left_at IS NULL)`.mapWith(
        Boolean,
      ),
    })
    .from(uploads)
    .leftJoin(organisations, eq(organisations.logoUploadId, uploads.id))
    .where(and(eq(uploads.id, id), eq(uploads.purpose, 'profile_image')))
    .limit(1);
  return found;
}

/** The images a person uploaded, with the organisation whose logo each is (the data export). */
export async function imagesUploadedBy(db: Pick<Db, 'select'>, userId: number) {
  return db
    .select({
      id: uploads.id,
      originalName: uploads.originalName,
      storageKey: uploads.storageKey,
      createdAt: uploads.createdAt,
      logoOf: organisations.name,
    })
    .from(uploads)
    .leftJoin(organisations, eq(organisations.logoUploadId, uploads.id))
    .where(and(eq(uploads.ownerId, userId), eq(uploads.purpose, 'profile_image')))
    .orderBy(asc(uploads.id));
}
