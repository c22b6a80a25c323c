import { SELF_BILLING_TERMS } from '@pb/core';
import { organisationPayoutAccounts } from '../../db/schema';
import { changePlacementStatus } from '../placements';
import { settleDueShares } from '../payouts';
import type { Actor } from './actors';
import { demoBilling, reportDemoPlacement, type DemoPlacementDeps } from './placements';

/**
 * The demo's money going out (issue 34): the first agency (its legal identity is complete) keeps
 * a payout account and has agreed to self-billing; the first company's placement of a candidate it hired
 * 85 days ago, reported then and paid, is settled by the real command — so 'Auszahlungen' shows a credit note and the
 * back office's 'Auszahlungen' an item to put into a batch.
 */
export async function seedDemoPayouts(
  deps: DemoPlacementDeps,
  company: Actor,
  agency: Actor,
  introductionId: number,
  at: (daysAgo: number, hours?: number) => Date,
): Promise<void> {
  const { db } = deps;
  if (!agency.organisation) return;
  await db.insert(organisationPayoutAccounts).values({
    organisationId: agency.organisation.organisationId,
    accountHolder: agency.organisation.organisationName,
    iban: 'AT022050302101023600',
    bic: 'SPIHAT22',
    vatStatus: 'regelbesteuert',
    selfBillingAgreedAt: at(90),
    selfBillingAgreedBy: agency.id,
    selfBillingTerms: SELF_BILLING_TERMS,
    updatedBy: agency.id,
    updatedAt: at(90),
  });
  const { placementId } = await reportDemoPlacement(
    deps,
    company,
    introductionId,
    {
      jobTitle: 'Küchenchef',
      placementBonus: 18,
      actualSalary: 58_000,
      recruiter: agency.username,
      recruiterMail: agency.email,
      street: 'Maria-Theresien-Straße',
      houseNr: '18',
      postalCode: '6020',
      city: 'Innsbruck',
    },
    at(84, 10),
  );
  await changePlacementStatus(db, null, placementId, { status: 'verrechnet' }, demoBilling(deps, at(83, 10)));
  await changePlacementStatus(db, null, placementId, { status: 'bezahlt' }, demoBilling(deps, at(70, 10)));
  await settleDueShares(db, demoBilling(deps, at(0, 7)), { warn: () => undefined });
}
