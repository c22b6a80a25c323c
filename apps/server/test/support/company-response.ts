import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

/**
 * A company's median reaction to introductions as the scheduled trust run leaves it (issue 36,
 * migration 0050): kept on organisation_trust and copied onto the company's advertisements whose
 * value differs, in one transaction. The browser's sort and filter and the saved searches read the
 * advertisements' copy; these tests set it without building introductions.
 */
export async function setCompanyResponse(
  database: Pick<Database, 'db'>,
  organisationId: number,
  minutes: number | null,
): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO organisation_trust (organisation_id, response_minutes, computed_at)
      VALUES (${organisationId}, ${minutes}::int, now())
      ON CONFLICT (organisation_id) DO UPDATE SET response_minutes = EXCLUDED.response_minutes,
                                                   computed_at = EXCLUDED.computed_at`);
    await tx.execute(sql`
      UPDATE jobs SET company_response_minutes = ${minutes}::int
      WHERE organisation_id = ${organisationId} AND company_response_minutes IS DISTINCT FROM ${minutes}::int`);
  });
}

/** The company organisation a test user founded (test/factories.ts createUser). */
export async function companyOrganisationOf(database: Pick<Database, 'query'>, userId: number): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `SELECT id FROM organisations WHERE created_by = $1 AND kind = 'company'`,
    [userId],
  );
  if (!row) throw new Error(`user ${userId} founded no company`);
  return Number(row.id);
}
