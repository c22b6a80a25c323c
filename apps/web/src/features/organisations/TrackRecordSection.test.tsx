import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OwnTrackRecord } from '@pb/core';
import { json, renderWithProviders, stubFetch } from '../../test/harness';
import { AGENCY_FIGURES, COMPANY_FIGURES, COMPANY_TOO_LITTLE, MEMBERS } from '../../test/trust';
import { TrackRecordSection } from './TrackRecordSection';

const fetchMock = stubFetch();

function serve(record: OwnTrackRecord) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url === '/api/organisation/track-record') return json({ data: record });
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

const company = (figures = COMPANY_FIGURES): OwnTrackRecord => ({
  kind: 'company',
  company: figures,
  agency: null,
  members: [],
  trackRecordPublic: false,
});

const agency = (trackRecordPublic: boolean): OwnTrackRecord => ({
  kind: 'agency',
  company: null,
  agency: AGENCY_FIGURES,
  members: MEMBERS,
  trackRecordPublic,
});

describe('TrackRecordSection (the organisation page’s Kennzahlen)', () => {
  it('When a company looks, then it sees its own figures as agencies see them, with the chart', async () => {
    serve(company());
    renderWithProviders(<TrackRecordSection organisationId={2} />, '/advertisements/organisation');
    expect(await screen.findByText(/^Das Unternehmen antwortet meist innerhalb von 1 Arbeitstag/)).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Antwortverhalten des Unternehmens' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('When a company has too little data, then it says so with the count', async () => {
    serve(company(COMPANY_TOO_LITTLE));
    renderWithProviders(<TrackRecordSection organisationId={2} />, '/advertisements/organisation');
    expect(
      await screen.findByText('Noch zu wenige Daten: 3 von mindestens 5 Vorstellungen in den letzten 12 Monaten.'),
    ).toBeTruthy();
  });

  it('When an agency looks, then its track record and a row per member show; a member with too little data says so', async () => {
    serve(agency(false));
    renderWithProviders(<TrackRecordSection organisationId={3} />, '/advertisements/organisation');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Mitglied',
      'Vorstellungen',
      'Interviews',
      'Einstellungen',
      'Garantiefälle',
      'Median bis zur ersten Vorstellung',
    ]);
    const [, karl, lena] = within(table).getAllByRole('row');
    expect(
      within(karl!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['20', '9', '4', '1', '1,5 Arbeitstage']);
    expect(within(lena!).getByRole('rowheader').textContent).toBe('Lena Wolf (ausgeschieden)');
    expect(
      within(lena!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2', 'noch zu wenige Daten']);
    expect(screen.getByText(/In den letzten 12 Monaten: 20 Vorstellungen/)).toBeTruthy();
    expect(screen.getByText(/Diese Kennzahlen sieht nur Ihre Organisation\./)).toBeTruthy();
    // narrow screens get the same figures as short lists instead of the table
    const list = screen.getByTestId('member-figures-list');
    const [karlItem, lenaItem] = within(list).getAllByRole('listitem');
    expect(
      within(karlItem!)
        .getAllByRole('term')
        .map((dt) => `${dt.textContent} ${dt.nextSibling?.textContent}`),
    ).toEqual([
      'Vorstellungen 20',
      'Interviews 9',
      'Einstellungen 4',
      'Garantiefälle 1',
      'Median bis zur ersten Vorstellung 1,5 Arbeitstage',
    ]);
    expect(within(lenaItem!).getByRole('definition').textContent).toBe('2 – noch zu wenige Daten');
  });

  it('When a member has enough introductions but too few advertisements for the speed, then only that cell says so', async () => {
    const slow = { ...AGENCY_FIGURES, medianMinutesToFirstIntroduction: null };
    serve({ ...agency(false), members: [{ memberId: 8, name: 'Karl Huber', active: true, figures: slow }] });
    renderWithProviders(<TrackRecordSection organisationId={3} />, '/advertisements/organisation');
    const table = await screen.findByRole('table');
    const [, karl] = within(table).getAllByRole('row');
    expect(
      within(karl!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['20', '9', '4', '1', 'noch zu wenige Daten']);
    const [item] = within(screen.getByTestId('member-figures-list')).getAllByRole('listitem');
    expect(within(item!).getAllByRole('definition').at(-1)?.textContent).toBe('noch zu wenige Daten');
  });

  it('When the agency publishes its figures, then the section says they are in the public profile', async () => {
    serve(agency(true));
    renderWithProviders(<TrackRecordSection organisationId={3} />, '/advertisements/organisation');
    expect(await screen.findByText(/stehen in Ihrem öffentlichen Profil/)).toBeTruthy();
  });
});
