import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type OrganisationProfile } from '@pb/core';
import { description, json, renderWithProviders, stubFetch } from '../../test/harness';
import { OrganisationProfileForm } from './OrganisationProfileForm';

const AGENCY: OrganisationProfile = {
  id: 3,
  kind: 'agency',
  name: 'Alpha Personal GmbH',
  description: 'Personalvermittlung für Gastronomie.',
  services: ['Gastronomie'],
  contactEmail: 'office@alpha.at',
  logo: null,
  logoId: null,
  public: false,
  publicDirectoryConsentAt: null,
  trackRecordPublic: false,
  editable: true,
};

const fetchMock = stubFetch();

/** PUT /api/organisation/profile answers with what was sent applied; returns the bodies sent. */
function serve(profile: OrganisationProfile) {
  const sent: Array<Record<string, unknown>> = [];
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/organisation/profile' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return json({ data: { ...profile, ...body } });
    }
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
  return sent;
}

const TRACK_RECORD = 'Kennzahlen im öffentlichen Profil zeigen';

describe('OrganisationProfileForm: the track record in the public profile (issue 36)', () => {
  it('When an agency ticks it and saves, then trackRecordPublic: true is sent and the box stays ticked', async () => {
    const sent = serve(AGENCY);
    renderWithProviders(<OrganisationProfileForm profile={AGENCY} />, '/advertisements/profile');
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: TRACK_RECORD });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(description(box)).toContain('nie die Zahlen einzelner Mitglieder');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Profil speichern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ trackRecordPublic: true, public: false });
    expect(await screen.findByText(MSG.profileSaved)).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: TRACK_RECORD }) as HTMLInputElement).checked).toBe(true);
  });

  it('When an agency that publishes it unticks it, then trackRecordPublic: false is sent', async () => {
    const profile = { ...AGENCY, trackRecordPublic: true };
    const sent = serve(profile);
    renderWithProviders(<OrganisationProfileForm profile={profile} />, '/advertisements/profile');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: TRACK_RECORD }));
    await user.click(screen.getByRole('button', { name: 'Profil speichern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ trackRecordPublic: false });
  });

  it('When a company edits its profile, then there is no such box and nothing about it is sent', async () => {
    const profile: OrganisationProfile = {
      ...AGENCY,
      id: 2,
      kind: 'company',
      name: 'Muster Gastro GmbH',
      services: [],
    };
    const sent = serve(profile);
    renderWithProviders(<OrganisationProfileForm profile={profile} />, '/advertisements/profile');
    const user = userEvent.setup();
    expect(screen.queryByRole('checkbox', { name: TRACK_RECORD })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Profil speichern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('trackRecordPublic');
  });
});
