import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import { TERMS_MSG } from '@pb/core';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';
import { forbidden } from '../lib/errors';

/**
 * Whether an organisation's contract with the operator still runs (issue 31): an objection to new
 * terms ends it on the day the version applies (terms module). After that the organisation starts
 * no new business — no advertisement, conversation or introduction — while what exists (placements,
 * invoices, claims) keeps going under the terms it was made under.
 */
export async function assertContractRunning(
  db: Pick<Db, 'select'>,
  organisationIds: readonly number[],
  now: Date,
): Promise<void> {
  if (organisationIds.length === 0) return;
  const [ended] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      and(
        inArray(organisations.id, [...organisationIds]),
        isNotNull(organisations.contractEndsAt),
        lte(organisations.contractEndsAt, now),
      ),
    )
    .limit(1);
  if (ended) throw forbidden(TERMS_MSG.contractEnded);
}
