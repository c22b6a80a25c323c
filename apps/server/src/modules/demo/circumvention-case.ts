import { addCalendarDays, hearingLetterDraft, HEARING_MIN_DAYS, viennaDate } from '@pb/core';
import { openCase } from '../circumvention-cases';
import type { Actor } from './actors';
import { reportDemoPlacement, type DemoPlacementDeps } from './placements';

/**
 * The demo's circumvention case (issue 34): the software company rejected an agency's candidate
 * for 'DevOps Engineer' and, a week later, reported its own hire on that advertisement naming no
 * introduction — 'Umgehungsverdacht' with the rejected claim (still revivable) as evidence. The
 * office opened a case yesterday; the hearing waits for the company's answer.
 */
export async function seedDemoCircumventionCase(
  deps: DemoPlacementDeps,
  company: Actor,
  agency: Actor,
  introductionId: number,
  at: (daysAgo: number, hours?: number) => Date,
): Promise<void> {
  const { placementId } = await reportDemoPlacement(
    deps,
    company,
    undefined,
    {
      jobTitle: 'DevOps Engineer',
      placementBonus: 10,
      actualSalary: 60_000,
      recruiter: 'Eigene Bewerbung',
      recruiterMail: company.email,
      street: 'Lendplatz',
      houseNr: '12',
      postalCode: '8020',
      city: 'Graz',
      candidateEmail: 'neue.kollegin@example.at',
    },
    at(2, 10),
  );
  const opened = at(1, 9);
  const deadline = addCalendarDays(viennaDate(opened), HEARING_MIN_DAYS);
  const letter = hearingLetterDraft({
    companyName: company.organisation?.organisationName ?? company.username,
    jobTitle: 'DevOps Engineer',
    agencyName: agency.organisation?.organisationName ?? agency.username,
    introducedOn: viennaDate(at(14)),
    deadline,
  });
  await openCase(
    deps.db,
    null,
    { placementReportId: placementId, introductionId, letter, deadline },
    {
      issuer: deps.invoiceIssuer,
      publicUrl: deps.publicUrl,
      now: opened,
      registerSecret: deps.registerSecret,
      officeEmail: deps.officeEmail,
    },
  );
}
