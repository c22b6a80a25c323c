import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { BILLING_MSG, formatPercent } from '@pb/core';
import { FeeSheet } from './FeeSheet';
import { day, euro } from './format';

afterEach(cleanup);

/** The sheet's rows as 'term: value' (no-break spaces as plain ones). */
function rows(): string[] {
  const sheet = screen.getByTestId('fee-sheet');
  return [...sheet.querySelectorAll('dt')].map((dt) =>
    `${dt.textContent}: ${dt.nextElementSibling?.textContent ?? ''}`.replace(/\u00a0/g, ' '),
  );
}

describe('FeeSheet', () => {
  it('When a consultant reads it, then it shows the bonus they receive, not the company’s bill with fee and USt', () => {
    render(<FeeSheet bonusPercent={20} salary="50.000 – 70.000" forConsultant />);
    expect(screen.getByText('Ihre Prämie bei erfolgreicher Besetzung')).toBeTruthy();
    expect(rows()).toEqual([
      'Bruttojahresgehalt: € 50.000,00 – € 70.000,00',
      'Ihre Vermittlungsprämie (20 %): € 10.000,00 – € 14.000,00',
    ]);
    expect(screen.getByTestId('fee-sheet').textContent).toContain('wird von Ihrer Prämie nicht abgezogen');
    expect(screen.getByTestId('fee-sheet').textContent).not.toContain('Gesamt');
  });

  it('When the advertisement’s salary is a range, then every line is a range: bonus, 10 % fee, net, 20 % USt, total', () => {
    render(<FeeSheet bonusPercent={20} salary="50.000 – 70.000" />);
    expect(screen.getByText('Kosten bei erfolgreicher Besetzung')).toBeTruthy();
    expect(rows()).toEqual([
      'Bruttojahresgehalt: € 50.000,00 – € 70.000,00',
      'Vermittlungsprämie (20 %): € 10.000,00 – € 14.000,00',
      'Servicegebühr (10 % der Prämie): € 1.000,00 – € 1.400,00',
      'Netto: € 11.000,00 – € 15.400,00',
      'USt 20 %: € 2.200,00 – € 3.080,00',
      'Gesamt: € 13.200,00 – € 18.480,00',
    ]);
  });

  it('When the salary is monthly, then it is multiplied by the payments a year', () => {
    render(<FeeSheet bonusPercent={10} salary="3.000 monatlich" yearlyPayments={14} />);
    expect(rows()[0]).toBe('Bruttojahresgehalt: € 42.000,00');
    expect(rows()[1]).toBe('Vermittlungsprämie (10 %): € 4.200,00');
  });

  it('When an exact amount in cents and reverse charge are given, then one value a line and no USt', () => {
    render(
      <FeeSheet
        bonusPercent={12.5}
        salary={{ minCents: 6_000_000, maxCents: 6_000_000 }}
        reverseCharge
        title="Rechnungsbetrag dieser Meldung"
      />,
    );
    expect(screen.getByText('Rechnungsbetrag dieser Meldung')).toBeTruthy();
    expect(rows()).toEqual([
      'Bruttojahresgehalt: € 60.000,00',
      'Vermittlungsprämie (12,5 %): € 7.500,00',
      'Servicegebühr (10 % der Prämie): € 750,00',
      'Netto: € 8.250,00',
      'USt (Reverse Charge): € 0,00',
      'Gesamt: € 8.250,00',
    ]);
  });

  it('When the salary cannot be read, then it says so; when it is empty, then it asks for it', () => {
    render(<FeeSheet bonusPercent={20} salary="nach Vereinbarung" />);
    expect(screen.getByTestId('fee-sheet').textContent).toBe(BILLING_MSG.salaryUnparsed);
    cleanup();
    render(<FeeSheet bonusPercent={20} salary="  " />);
    expect(screen.getByTestId('fee-sheet').textContent).toBe(
      'Geben Sie Bruttojahresgehalt und Prämie an, um die erwarteten Kosten zu sehen.',
    );
  });
});

describe('billing format', () => {
  it('When a day is missing, then a dash; else dd.MM.yyyy', () => {
    expect(day(null)).toBe('–');
    expect(day(undefined)).toBe('–');
    expect(day('2026-03-07')).toBe('07.03.2026');
  });

  it('When cents are shown, then as euros with the sign kept to the number', () => {
    expect(euro(123456).replace(/\u00a0/g, ' ')).toBe('€ 1.234,56');
    expect(euro(0).replace(/\u00a0/g, ' ')).toBe('€ 0,00');
  });

  it('When a percentage is whole, then without decimals; else with two', () => {
    expect(formatPercent(20)).toBe('20 %');
    expect(formatPercent(12.5)).toBe('12,50 %');
  });
});
