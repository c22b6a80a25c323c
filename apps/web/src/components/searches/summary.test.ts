import { describe, expect, it } from 'vitest';
import type { District } from '@pb/core';
import { filterSummary, searchName } from './summary';

const DISTRICTS = [
  { id: 101, name: 'Graz' },
  { id: 917, name: 'Wien-Landstraße' },
] as unknown as District[];

describe('a saved search in words', () => {
  it('When nothing is filtered, then it is all advertisements', () => {
    expect(filterSummary({}, DISTRICTS)).toBe('Alle Inserate');
  });

  it('When every filter is set, then text, states, district names, bonus and working time are joined with dots', () => {
    expect(
      filterSummary(
        {
          q: 'pflege',
          states: ['Steiermark', 'Wien'],
          districts: [101, 5],
          minBonus: 12.5,
          minBonusEuros: 1500,
          workingTime: 'Teilzeit',
          respondsWithin: 2,
        },
        DISTRICTS,
      ),
    ).toBe(
      '„pflege“ · Steiermark, Wien · Graz, Bezirk 5 · ≥ 12,50 % · ≥ 1\u00a0500 € Prämie · Teilzeit · Antwort innerhalb von 2 Arbeitstagen',
    );
    expect(filterSummary({ minBonus: 20 }, DISTRICTS)).toBe('≥ 20 %');
    expect(filterSummary({ respondsWithin: 1 }, DISTRICTS)).toBe('Antwort innerhalb von 1 Arbeitstag');
  });

  it('When a name is proposed for the browser’s filters, then it is their summary, at most 80 characters', () => {
    expect(searchName({ text: 'koch', states: [], districtIds: [917], workingTime: '' }, DISTRICTS)).toBe(
      '„koch“ · Wien-Landstraße',
    );
    expect(searchName({ text: 'x'.repeat(100), states: [], districtIds: [], workingTime: '' }, DISTRICTS)).toHaveLength(
      80,
    );
  });
});
