import { eq, sql } from 'drizzle-orm';
import { parseAnnualSalary } from '@pb/core';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

/**
 * Advertisements written before the salary range was kept (migration 0021) get it parsed here,
 * in batches, once; new and changed advertisements get it on write (jobs/service.ts). Safe on
 * several instances at once: each batch claims its rows with SKIP LOCKED.
 */
export async function backfillSalaryRanges(db: Db, batchSize = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: jobs.id, salary: jobs.salary, yearlyPayments: jobs.yearlyPayments })
        .from(jobs)
        .where(eq(jobs.salaryParsed, false))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const values = rows.map((row) => {
        const range = parseAnnualSalary(row.salary, row.yearlyPayments);
        return sql`(${row.id}::int, ${range?.minCents ?? null}::bigint, ${range?.maxCents ?? null}::bigint)`;
      });
      await tx.execute(sql`
        UPDATE jobs SET salary_min_cents = v.min, salary_max_cents = v.max, salary_parsed = true
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, min, max) WHERE jobs.id = v.id`);
      return rows.length;
    });
    total += done;
    if (done < batchSize) return total;
  }
}

/** Whether unparsed rows remain (tests, readiness of the € filter). */
export async function unparsedSalaries(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.salaryParsed, false));
  return Number(row?.n ?? 0);
}
