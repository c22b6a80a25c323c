import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { TRUST_MSG, TRUST_TOO_LITTLE } from '@pb/core';
import {
  AGENCY_FIGURES,
  AGENCY_TOO_LITTLE,
  COMPANY_FIGURES,
  COMPANY_TOO_LITTLE,
  companyTrust,
  NO_RATINGS,
  RATINGS_HIDDEN,
  RATINGS_SHOWN,
} from '../../test/trust';
import { AgencyTrackRecord, trackRecordLine } from './AgencyTrackRecord';
import { CompanyTrustFigures } from './CompanyTrustFigures';
import { PublishedComments } from './PublishedComments';
import { RatingAverages } from './RatingAverages';

afterEach(cleanup);

describe('CompanyTrustFigures', () => {
  it('When there is enough data, then the sentences say it and the chart is one image named and described by the same numbers', async () => {
    render(<CompanyTrustFigures figures={COMPANY_FIGURES} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Das Unternehmen antwortet meist innerhalb von 1 Arbeitstag (Median: 4 Arbeitsstunden bis zur ersten Reaktion).',
      '83 % der Vorstellungen wurden innerhalb von 2 Arbeitstagen beantwortet.',
      '60 % der Absagen nennen einen konkreten Grund.',
      'Auf eine Vorstellung kommen im Schnitt 0,5 Interviews.',
      '1 Vorstellung wartet länger als 5 Arbeitstage auf eine Entscheidung.',
    ]);
    const chart = await screen.findByRole('img', { name: 'Antwortverhalten des Unternehmens' });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description).toBe('Innerhalb von 2 Arbeitstagen beantwortet: 83 %. Absagen mit konkretem Grund: 60 %.');
    expect(screen.getByText(/Aus 12 Vorstellungen der letzten 12 Monate, berechnet am 20\.11\.2026\./)).toBeTruthy();
  });

  it('When a figure is below its own minimum, then its sentence says too little data and the chart has no bar for it', async () => {
    render(
      <CompanyTrustFigures
        figures={{
          ...COMPANY_FIGURES,
          medianResponseMinutes: null,
          rejectionsWithConcreteReasonShare: null,
          rejections: 2,
        }}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items.slice(0, 3)).toEqual([
      'Zur Antwortzeit gibt es noch zu wenige Daten (erst ab 5 beantworteten oder überfälligen Vorstellungen).',
      '83 % der Vorstellungen wurden innerhalb von 2 Arbeitstagen beantwortet.',
      'Zu Absagen mit konkretem Grund gibt es noch zu wenige Daten (erst ab 3 Absagen).',
    ]);
    expect(items[2]).toBe(TRUST_TOO_LITTLE.concreteReason);
    const chart = await screen.findByRole('img', { name: 'Antwortverhalten des Unternehmens' });
    expect(chart.querySelectorAll('rect[class*="chartBar"]')).toHaveLength(1);
    expect(document.getElementById(chart.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Innerhalb von 2 Arbeitstagen beantwortet: 83 %.',
    );
  });

  it('When neither share has enough data, then both sentences say so and no chart is drawn', () => {
    render(
      <CompanyTrustFigures
        figures={{ ...COMPANY_FIGURES, answeredInTimeShare: null, rejectionsWithConcreteReasonShare: null }}
      />,
    );
    expect(screen.getByText(TRUST_TOO_LITTLE.inTime)).toBeTruthy();
    expect(screen.getByText(TRUST_TOO_LITTLE.concreteReason)).toBeTruthy();
    expect(screen.queryByTestId('trust-chart')).toBeNull();
  });

  it('When the chart is not wanted (an advertisement), then only the sentences show', () => {
    render(<CompanyTrustFigures figures={COMPANY_FIGURES} chart={false} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByTestId('trust-chart')).toBeNull();
  });

  it('When there is too little data, then it says how many introductions there are of the five needed, and no figure', () => {
    render(<CompanyTrustFigures figures={COMPANY_TOO_LITTLE} />);
    expect(screen.getByTestId('trust-too-little').textContent).toBe(
      'Noch zu wenige Daten: 3 von mindestens 5 Vorstellungen in den letzten 12 Monaten.',
    );
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByTestId('trust-chart')).toBeNull();
  });
});

describe('AgencyTrackRecord', () => {
  it('When there is enough data, then the sentences and the funnel introductions → interviews → hires show', async () => {
    render(<AgencyTrackRecord figures={AGENCY_FIGURES} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'In den letzten 12 Monaten: 20 Vorstellungen, 9 davon mit Interview, 4 Einstellungen.',
      '1 Garantiefall.',
      'Erste Vorstellung im Median 1,5 Arbeitstage nach Veröffentlichung des Inserats.',
    ]);
    const chart = await screen.findByRole('img', {
      name: 'Vorstellungen, Interviews und Einstellungen der letzten 12 Monate',
    });
    expect(document.getElementById(chart.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Vorstellungen: 20. davon mit Interview: 9. Einstellungen: 4.',
    );
    // the bars are drawn to the introductions' scale: the hires' bar is a fifth of the first
    const bars = chart.querySelectorAll('rect[class*="chartBar"]');
    const widths = [...bars].map((bar) => Number(bar.getAttribute('width')));
    expect(widths[2]! / widths[0]!).toBeCloseTo(4 / 20);
  });

  it('When there is too little data, then it says so with the count; the one-line form says the same', () => {
    render(<AgencyTrackRecord figures={AGENCY_TOO_LITTLE} />);
    expect(screen.getByTestId('trust-too-little').textContent).toBe(
      'Noch zu wenige Daten: 2 von mindestens 5 Vorstellungen in den letzten 12 Monaten.',
    );
    expect(trackRecordLine(AGENCY_TOO_LITTLE)).toBe(
      'Noch zu wenige Daten: 2 von mindestens 5 Vorstellungen in den letzten 12 Monaten.',
    );
    expect(trackRecordLine(AGENCY_FIGURES)).toBe(
      'In den letzten 12 Monaten: 20 Vorstellungen, 9 davon mit Interview, 4 Einstellungen.',
    );
    expect(trackRecordLine(null)).toBeNull();
    render(<AgencyTrackRecord figures={{ ...AGENCY_FIGURES, medianMinutesToFirstIntroduction: null }} chart={false} />);
    expect(screen.getByText(TRUST_TOO_LITTLE.speed).textContent).toBe(
      'Zur Dauer bis zur ersten Vorstellung gibt es noch zu wenige Daten (erst ab 3 Inseraten).',
    );
    expect(TRUST_MSG.notPublic).toContain('nicht');
  });
});

describe('RatingAverages', () => {
  it('When the server gives averages, then each criterion shows its average of 5 and the count is named', () => {
    render(<RatingAverages summary={RATINGS_SHOWN} kind="agency" />);
    // the stars are decoration (aria-hidden): the number says the average
    const rows = screen
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.lastElementChild?.textContent}`);
    expect(rows).toEqual([
      'Kommunikation: 4,3 von 5',
      'Qualität der Kandidat/innen: 3,9 von 5',
      'Schnelligkeit: 5 von 5',
    ]);
    expect(screen.getAllByRole('definition')[0]!.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('Durchschnitt aus 7 Bewertungen.')).toBeTruthy();
  });

  it('When a company is rated, then the quality criterion is the quality of its feedback', () => {
    render(<RatingAverages summary={RATINGS_SHOWN} kind="company" />);
    expect(screen.getByText('Qualität der Rückmeldungen')).toBeTruthy();
  });

  it('When there are fewer than 3 ratings, then no average shows, only from when they are shown', () => {
    render(<RatingAverages summary={RATINGS_HIDDEN} kind="company" />);
    expect(screen.getByText('Bewertungen werden ab 3 angezeigt.')).toBeTruthy();
    expect(screen.queryByRole('term')).toBeNull();
  });

  it('When there is no rating, then it says so', () => {
    render(<RatingAverages summary={NO_RATINGS} kind="company" />);
    expect(screen.getByText('Noch keine Bewertungen.')).toBeTruthy();
  });
});

describe('PublishedComments', () => {
  it('When comments are published, then each shows with its month and the organisation’s answer under it', () => {
    render(<PublishedComments comments={companyTrust.comments} />);
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('Schnelle, klare Rückmeldungen.')).toBeTruthy();
    expect(within(first!).getByText('Oktober 2026')).toBeTruthy();
    expect(within(first!).getByText('Antwort der Organisation')).toBeTruthy();
    expect(within(first!).getByText('Danke für die Zusammenarbeit!')).toBeTruthy();
    expect(within(second!).queryByText('Antwort der Organisation')).toBeNull();
  });

  it('When none is published, then it says so', () => {
    render(<PublishedComments comments={[]} />);
    expect(screen.getByText('Noch keine veröffentlichten Kommentare.')).toBeTruthy();
  });
});
