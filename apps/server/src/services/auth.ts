import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt } from 'drizzle-orm';
import {
  ROLE_NAMES,
  sideOf,
  TWO_FACTOR_MSG,
  type ActiveMembership,
  type MemberRole,
  type OrganisationKind,
} from '@pb/core';
import type { Db } from '../db/client';
import { organisationMembers, organisations, userSessions, users, type UserRole } from '../db/schema';
import { requestDataVersions } from './data-versions';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { isActiveUser } from './policies';

/** The membership a session acts for: which organisation, of which kind, in which role (core's contract). */
export type { ActiveMembership };

/** The authenticated caller, as committed when the request began (see AccountCache). */
export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  /**
   * 'admin' for the back office; otherwise the side of the active organisation ('company' for an
   * Unternehmen, 'consultant' for a Personalvermittlung), or the account's own without one.
   */
  role: UserRole;
  roleName: string;
  tokenVersion: number;
  /** The organisation the session acts for; null for the back office and before one is chosen. */
  organisation: ActiveMembership | null;
}

/** The session (user_sessions row) the request's token belongs to. */
export interface AuthSession {
  id: string;
  /** The session proved a second factor (at sign-in or by enrolling one). */
  secondFactor: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a valid bearer token came with the request; null for visitors. */
    user: CurrentUser | null;
    /** The signed-in request's session; null for visitors. */
    authSession: AuthSession | null;
  }
  interface FastifyContextConfig {
    /** The route reads Authorization itself (a token that is no user's, e.g. the metrics scraper's). */
    ownAuthorization?: boolean;
    /**
     * An admin whose session has no second factor may call this route (setting one up, the own
     * account, the sessions, signing out); every other route answers 403 SecondFactorRequired.
     */
    beforeSecondFactor?: boolean;
  }
  interface FastifyInstance {
    accountCache: AccountCache;
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireRole: (...roles: UserRole[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;
type SignedIn = NonNullable<Awaited<ReturnType<typeof findSignedIn>>>;

/** A session's last use is written at most this often (not on every request). */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;

/**
 * The sessions the sign-in check has read (with their accounts), each with the accounts version
 * (list_versions 'accounts', migrations 0023, 0027) it was read at. An entry answers only while
 * that version is still the committed one: every change of what the check reads (token version,
 * block, confirmation, role, e-mail, user name, description, deletion; a session's revocation or
 * second factor) raises it at commit. The request reads the version in the statement it needs
 * anyway for the advertisement list's version (services/data-versions), so a revocation is seen by the
 * next request on every instance, exactly as with a fresh read.
 */
export class AccountCache {
  private readonly entries = new Map<string, { version: number; account: SignedIn }>();
  /** When this process last wrote a session's last use (epoch ms). */
  private readonly touched = new Map<string, number>();
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly maxEntries = 50_000) {}

  /** True when the session's last use is due to be written (and notes that it is being written). */
  touchDue(sessionId: string, lastUsedAt: Date, now: Date): boolean {
    const last = Math.max(lastUsedAt.getTime(), this.touched.get(sessionId) ?? 0);
    if (now.getTime() - last < SESSION_TOUCH_INTERVAL_MS) return false;
    this.touched.delete(sessionId);
    if (this.touched.size >= this.maxEntries) {
      const oldest = this.touched.keys().next().value;
      if (oldest !== undefined) this.touched.delete(oldest);
    }
    this.touched.set(sessionId, now.getTime());
    return true;
  }

  get(id: string, version: number): SignedIn | undefined {
    const entry = this.entries.get(id);
    if (entry?.version === version) {
      this.stats.hits += 1;
      return entry.account;
    }
    this.stats.misses += 1;
    return undefined;
  }

  set(id: string, version: number, account: SignedIn): void {
    const current = this.entries.get(id);
    // A slower request that read an older version must not replace a newer entry.
    if (current && current.version > version) return;
    this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, { version, account });
  }
}

/** Reads "Authorization: Bearer …", verifies it and checks the user still may use it. */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('authSession', null);
    app.decorate('accountCache', new AccountCache());

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header || request.routeOptions.config.ownAuthorization) return;
      const match = /^Bearer\s+(\S{1,2048})$/i.exec(header);
      // A malformed or invalid token answers 401 so the client drops it (spec §7).
      if (!match?.[1]) throw unauthorized();
      const claims = await app.jwt.verify(match[1]);
      if (!claims) throw unauthorized();
      const { accounts: version } = await requestDataVersions(request);
      let row = app.accountCache.get(claims.sessionId, version);
      if (!row) {
        row = await findSignedIn(app.db, claims.sessionId);
        if (row) app.accountCache.set(claims.sessionId, version, row);
      }
      // Signed in means an active user whose token was issued after the last revocation, in a
      // session of theirs that was not signed out.
      if (!row || !isSessionOf(row, claims)) throw unauthorized();
      request.user = asCurrentUser(row, activeMembershipOf(row));
      request.authSession = { id: row.sessionId, secondFactor: row.secondFactor !== null };
      // Back-office admins must prove a second factor before anything else (decision 0028).
      if (row.role === 'admin' && row.secondFactor === null && !request.routeOptions.config.beforeSecondFactor) {
        throw new AppError(403, TWO_FACTOR_MSG.adminMustEnrol, 'SecondFactorRequired');
      }
      const now = app.now();
      if (app.accountCache.touchDue(row.sessionId, row.lastUsedAt, now)) await touchSession(app, row.sessionId, now);
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
    });

    app.decorate('requireRole', (...roles: UserRole[]) => async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
      if (!roles.includes(request.user.role)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

/** For handlers behind requireUser: the caller, typed as present. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The session a verified token names is still good for it. */
export function isSessionOf(
  row: SignedIn,
  claims: { userId: number; tokenVersion: number; sessionId: string },
): boolean {
  return (
    row.id === claims.userId &&
    isActiveUser(row) &&
    row.tokenVersion === claims.tokenVersion &&
    row.sessionTokenVersion === claims.tokenVersion &&
    row.revokedAt === null
  );
}

/** Writes a session's last use; only forward in time, and never failing the request. */
async function touchSession(app: FastifyInstance, sessionId: string, now: Date): Promise<void> {
  try {
    await app.db
      .update(userSessions)
      .set({ lastUsedAt: now })
      .where(and(eq(userSessions.id, sessionId), lt(userSessions.lastUsedAt, now)));
  } catch (err) {
    app.log.warn({ err }, 'sessions: could not record the last use of a session');
  }
}

/** An account as the guards see it: who, which role, which token version, and whether it may be used. */
const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  tokenVersion: users.tokenVersion,
  blocked: users.blocked,
  confirmed: users.confirmed,
};

/** A session with its account, as the sign-in check reads it. */
export async function findSignedIn(db: Pick<Db, 'select'>, sessionId: string) {
  const [row] = await db
    .select({
      ...accountColumns,
      sessionId: userSessions.id,
      sessionTokenVersion: userSessions.tokenVersion,
      secondFactor: userSessions.secondFactor,
      revokedAt: userSessions.revokedAt,
      lastUsedAt: userSessions.lastUsedAt,
      memberId: organisationMembers.id,
      memberRole: organisationMembers.role,
      organisationId: organisations.id,
      organisationName: organisations.name,
      organisationKind: organisations.kind,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    // Only a membership that has not ended (and is the session's own person's) counts.
    .leftJoin(
      organisationMembers,
      and(
        eq(organisationMembers.id, userSessions.organisationMemberId),
        eq(organisationMembers.userId, userSessions.userId),
        isNull(organisationMembers.leftAt),
      ),
    )
    .leftJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(userSessions.id, sessionId))
    .limit(1);
  return row;
}

/** An account as the guards see it; Db or a transaction handle. */
export async function findAccount(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The columns of a session's live membership as a left join reads them (null: none, or it ended). */
export interface MembershipColumns {
  memberId: number | null;
  memberRole: MemberRole | null;
  organisationId: number | null;
  organisationName: string | null;
  organisationKind: OrganisationKind | null;
}

/** The membership those columns name; null when the join found none. */
export function membershipFrom(row: MembershipColumns | null | undefined): ActiveMembership | null {
  if (!row || row.memberId === null || row.organisationId === null) return null;
  return {
    memberId: row.memberId,
    organisationId: row.organisationId,
    organisationName: row.organisationName!,
    kind: row.organisationKind!,
    role: row.memberRole!,
  };
}

/** The session's membership as the signed-in check read it; null without one (or for the back office). */
export function activeMembershipOf(row: SignedIn): ActiveMembership | null {
  return row.role === 'admin' ? null : membershipFrom(row);
}

/** The caller's shape of an account row (the token check is the caller's). */
export function asCurrentUser(row: Account, organisation: ActiveMembership | null = null): CurrentUser {
  const role = organisation ? sideOf(organisation.kind) : row.role;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role,
    roleName: ROLE_NAMES[role],
    tokenVersion: row.tokenVersion,
    organisation,
  };
}
