import { and, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import { recordAudit } from '../../services/audit';
import { dailyInVienna, type ScheduledJob } from '../../services/scheduler';
import { deactivateAdvertisementsOf } from '../jobs';

/**
 * When an objection's contract end has come (issue 31), the organisation's live advertisements are
 * taken down: from then on nobody may contact or introduce to it anyway (services/contract.ts
 * refuses), and consultants should not find advertisements they cannot act on. Daily, once across
 * instances; a run finds only what is still live, so a repeated run changes nothing.
 */

export const CONTRACT_END_HOUR = 0;

export async function takeDownEndedContracts(
  db: Db,
  now: Date,
): Promise<{ organisations: number; advertisements: number }> {
  return db.transaction(async (tx) => {
    const ended = tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(isNotNull(organisations.contractEndsAt), lte(organisations.contractEndsAt, now)));
    // One statement for every ended contract; only what is still live comes back.
    const taken = await deactivateAdvertisementsOf(tx, ended);
    const byOrganisation = new Map<number, number[]>();
    for (const job of taken)
      byOrganisation.set(job.organisationId!, [...(byOrganisation.get(job.organisationId!) ?? []), job.id]);
    for (const [organisationId, deactivatedAdvertisements] of byOrganisation) {
      await recordAudit(tx, null, {
        action: 'terms.contract-ended',
        entity: 'organisation',
        entityId: organisationId,
        after: { deactivatedAdvertisements },
      });
    }
    return { organisations: byOrganisation.size, advertisements: taken.length };
  });
}

export function contractEndJob(db: Db): ScheduledJob {
  return {
    name: 'contract-ends',
    period: dailyInVienna(CONTRACT_END_HOUR),
    async run({ now }) {
      await takeDownEndedContracts(db, now);
    },
  };
}
