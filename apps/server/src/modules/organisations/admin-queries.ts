import { count, eq, sql } from 'drizzle-orm';
import {
  isLegalIdentityComplete,
  REGISTER_CHECK_MSG,
  registerFieldsToCheck,
  type AdminOrganisation,
  type AdminOrganisationDetail,
} from '@pb/core';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Page, ParsedListQuery, ResourceQuerySpec } from '../../lib/strapi-query';
import { legalIdentityOf } from './presenter';
import { listMembers, listOpenInvitations, organisationsWithSameIdentity, type OrganisationRow } from './queries';
import { currentChecksOf, registerChecksOf, registerValuesOf, verifiedWith } from './register-checks';

/** The back office's reads of organisations (issue 31): the list and one organisation with its members. */

const text = ['$eq', '$containsi'] as const;
export const adminOrganisationQuerySpec: ResourceQuerySpec = {
  fields: {
    id: { expr: organisations.id, type: 'int', ops: ['$eq', '$in'] },
    kind: { expr: organisations.kind, type: 'string', ops: ['$eq'] },
    name: { expr: organisations.name, type: 'string', ops: text },
    city: { expr: organisations.city, type: 'string', ops: text },
    uid: { expr: organisations.uid, type: 'string', ops: text },
    registerNumber: { expr: organisations.registerNumber, type: 'string', ops: text },
  },
  sort: { createdAt: organisations.createdAt, id: organisations.id, name: organisations.name },
  defaultSort: [{ field: 'createdAt', dir: 'desc' }],
  defaultLimit: 100,
  maxLimit: 500,
};

// Spelled out: drizzle leaves a column unqualified in a single-table select, which would bind
// "id" to the members' own id inside the subquery.
const memberCount = sql<number>`(SELECT count(*)::int FROM organisation_members m
  WHERE m.organisation_id = "organisations"."id" AND m.left_at IS NULL)`;

function presentRow(row: OrganisationRow & { memberCount: number }, verified: boolean): AdminOrganisation {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    legalForm: row.legalForm,
    city: row.city,
    memberCount: row.memberCount,
    legalIdentityComplete: isLegalIdentityComplete(row.kind, legalIdentityOf(row)),
    verified,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAdminOrganisations(db: Db, q: ParsedListQuery): Promise<Page<AdminOrganisation>> {
  const rows = await db
    .select({ organisation: organisations, memberCount })
    .from(organisations)
    .where(q.where)
    .orderBy(...q.orderBy, organisations.id)
    .limit(q.limit)
    .offset(q.start);
  const [total] = await db.select({ n: count() }).from(organisations).where(q.where);
  const checks = await currentChecksOf(
    db,
    rows.map((r) => r.organisation.id),
  );
  return {
    rows: rows.map(({ organisation, memberCount: n }) =>
      presentRow(
        { ...organisation, memberCount: n },
        verifiedWith(
          organisation,
          (checks.get(organisation.id) ?? []).map((c) => c.field),
        ),
      ),
    ),
    total: total?.n ?? 0,
  };
}

export async function adminOrganisationDetail(db: Db, id: number): Promise<AdminOrganisationDetail> {
  const [found] = await db
    .select({ organisation: organisations, memberCount })
    .from(organisations)
    .where(eq(organisations.id, id))
    .limit(1);
  if (!found) throw notFound(REGISTER_CHECK_MSG.organisationNotFound);
  const row = found.organisation;
  const [members, invitations, checks, sameIdentity] = await Promise.all([
    listMembers(db, id),
    listOpenInvitations(db, id),
    registerChecksOf(db, id),
    organisationsWithSameIdentity(db, row),
  ]);
  const currentFields = checks.filter((c) => c.current).map((c) => c.field);
  return {
    ...presentRow({ ...row, memberCount: found.memberCount }, verifiedWith(row, currentFields)),
    street: row.street,
    postalCode: row.postalCode,
    country: row.country,
    registerNumber: row.registerNumber,
    uid: row.uid,
    gisaNumber: row.gisaNumber,
    billingEmail: row.billingEmail,
    members: members.map((m) => ({
      id: m.id,
      userId: m.userId,
      username: m.username,
      email: m.email,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
      blocked: m.blocked,
    })),
    openInvitations: invitations.length,
    fieldsToCheck: registerFieldsToCheck(row.kind, registerValuesOf(row)),
    checks: checks.map((c) => ({ ...c, checkedAt: c.checkedAt.toISOString() })),
    sameIdentity: sameIdentity.map((o) => ({
      id: o.id,
      name: o.name,
      kind: o.kind,
      fields: [
        ...(row.registerNumber !== null && o.registerNumber === row.registerNumber
          ? (['register_number'] as const)
          : []),
        ...(row.uid !== null && o.uid === row.uid ? (['uid'] as const) : []),
      ],
      contractEndsAt: o.contractEndsAt?.toISOString() ?? null,
    })),
  };
}
