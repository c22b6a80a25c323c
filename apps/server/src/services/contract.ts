import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import { MSG, TERMS_MSG } from '@pb/core';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';
import { conflict, forbidden, notFound } from '../lib/errors';

/**
 * Whether an organisation's contract with the operator still runs (issue 31): an objection to new
 * terms ends it on the day the version applies (terms module). After that the organisation starts
 * no new business — no advertisement, conversation or introduction — while what exists (placements,
 * invoices, claims, their reports) keeps going under the terms it was made under.
 */

type Reader = Pick<Db, 'select'>;

/** Of these organisations, the ones whose contract has ended by `now`. */
export async function endedContracts(db: Reader, organisationIds: readonly number[], now: Date): Promise<Set<number>> {
  if (organisationIds.length === 0) return new Set();
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      and(
        inArray(organisations.id, [...organisationIds]),
        isNotNull(organisations.contractEndsAt),
        lte(organisations.contractEndsAt, now),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Refuses new business with an ended contract, in the words of whoever asks: the caller's own
 * organisation hears why (403); for the other party the advertisement is simply gone (404) — the
 * reason is that organisation's affair; the office hears which company it is (409).
 */
export async function assertContractRunning(
  db: Reader,
  organisationIds: readonly number[],
  now: Date,
  asking: 'own' | 'counterparty' | 'office' = 'own',
): Promise<void> {
  if ((await endedContracts(db, organisationIds, now)).size === 0) return;
  if (asking === 'counterparty') throw notFound(MSG.advertisementGone);
  throw asking === 'office' ? conflict(TERMS_MSG.contractEndedOffice) : forbidden(TERMS_MSG.contractEnded);
}
