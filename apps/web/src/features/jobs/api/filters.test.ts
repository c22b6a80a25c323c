import { describe, expect, it } from 'vitest';
import {
  browserPageParams,
  browserSearchParams,
  filtersFromParams,
  hasFilter,
  NO_BROWSER_FILTERS,
  queriedFilters,
  savedFilters,
  type BrowserFilters,
} from './jobs';

const ALL: BrowserFilters = {
  text: '  Pflege ',
  districtIds: [917, 101],
  states: ['Wien', 'Steiermark'],
  minBonus: ' 12,5 ',
  minBonusEuros: '1.500',
  workingTime: 'Teilzeit',
  respondsWithin: '2',
  sort: 'companyResponse',
};

describe('browser filters ↔ URL search params ↔ saved search', () => {
  it('When no filter is set, then there are no parameters and no filter', () => {
    expect(browserSearchParams(NO_BROWSER_FILTERS)).toEqual({});
    expect(hasFilter(NO_BROWSER_FILTERS)).toBe(false);
    expect(hasFilter({ ...NO_BROWSER_FILTERS, text: '   ' })).toBe(false);
  });

  it('When every filter is set, then the parameters are the server’s names, trimmed, euros without thousands dots', () => {
    expect(browserSearchParams(ALL)).toEqual({
      q: 'Pflege',
      districts: '917,101',
      states: 'Wien,Steiermark',
      minBonus: '12,5',
      minBonusEuros: '1500',
      workingTime: 'Teilzeit',
      respondsWithin: '2',
    });
    expect(hasFilter(ALL)).toBe(true);
  });

  it('When the parameters are read back from the URL, then the same filters come out (text and numbers trimmed)', () => {
    const url = new URLSearchParams({ ...browserSearchParams(ALL), sort: 'companyResponse' });
    expect(filtersFromParams(url)).toEqual({
      text: 'Pflege',
      districtIds: [917, 101],
      states: ['Wien', 'Steiermark'],
      minBonus: '12,5',
      minBonusEuros: '1500',
      workingTime: 'Teilzeit',
      respondsWithin: '2',
      sort: 'companyResponse',
    });
  });

  it('When only the order is chosen, then it is no filter: no parameter, the total is shown', () => {
    const sorted: BrowserFilters = { ...NO_BROWSER_FILTERS, sort: 'companyResponse' };
    expect(browserSearchParams(sorted)).toEqual({});
    expect(hasFilter(sorted)).toBe(false);
    expect(savedFilters(sorted)).toEqual({});
  });

  it('When the URL names an unknown order or answer time, then the list is the newest first and unfiltered', () => {
    const filters = filtersFromParams(new URLSearchParams('sort=companyResponse:desc&respondsWithin=3'));
    expect(filters.sort).toBe('newest');
    expect(filters.respondsWithin).toBe('');
    expect(filtersFromParams(new URLSearchParams('respondsWithin=5')).respondsWithin).toBe('5');
  });

  it('When the URL carries junk districts or empty lists, then only positive whole district ids stay', () => {
    const filters = filtersFromParams(new URLSearchParams('districts=3,,abc,-4,2.5,7&states='));
    expect(filters.districtIds).toEqual([3, 7]);
    expect(filters.states).toEqual([]);
    expect(filters.text).toBe('');
  });

  it('When a search is saved, then numbers are parsed (decimal comma, thousands dots) and empty filters are left out', () => {
    expect(savedFilters(ALL)).toEqual({
      q: 'Pflege',
      districts: [917, 101],
      states: ['Wien', 'Steiermark'],
      minBonus: 12.5,
      minBonusEuros: 1500,
      workingTime: 'Teilzeit',
      respondsWithin: 2,
    });
    expect(savedFilters({ ...NO_BROWSER_FILTERS, minBonus: '20' })).toEqual({ minBonus: 20 });
    expect(savedFilters({ ...NO_BROWSER_FILTERS, respondsWithin: '1' })).toEqual({ respondsWithin: 1 });
    expect(savedFilters(NO_BROWSER_FILTERS)).toEqual({});
  });

  it('When the list is asked for, then the text is trimmed and districts and states are sorted (one cache entry per meaning)', () => {
    expect(queriedFilters(ALL)).toEqual({
      ...ALL,
      text: 'Pflege',
      districtIds: [101, 917],
      states: ['Steiermark', 'Wien'],
    });
    expect(ALL.districtIds).toEqual([917, 101]);
  });

  it('When the filters change, then the page’s URL carries them and the order, keeps its other parameters and drops the old filters', () => {
    const current = new URLSearchParams('id=5&melden=12&q=alt&workingTime=Vollzeit');
    expect(browserPageParams(current, queriedFilters(ALL)).toString()).toBe(
      'id=5&melden=12&q=Pflege&districts=101%2C917&states=Steiermark%2CWien&minBonus=12%2C5&minBonusEuros=1500&workingTime=Teilzeit&respondsWithin=2&sort=companyResponse',
    );
    expect(browserPageParams(current, NO_BROWSER_FILTERS).toString()).toBe('id=5&melden=12');
    expect(filtersFromParams(browserPageParams(current, ALL))).toEqual(
      filtersFromParams(new URLSearchParams(browserPageParams(new URLSearchParams(), ALL))),
    );
  });
});
