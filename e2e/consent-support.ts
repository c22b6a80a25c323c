import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import type { AnonymousProfile, CandidateConsentView } from '@pb/core';
import { mails } from './support';

/**
 * The candidate's consent (issue 35) in the journeys: the anonymised profile every introduction
 * needs, and the candidate's answer through the link the platform mailed them — taken from the
 * dev mailbox, as the candidate would take it from their inbox, and answered without an account.
 */

/** The JSON a consultant sends as `profile` (names no one: the server refuses a profile that does). */
export type ProfileInput = Pick<AnonymousProfile, 'position' | 'experienceYears' | 'region' | 'skills'> &
  Partial<Pick<AnonymousProfile, 'salaryExpectationCents' | 'noticePeriod' | 'availableFrom' | 'languages'>>;

export const PROFILE: ProfileInput = {
  position: 'Fachkraft Rechnungswesen',
  experienceYears: 6,
  region: 'Wien',
  skills: ['Bilanzierung', 'Kostenrechnung', 'SAP FI'],
};

/**
 * The newest consent link mailed to `to` (for the advertisement `jobTitle` when given: the mail
 * names the position); waits until the mail is queued.
 */
export async function consentLink(request: APIRequestContext, to: string, jobTitle?: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await mails(request)).find(
          (m) =>
            m.toAddress.toLowerCase() === to.toLowerCase() &&
            m.textBody.includes('/einwilligung#') &&
            (jobTitle === undefined || m.textBody.includes(`„${jobTitle}“`)),
        );
        link = mail?.textBody.match(/https?:\/\/\S+\/einwilligung#\S+/)?.[0] ?? '';
        return link;
      },
      { message: `a consent link mailed to ${to}` },
    )
    .not.toBe('');
  return link;
}

/** The link's secret: the page reads it from the fragment and sends it in the request body only. */
export const consentToken = (link: string) => new URL(link).hash.slice(1);

/**
 * The candidate answers the mailed link without an account (`request` must carry no session):
 * confirms (name, contact and CV go to the company) or declines (the introduction ends).
 */
export async function answerConsent(
  request: APIRequestContext,
  candidateEmail: string,
  answer: 'confirm' | 'decline',
  jobTitle?: string,
): Promise<CandidateConsentView> {
  const token = consentToken(await consentLink(request, candidateEmail, jobTitle));
  const answered = await request.post(`/api/candidate-consent/${answer}`, {
    data: answer === 'confirm' ? { token, keepLonger: false } : { token },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  const view = ((await answered.json()) as { data: CandidateConsentView }).data;
  expect(view.state).toBe(answer === 'confirm' ? 'confirmed' : 'declined');
  return view;
}

/** The candidate confirms the mailed link (no account, keepLonger false). */
export const confirmConsent = (request: APIRequestContext, candidateEmail: string, jobTitle?: string) =>
  answerConsent(request, candidateEmail, 'confirm', jobTitle);

/** Fills the dialog's 'Anonymisiertes Profil' by its labels (the required fields, and languages when given). */
export async function fillProfile(dialog: Locator, profile: ProfileInput = PROFILE): Promise<void> {
  const fields = dialog.getByRole('group', { name: 'Anonymisiertes Profil' });
  await fields.getByLabel('Position').fill(profile.position);
  await fields.getByLabel('Berufserfahrung in Jahren').fill(String(profile.experienceYears));
  await fields.getByLabel('Region').selectOption(profile.region);
  await fields.getByLabel('Kernkompetenzen').fill(profile.skills.join('\n'));
  if (profile.languages?.length) await fields.getByLabel(/^Sprachen/).fill(profile.languages.join('\n'));
}
