import fp from 'fastify-plugin';
import { and, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { MEMBER_ROLES_OF, ORGANISATION_KINDS, type ActiveMembership, type OrganisationKind } from '@pb/core';
import { organisationMembers, organisations, users, type UserRole } from '../db/schema';
import { forbidden } from '../lib/errors';

/**
 * The policy layer: small functions that answer "may this user do this to this thing".
 * Rules shared by several modules live here, each defined once; rules about one
 * module's things live in that module's `policy.ts` (jobs: owner of advertisement,
 * chat: participant of conversation, placements: may report). REST routes and socket
 * events call the same functions.
 *
 * Every route names the policy that guards it in `config.policy`; a table-driven test
 * lists every route with its policy, so a new route without one fails the build.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rule that guards this route, e.g. 'visitor', 'signedIn', 'role:admin', 'jobs.owner'. */
    policy?: string;
  }
}

/** Throws 403 unless the policy answered yes. */
export function authorize(allowed: boolean): asserts allowed {
  if (!allowed) throw forbidden();
}

/** What the account checks need to know about a user. */
export interface AccountState {
  confirmed: boolean;
  blocked: boolean;
}

/** An active user may sign in and use the product: confirmed e-mail, not blocked. */
export function isActiveUser(user: AccountState): boolean {
  return user.confirmed && !user.blocked;
}

/** The same rule as SQL, for queries over users. */
export const activeUserCondition: SQL = and(eq(users.confirmed, true), eq(users.blocked, false))!;

/**
 * An agency of the directory ('Personalberater', spec §2): it chose to be public, its contract
 * runs (decision 0031 "Terms") and at least one member can act for it (an active account). Its
 * logo is public while this holds (GET /api/profile-images/:id).
 */
export function listedAgencyCondition(now: Date): SQL {
  return and(
    eq(organisations.kind, 'agency'),
    eq(organisations.public, true),
    or(isNull(organisations.contractEndsAt), gt(organisations.contractEndsAt, now)),
    sql`EXISTS (SELECT 1 FROM ${organisationMembers} m JOIN ${users} u ON u.id = m.user_id
                 WHERE m.organisation_id = ${organisations.id} AND m.left_at IS NULL
                   AND u.confirmed AND NOT u.blocked)`,
  )!;
}

/**
 * Agencies a visitor may see: those whose administrator agreed to the directory for everyone (a
 * listing chosen for signed-in users only does not reach visitors or search engines).
 */
export function visitorListedAgencyCondition(now: Date): SQL {
  return and(listedAgencyCondition(now), isNotNull(organisations.publicDirectoryConsentAt))!;
}

/** The caller a policy asks about: an account and its role. */
export interface PolicyCaller {
  id: number;
  role: UserRole;
}

/** The two parties of a conversation or an introduction: the consultant and the company. */
export interface ConsultantCompanyPair {
  consultantId: number | null;
  companyId: number | null;
}

/** The caller is the consultant or the company of the pair. */
export function isPartyOf(user: Pick<PolicyCaller, 'id'>, pair: ConsultantCompanyPair): boolean {
  return pair.consultantId === user.id || pair.companyId === user.id;
}

/** The two organisations of a conversation or an introduction: the agency and the company (issue 31). */
export interface OrganisationPair {
  agencyOrganisationId: number | null;
  companyOrganisationId: number | null;
}

export type OrganisationSide = 'agency' | 'company';

/** The side the membership is on in `pair`; null when its organisation is neither. */
export function organisationSideOf(
  membership: Pick<ActiveMembership, 'kind' | 'organisationId'> | null | undefined,
  pair: OrganisationPair,
): OrganisationSide | null {
  if (!membership) return null;
  if (membership.kind === 'agency' && pair.agencyOrganisationId === membership.organisationId) return 'agency';
  if (membership.kind === 'company' && pair.companyOrganisationId === membership.organisationId) return 'company';
  return null;
}

/** The membership is one of the company organisation `companyOrganisationId` (any role). */
export function isMemberOfCompany(
  membership: Pick<ActiveMembership, 'kind' | 'organisationId'> | null | undefined,
  companyOrganisationId: number | null,
): boolean {
  return organisationSideOf(membership, { agencyOrganisationId: null, companyOrganisationId }) === 'company';
}

/**
 * The member roles of each kind for which `allowed` holds, as SQL over `kind` and `role` columns:
 * a rule of core's permission table, for statements that find who may read or write something.
 */
export function memberRolesSql(
  kind: SQL,
  role: SQL,
  allowed: (membership: { kind: OrganisationKind; role: string }) => boolean,
): SQL {
  const cases = ORGANISATION_KINDS.map((k) => {
    const roles = MEMBER_ROLES_OF[k].filter((r) => allowed({ kind: k, role: r }));
    if (roles.length === 0) return sql`false`;
    // Our own constants, written as literals: the statement stays one fixed text to prepare.
    return sql`(${kind} = ${sql.raw(`'${k}'`)} AND ${role} IN (${sql.raw(roles.map((r) => `'${r}'`).join(', '))}))`;
  });
  return sql`coalesce((${sql.join(cases, sql` OR `)}), false)`;
}

/** Whether the caller has one of the roles (null: a visitor). */
export function hasRole(user: { role: UserRole } | null, ...roles: UserRole[]): boolean {
  return user !== null && roles.includes(user.role);
}

/** A registered route and the policy it names (read when asked: encapsulated hooks may tag it later). */
export interface RoutePolicy {
  method: string;
  url: string;
  readonly policy: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after routePolicyRegistry, with its `config.policy`. */
    routePolicies: RoutePolicy[];
  }
}

/** Collects every route with its policy as routes are registered; register it before the routes. */
export const routePolicyRegistry = fp(
  async (app) => {
    const routes: RoutePolicy[] = [];
    app.decorate('routePolicies', routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        routes.push({
          method,
          url: route.url,
          get policy() {
            return route.config?.policy;
          },
        });
      }
    });
  },
  { name: 'route-policies' },
);
