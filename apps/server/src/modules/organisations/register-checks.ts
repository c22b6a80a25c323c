import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  isLegalIdentityComplete,
  isOrganisationVerified,
  REGISTER_CHECK_MSG,
  type OrganisationVerification,
  type RegisterCheckRequest,
  type RegisterField,
} from '@pb/core';
import type { Db } from '../../db/client';
import { organisationRegisterChecks, organisations, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import type { CurrentUser } from '../../services/auth';
import { legalIdentityOf } from './presenter';
import type { OrganisationRow } from './queries';

/**
 * The back office's 'geprüft' marks (issue 31). A check records the value the office saw and the
 * organisation's name; it counts only while the field holds that value under that name, so a changed
 * UID or a new name loses the mark by itself and no trigger or clean-up has to run.
 */

type Reader = Pick<Db, 'select'>;

/** The register fields' current values of an organisation row. */
export function registerValuesOf(row: OrganisationRow): Record<RegisterField, string | null> {
  return { register_number: row.registerNumber, uid: row.uid, gisa_number: row.gisaNumber };
}

/** A check is current while its organisation's field holds the checked value under the same name. */
const isCurrent = sql<boolean>`(${organisationRegisterChecks.value} = CASE ${organisationRegisterChecks.field}
  WHEN 'register_number' THEN ${organisations.registerNumber}
  WHEN 'uid' THEN ${organisations.uid}
  WHEN 'gisa_number' THEN ${organisations.gisaNumber} END
  AND ${organisationRegisterChecks.organisationName} = ${organisations.name})`;

/** Per organisation: the fields with a current mark and the date of their latest check. */
export async function currentChecksOf(
  db: Reader,
  organisationIds: readonly number[],
): Promise<Map<number, Array<{ field: RegisterField; checkedAt: Date }>>> {
  const byOrganisation = new Map<number, Array<{ field: RegisterField; checkedAt: Date }>>();
  if (organisationIds.length === 0) return byOrganisation;
  const rows = await db
    .select({
      organisationId: organisationRegisterChecks.organisationId,
      field: organisationRegisterChecks.field,
      checkedAt: max(organisationRegisterChecks.checkedAt),
    })
    .from(organisationRegisterChecks)
    .innerJoin(organisations, eq(organisations.id, organisationRegisterChecks.organisationId))
    .where(and(inArray(organisationRegisterChecks.organisationId, [...organisationIds]), isCurrent))
    .groupBy(organisationRegisterChecks.organisationId, organisationRegisterChecks.field)
    .orderBy(organisationRegisterChecks.field);
  for (const row of rows) {
    const list = byOrganisation.get(row.organisationId) ?? [];
    if (row.checkedAt) list.push({ field: row.field, checkedAt: row.checkedAt });
    byOrganisation.set(row.organisationId, list);
  }
  return byOrganisation;
}

/** Whether the organisation is 'geprüft', given its current marks. */
export function verifiedWith(row: OrganisationRow, currentFields: readonly RegisterField[]): boolean {
  const complete = isLegalIdentityComplete(row.kind, legalIdentityOf(row));
  return isOrganisationVerified(row.kind, complete, registerValuesOf(row), currentFields);
}

/** What any signed-in person may know about an organisation's checks: fields and dates, no values or notes. */
export async function verificationOf(db: Reader, organisationId: number): Promise<OrganisationVerification> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, organisationId)).limit(1);
  if (!row) throw notFound(REGISTER_CHECK_MSG.organisationNotFound);
  const checks = (await currentChecksOf(db, [row.id])).get(row.id) ?? [];
  return {
    organisationId: row.id,
    verified: verifiedWith(
      row,
      checks.map((c) => c.field),
    ),
    checks: checks.map((c) => ({ field: c.field, checkedAt: c.checkedAt.toISOString() })),
  };
}

/** Every check of an organisation, newest first, with who checked and whether it still counts. */
export async function registerChecksOf(db: Reader, organisationId: number) {
  return db
    .select({
      id: organisationRegisterChecks.id,
      field: organisationRegisterChecks.field,
      value: organisationRegisterChecks.value,
      note: organisationRegisterChecks.note,
      checkedAt: organisationRegisterChecks.checkedAt,
      checkedBy: users.username,
      current: sql<boolean>`coalesce(${isCurrent}, false)`,
    })
    .from(organisationRegisterChecks)
    .innerJoin(organisations, eq(organisations.id, organisationRegisterChecks.organisationId))
    .leftJoin(users, eq(users.id, organisationRegisterChecks.checkedBy))
    .where(eq(organisationRegisterChecks.organisationId, organisationId))
    .orderBy(desc(organisationRegisterChecks.checkedAt), desc(organisationRegisterChecks.id));
}

/**
 * The office checked the field's current value against the register. The organisation's row is
 * locked so that the value recorded is the one an administrator could not change in between.
 */
export async function recordRegisterCheck(
  db: Db,
  actor: Pick<CurrentUser, 'id' | 'email'>,
  organisationId: number,
  input: RegisterCheckRequest,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for('update')
      .limit(1);
    if (!row) throw notFound(REGISTER_CHECK_MSG.organisationNotFound);
    const value = registerValuesOf(row)[input.field];
    if (value === null) throw badRequest(REGISTER_CHECK_MSG.fieldEmpty);
    if (value !== input.value) throw conflict(REGISTER_CHECK_MSG.valueChanged);
    const [check] = await tx
      .insert(organisationRegisterChecks)
      .values({
        organisationId,
        field: input.field,
        value,
        organisationName: row.name,
        note: input.note,
        checkedBy: actor.id,
        checkedAt: now,
      })
      .returning({ id: organisationRegisterChecks.id });
    await recordAudit(tx, actor, {
      action: 'organisation.register-checked',
      entity: 'organisation',
      entityId: organisationId,
      after: { checkId: check!.id, field: input.field, value, organisationName: row.name, note: input.note },
    });
  });
}
