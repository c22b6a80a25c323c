import { describe, expect, it } from 'vitest';
import { TRUST_MSG, type Job, type SavedSearch } from '@pb/core';
import { createUser, publishJob } from '../../../test/factories';
import { alertsSuite } from '../../../test/support/alerts-suite';
import { companyOrganisationOf, setCompanyResponse } from '../../../test/support/company-response';

/**
 * Issue 36 in saved searches: the filter respondsWithin (1, 2 or 5 working days) is saved, shown
 * back and matched with the browser's own definition (browser-filters.ts) — a search hears only of
 * advertisements whose company meets it when the advertisement is matched, on PGlite and PostgreSQL.
 */

let clock = new Date();
const suite = alertsSuite(() => clock);
const { ctx, company, consultant, save, saved, list, work } = suite;

const searches = async (): Promise<SavedSearch[]> =>
  (await ctx.request({ method: 'GET', url: '/api/saved-searches', token: consultant.token })).json()
    .data as SavedSearch[];

const column = async (id: number): Promise<number | null> =>
  (
    await ctx.database.query<{ days: number | null }>(
      'SELECT responds_within_days AS days FROM saved_searches WHERE id = $1',
      [id],
    )
  )[0]!.days;

describe('saved searches by company responsiveness', () => {
  it('When a search with respondsWithin is saved, changed and cleared, then it is stored and shown back; other values are a German 400', async () => {
    const search = await saved(consultant, 'Antwortet schnell', { respondsWithin: 1, states: ['Tirol'] });
    expect(search.filters).toEqual({ respondsWithin: 1, states: ['Tirol'] });
    expect(await column(search.id)).toBe(1);
    const put = (filters: object) =>
      ctx.request({
        method: 'PUT',
        url: `/api/saved-searches/${search.id}`,
        token: consultant.token,
        payload: { data: { name: 'Antwortet schnell', filters, frequency: 'sofort' } },
      });
    expect((await put({ respondsWithin: 5 })).json().data.filters).toEqual({ respondsWithin: 5 });
    expect(await column(search.id)).toBe(5);
    expect((await searches()).find((s) => s.id === search.id)?.filters).toEqual({ respondsWithin: 5 });
    expect((await put({})).statusCode).toBe(200);
    expect(await column(search.id)).toBeNull();
    for (const respondsWithin of [3, 0, 'abc', 1.5, null, [1]]) {
      const res = await save(consultant, 'Falsch', { respondsWithin });
      expect(res.statusCode, JSON.stringify(respondsWithin)).toBe(400);
      expect(res.json().error.message).toBe(TRUST_MSG.invalidRespondsWithin);
    }
    // As in the browser's address ('Anzeigen' of a saved search): the text of a number is the number.
    const fromText = await saved(consultant, 'Aus Text', { respondsWithin: '2' });
    expect(fromText.filters).toEqual({ respondsWithin: 2 });
    for (const s of await searches()) {
      await ctx.request({ method: 'DELETE', url: `/api/saved-searches/${s.id}`, token: consultant.token });
    }
  });

  it('When companies publish, then a search with respondsWithin hears only of those whose company meets it then, and counts what the browser lists', async () => {
    clock = new Date();
    const slow = await createUser(ctx, { role: 'company', username: 'Langsam GmbH' });
    const unknown = await createUser(ctx, { role: 'company', username: 'Neu am Markt GmbH' });
    // Company: 300 office minutes (half a working day); Langsam: 2,000 (3.3 days); Neu am Markt: too little data.
    await setCompanyResponse(ctx.database, await companyOrganisationOf(ctx.database, company.id), 300);
    const slowOrganisation = await companyOrganisationOf(ctx.database, slow.id);
    await setCompanyResponse(ctx.database, slowOrganisation, 2_000);
    const oneDay = await saved(consultant, 'Reagiert in 1 Tag', { q: 'Reaktionsalarm', respondsWithin: 1 });
    const fiveDays = await saved(consultant, 'Reagiert in 5 Tagen', { q: 'Reaktionsalarm', respondsWithin: 5 });
    await work();
    const before = (await list(consultant)).items.length;

    const fast = await publishJob(ctx, company, { jobTitle: 'Reaktionsalarm schnell' });
    const slower = await publishJob(ctx, slow, { jobTitle: 'Reaktionsalarm langsam' });
    await publishJob(ctx, unknown, { jobTitle: 'Reaktionsalarm ohne Daten' });
    await work();
    const after = await list(consultant);
    const fresh = after.items.slice(0, after.items.length - before);
    expect(fresh.map((n) => [n.title, n.link]).sort()).toEqual(
      [
        ['Neues Inserat für „Reagiert in 1 Tag“', `/advertisements/view?id=${fast}`],
        ['Neues Inserat für „Reagiert in 5 Tagen“', `/advertisements/view?id=${fast}`],
        ['Neues Inserat für „Reagiert in 5 Tagen“', `/advertisements/view?id=${slower}`],
      ].sort(),
    );

    // The search's count is the browser's list for the same filters.
    const browser = async (within: number) => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/jobs?q=Reaktionsalarm&respondsWithin=${within}`,
        token: consultant.token,
      });
      return (res.json() as { data: Job[] }).data.map((j) => j.id).sort((a, b) => a - b);
    };
    expect(await browser(1)).toEqual([fast]);
    expect(await browser(5)).toEqual([fast, slower].sort((a, b) => a - b));
    const counts = Object.fromEntries((await searches()).map((s) => [s.id, s.matches]));
    expect([counts[oneDay.id], counts[fiveDays.id]]).toEqual([1, 2]);

    // Langsam becomes fast later: the browser lists it at once, but its advertisement is no news
    // (the search was told what met it when it was published).
    await setCompanyResponse(ctx.database, slowOrganisation, 200);
    await work();
    expect((await list(consultant)).items.length).toBe(after.items.length);
    expect(await browser(1)).toEqual([fast, slower].sort((a, b) => a - b));
    expect(Object.fromEntries((await searches()).map((s) => [s.id, s.matches]))[oneDay.id]).toBe(2);
    // A new advertisement of it is matched with its new figure.
    const next = await publishJob(ctx, slow, { jobTitle: 'Reaktionsalarm jetzt schnell' });
    await work();
    const last = await list(consultant);
    expect(last.items.slice(0, 2).map((n) => [n.title, n.link])).toEqual(
      expect.arrayContaining([['Neues Inserat für „Reagiert in 1 Tag“', `/advertisements/view?id=${next}`]]),
    );
  });
});
