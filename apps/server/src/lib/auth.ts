import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { ROLE_NAMES } from '@pb/core';
import type { Db } from '../db/client';
import { users, type UserRole } from '../db/schema';
import { requestDataVersions } from './data-versions';
import { forbidden, unauthorized } from './errors';
import { isActiveUser } from './policies';

/** The authenticated caller, as committed when the request began (see AccountCache). */
export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  role: UserRole;
  roleName: string;
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a valid bearer token came with the request; null for visitors. */
    user: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /** The route reads Authorization itself (a token that is no user's, e.g. the metrics scraper's). */
    ownAuthorization?: boolean;
  }
  interface FastifyInstance {
    accountCache: AccountCache;
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireRole: (...roles: UserRole[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/**
 * The accounts the sign-in check has read, each with the accounts version (list_versions
 * 'accounts', migration 0023) it was read at. An entry answers only while that version is still
 * the committed one: every change of what the check reads (token version, block, confirmation,
 * role, e-mail, user name, description, deletion) raises it at commit. The request reads the version in the
 * statement it needs anyway for the advertisement list's version (lib/data-versions), so a
 * revocation is seen by the next request on every instance, exactly as with a fresh read.
 */
export class AccountCache {
  private readonly entries = new Map<number, { version: number; account: Account }>();
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly maxEntries = 50_000) {}

  get(id: number, version: number): Account | undefined {
    const entry = this.entries.get(id);
    if (entry?.version === version) {
      this.stats.hits += 1;
      return entry.account;
    }
    this.stats.misses += 1;
    return undefined;
  }

  set(id: number, version: number, account: Account): void {
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
      let row = app.accountCache.get(claims.userId, version);
      if (!row) {
        row = await findAccount(app.db, claims.userId);
        if (row) app.accountCache.set(claims.userId, version, row);
      }
      // Signed in means an active user whose token was issued after the last revocation.
      if (!row || !isActiveUser(row) || row.tokenVersion !== claims.tokenVersion) throw unauthorized();
      request.user = asCurrentUser(row);
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

/** An account as the guards see it; Db or a transaction handle. */
export async function findAccount(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      tokenVersion: users.tokenVersion,
      blocked: users.blocked,
      confirmed: users.confirmed,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The caller's shape of an account row (the token check is the caller's). */
export function asCurrentUser(row: Account): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    roleName: ROLE_NAMES[row.role],
    tokenVersion: row.tokenVersion,
  };
}
