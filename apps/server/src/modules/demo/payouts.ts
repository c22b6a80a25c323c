import { SELF_BILLING_TERMS, type InvoiceIssuer } from '@pb/core';
import type { Db } from '../../db/client';
import { organisationPayoutAccounts } from '../../db/schema';
import { changePlacementStatus, reportPlacement } from '../placements';
import { settleDueShares } from '../payouts';
import { jobOf, type Actor } from './actors';

/**
 * The demo's money going out (issue 34): the first agency (its legal identity is complete) keeps
 * a payout account and has agreed to self-billing; the first company's placement of a candidate it hired
 * 85 days ago, reported then and paid, is settled by the real command — so 'Auszahlungen' shows a credit note and the
 * back office's 'Auszahlungen' an item to put into a batch.
 */
interface DemoPayoutDeps {
  db: Db;
  fingerprintSecret: string;
  registerSecret: string;
  publicUrl: string;
  officeEmail: string;
  invoiceIssuer: InvoiceIssuer;
}

export async function seedDemoPayouts(
  deps: DemoPayoutDeps,
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
  const user = { ...company, roleName: 'Company', tokenVersion: 0 };
  const { result } = await reportPlacement(
    db,
    user,
    {
      variant: 'company',
      advertisement: await jobOf(db, company, 'Küchenchef'),
      companyName: company.username,
      jobTitle: 'Küchenchef',
      contactPerson: company.email,
      placementBonus: 18,
      actualSalary: 58_000,
      introduction: introductionId,
      recruiter: agency.username,
      recruiterMail: agency.email,
      street: 'Maria-Theresien-Straße',
      houseNr: '18',
      postalCode: '6020',
      city: 'Innsbruck',
      uid: 'ATU12345678',
      country: 'AT',
    },
    {
      officeEmail: deps.officeEmail,
      publicUrl: deps.publicUrl,
      fingerprintSecret: deps.fingerprintSecret,
      registerSecret: deps.registerSecret,
      now: at(84, 10),
    },
  );
  const billing = (when: Date) => ({ issuer: deps.invoiceIssuer, publicUrl: deps.publicUrl, now: when });
  await changePlacementStatus(db, null, result.id, { status: 'verrechnet' }, billing(at(83, 10)));
  await changePlacementStatus(db, null, result.id, { status: 'bezahlt' }, billing(at(70, 10)));
  await settleDueShares(db, billing(at(0, 7)), { warn: () => undefined });
}
