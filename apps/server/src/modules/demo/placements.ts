import type { InvoiceIssuer } from '@pb/core';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../services/auth';
import { reportPlacement } from '../placements';
import { jobOf, type Actor } from './actors';

/** What the demo's placement reports need of the seed's settings. */
export interface DemoPlacementDeps {
  db: Db;
  fingerprintSecret: string;
  registerSecret: string;
  publicUrl: string;
  officeEmail: string;
  invoiceIssuer: InvoiceIssuer;
}

/** What differs between the demo's placement reports: the job, the fee, who brought the candidate, the address. */
export interface DemoPlacement {
  jobTitle: string;
  placementBonus: number;
  actualSalary: number;
  recruiter: string;
  recruiterMail: string;
  street: string;
  houseNr: string;
  postalCode: string;
  city: string;
  /** The hired person's e-mail, for a report naming no introduction (the company's own hire). */
  candidateEmail?: string;
}

/**
 * A demo company's administrator reports a placement, acting for the company (its organisation
 * of one), with the real command: returns the new report's id and the user it acted as.
 */
export async function reportDemoPlacement(
  deps: DemoPlacementDeps,
  company: Actor,
  introductionId: number | undefined,
  placement: DemoPlacement,
  now: Date,
): Promise<{ placementId: number; user: CurrentUser }> {
  const { db } = deps;
  const user = { ...company, roleName: 'Company', tokenVersion: 0 };
  const { jobTitle, ...rest } = placement;
  const { result } = await reportPlacement(
    db,
    user,
    {
      variant: 'company',
      advertisement: await jobOf(db, company, jobTitle),
      companyName: company.username,
      jobTitle,
      contactPerson: company.email,
      introduction: introductionId,
      ...rest,
      uid: 'ATU12345678',
      country: 'AT',
    },
    {
      officeEmail: deps.officeEmail,
      publicUrl: deps.publicUrl,
      fingerprintSecret: deps.fingerprintSecret,
      registerSecret: deps.registerSecret,
      now,
    },
  );
  return { placementId: result.id, user };
}

/** The billing context of the demo's placement status changes at a moment of its history. */
export function demoBilling(
  deps: DemoPlacementDeps,
  now: Date,
): { issuer: InvoiceIssuer; publicUrl: string; now: Date } {
  return { issuer: deps.invoiceIssuer, publicUrl: deps.publicUrl, now };
}
