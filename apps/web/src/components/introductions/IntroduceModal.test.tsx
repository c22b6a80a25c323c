import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_MSG, formatDateTime, INTRODUCTION_MSG, PROFILE_MSG, type RequirableProfileField } from '@pb/core';
import { expectRefused, json, renderWithProviders, stubFeedback, stubFetch } from '../../test/harness';
import { pendingForConsultant } from '../../test/introductions';
import { IntroduceModal } from './IntroduceModal';

const fetchMock = stubFetch();
// The dialog's focus trap needs elements that count as shown.
stubFeedback();

async function openModal(requiredProfileFields: RequirableProfileField[] = ['salaryExpectation', 'languages']) {
  renderWithProviders(
    <IntroduceModal
      target={{
        advertisementId: 5,
        jobTitle: 'Küchenchef/in',
        companyName: 'Muster Gastro GmbH',
        requiredProfileFields,
      }}
      onClose={vi.fn()}
    />,
    '/advertisements/view',
  );
  const dialog = await screen.findByRole('dialog', { name: 'Kandidat vorstellen' });
  return { user: userEvent.setup(), dialog };
}

type User = ReturnType<typeof userEvent.setup>;

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Kandidat vorstellen' }));
const summary = (dialog: HTMLElement) => within(dialog).getByRole('alert').textContent;

/** Submits and returns the summary's text: the first problem, as the server would name it. */
async function firstProblem(user: User, dialog: HTMLElement) {
  await submit(user);
  return summary(dialog);
}

describe('IntroduceModal: the check follows the server’s order', () => {
  it('When fields are missing, then the first problem is named in the server’s order: name, e-mail, profile, a profile that names the person, the company’s required fields', async () => {
    const { user, dialog } = await openModal();
    // No consent tick any more: the candidate confirms by e-mail.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(screen.getByLabelText('Telefon (optional)').getAttribute('required')).toBeNull();
    expect(screen.getByLabelText('E-Mail').hasAttribute('required')).toBe(true);
    // The company requires salary and languages; notice period and availability stay optional.
    expect(screen.getByLabelText('Gehaltsvorstellung in € brutto pro Jahr').hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Sprachen').hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Kündigungsfrist (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Verfügbar ab (optional)')).toBeTruthy();

    expect(await firstProblem(user, dialog)).toBe(INTRODUCTION_MSG.firstNameRequired);
    expectRefused(screen.getByLabelText('Vorname'), INTRODUCTION_MSG.firstNameRequired);
    expectRefused(screen.getByLabelText('E-Mail'), CONSENT_MSG.emailRequired);
    expectRefused(screen.getByLabelText('Position'), PROFILE_MSG.positionRequired);
    expectRefused(
      screen.getByLabelText('Gehaltsvorstellung in € brutto pro Jahr'),
      PROFILE_MSG.requiredByCompany(['Gehaltsvorstellung']),
    );

    await user.type(screen.getByLabelText('Vorname'), 'Anna');
    expect(await firstProblem(user, dialog)).toBe(INTRODUCTION_MSG.lastNameRequired);
    await user.type(screen.getByLabelText('Nachname'), 'Gruber');
    expect(await firstProblem(user, dialog)).toBe(CONSENT_MSG.emailRequired);
    await user.type(screen.getByLabelText('E-Mail'), 'anna.gruber');
    expect(await firstProblem(user, dialog)).toBe(INTRODUCTION_MSG.invalidEmail);
    await user.type(screen.getByLabelText('E-Mail'), '@example.at');
    // The phone is optional: the profile comes next.
    expect(await firstProblem(user, dialog)).toBe(PROFILE_MSG.positionRequired);
    await user.type(screen.getByLabelText('Position'), 'Köchin Gruber');
    expect(await firstProblem(user, dialog)).toBe(PROFILE_MSG.experienceInvalid);
    await user.type(screen.getByLabelText('Berufserfahrung in Jahren'), '7');
    expect(await firstProblem(user, dialog)).toBe(PROFILE_MSG.regionInvalid);
    await user.selectOptions(screen.getByLabelText('Region'), 'Wien');
    expect(await firstProblem(user, dialog)).toBe(PROFILE_MSG.skillsRequired);
    await user.type(screen.getByLabelText('Kernkompetenzen'), 'HACCP, À-la-carte');
    expect(await firstProblem(user, dialog)).toBe(PROFILE_MSG.revealsIdentity);
    expect(within(dialog).getByTestId('profile-problem').textContent).toBe(PROFILE_MSG.revealsIdentity);

    await user.clear(screen.getByLabelText('Position'));
    await user.type(screen.getByLabelText('Position'), 'Köchin');
    expect(await firstProblem(user, dialog)).toBe(PROFILE_MSG.requiredByCompany(['Gehaltsvorstellung', 'Sprachen']));
    await user.type(screen.getByLabelText('Gehaltsvorstellung in € brutto pro Jahr'), '5.000');
    expect(await firstProblem(user, dialog)).toBe(PROFILE_MSG.salaryInvalid);
    await user.type(screen.getByLabelText('Gehaltsvorstellung in € brutto pro Jahr'), '0');
    expect(await firstProblem(user, dialog)).toBe(PROFILE_MSG.requiredByCompany(['Sprachen']));
    expect(screen.getByLabelText('Gehaltsvorstellung in € brutto pro Jahr').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('IntroduceModal: the request', () => {
  it('When everything is given, then one multipart request carries the fields, the profile as one JSON field and the CV, and the dialog says the candidate was asked by e-mail', async () => {
    fetchMock.mockImplementation(() => json({ data: pendingForConsultant, meta: { notice: null } }, 201));
    const { user, dialog } = await openModal(['noticePeriod']);
    await user.type(screen.getByLabelText('Vorname'), 'Anna');
    await user.type(screen.getByLabelText('Nachname'), 'Gruber');
    await user.type(screen.getByLabelText('E-Mail'), ' Anna.Gruber@Example.at ');
    await user.type(screen.getByLabelText('Position'), 'Koch/Köchin');
    await user.type(screen.getByLabelText('Berufserfahrung in Jahren'), '7');
    await user.selectOptions(screen.getByLabelText('Region'), 'Wien');
    await user.type(screen.getByLabelText('Kernkompetenzen'), 'À-la-carte{Enter}HACCP, Patisserie');
    await user.type(screen.getByLabelText('Gehaltsvorstellung in € brutto pro Jahr (optional)'), '48.000');
    await user.selectOptions(screen.getByLabelText('Kündigungsfrist'), '1 Monat');
    fireEvent.change(screen.getByLabelText('Verfügbar ab (optional)'), { target: { value: '2026-05-01' } });
    await user.type(screen.getByLabelText('Sprachen (optional)'), 'Deutsch, Englisch');
    await user.type(screen.getByLabelText('Kurzbeschreibung (optional)'), 'Erfahrene Köchin.');
    const cv = new File(['%PDF-1.4'], 'Lebenslauf.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Lebenslauf (optional)'), cv);
    await submit(user);

    await within(dialog).findByText(INTRODUCTION_MSG.created);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/introductions');
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect([...body.keys()].sort()).toEqual(
      ['advertisement', 'cv', 'email', 'firstName', 'lastName', 'pitch', 'profile'].sort(),
    );
    expect(body.get('advertisement')).toBe('5');
    expect(body.get('firstName')).toBe('Anna');
    expect(body.get('email')).toBe('anna.gruber@example.at');
    expect(body.get('pitch')).toBe('Erfahrene Köchin.');
    expect(JSON.parse(body.get('profile') as string)).toEqual({
      position: 'Koch/Köchin',
      experienceYears: 7,
      region: 'Wien',
      skills: ['À-la-carte', 'HACCP', 'Patisserie'],
      salaryExpectationCents: 4_800_000,
      noticePeriod: '1_monat',
      availableFrom: '2026-05-01',
      languages: ['Deutsch', 'Englisch'],
    });
    expect((body.get('cv') as File).name).toBe('Lebenslauf.pdf');

    expect(within(dialog).getByText(/per E-Mail um Zustimmung gebeten/).textContent).toContain(
      formatDateTime(pendingForConsultant.consent.expiresAt!),
    );
    expect(within(dialog).getByText(/Erst nach der Bestätigung erhält das Unternehmen Name/)).toBeTruthy();
  });

  it('When the server refuses (e.g. an address of the own agency), then its message is shown and the dialog stays open', async () => {
    fetchMock.mockImplementation(() => json({ error: { message: CONSENT_MSG.agencyEmail } }, 400));
    const { user, dialog } = await openModal([]);
    await user.type(screen.getByLabelText('Vorname'), 'Anna');
    await user.type(screen.getByLabelText('Nachname'), 'Gruber');
    await user.type(screen.getByLabelText('E-Mail'), 'office@alpha.at');
    await user.type(screen.getByLabelText('Telefon (optional)'), '+43 664 1234567');
    await user.type(screen.getByLabelText('Position'), 'Koch/Köchin');
    await user.type(screen.getByLabelText('Berufserfahrung in Jahren'), '0');
    await user.selectOptions(screen.getByLabelText('Region'), 'Deutschland');
    await user.type(screen.getByLabelText('Kernkompetenzen'), 'HACCP');
    await submit(user);

    expect(await within(dialog).findByText(CONSENT_MSG.agencyEmail)).toBeTruthy();
    const body = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect(body.get('phone')).toBe('+43 664 1234567');
    expect(body.has('pitch')).toBe(false);
    expect(JSON.parse(body.get('profile') as string)).toMatchObject({
      experienceYears: 0,
      salaryExpectationCents: null,
      noticePeriod: null,
      availableFrom: null,
      languages: [],
    });
  });
});
