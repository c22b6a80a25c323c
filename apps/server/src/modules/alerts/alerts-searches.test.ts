import { describe, expect, it } from 'vitest';
import { ALERT_MSG, MAX_SAVED_SEARCHES, type SavedSearch } from '@pb/core';
import { jobData } from '../../../test/factories';
import { alertsSuite } from '../../../test/support/alerts-suite';
import { connectChat, EventLog } from '../../../test/support/socket-client';
import { runDailyDigest } from './digest';

/**
 * Issue 13 through the API on PGlite and PostgreSQL: the browser's filters, saved searches (limit,
 * ownership; they match the advertisements the filter tests published), matching per filter kind, the
 * high-water record (no repeats, also after a reactivation or a replayed event), watches, the live bell and
 * the notification centre over what matching left.
 */

let clock = new Date();
const suite = alertsSuite(() => clock);
const { ctx, company, consultant, other, server, sockets, district } = suite;
const { publish, save, saved, list, work, jobIds } = suite;

describe('the browser filters (GET /api/jobs)', () => {
  it('When each filter kind is used, then exactly the matching advertisements come back; the € filter ignores unparsed salaries', async () => {
    const linz = await publish({
      jobTitle: 'Filter Linz',
      district: district['Linz']!,
      salary: '50.000',
      placementBonus: 10,
    });
    const graz = await publish({
      jobTitle: 'Filter Graz',
      district: district['Graz']!,
      salary: '3.000 monatlich',
      placementBonus: 25,
      workingTime: 'Teilzeit',
    });
    const tirol = await publish({
      jobTitle: 'Filter Tirol',
      district: district['Innsbruck-Land']!,
      salary: 'nach Vereinbarung',
      placementBonus: 40,
    });
    const mine = (ids: number[]) => ids.filter((id) => [linz, graz, tirol].includes(id));
    expect(mine(await jobIds('q=Filter'))).toEqual([linz, graz, tirol]);
    expect(mine(await jobIds(`districts=${district['Linz']},${district['Graz']}`))).toEqual([linz, graz]);
    expect(mine(await jobIds('states=Tirol'))).toEqual([tirol]);
    expect(mine(await jobIds('states=Steiermark,Ober%C3%B6sterreich'))).toEqual([linz, graz]);
    expect(mine(await jobIds('minBonus=25'))).toEqual([graz, tirol]);
    // Graz: 3,000 × 14 = 42,000 × 25 % = 10,500 €; Linz: 50,000 × 10 % = 5,000 €; Tirol: unparsed
    expect(mine(await jobIds('minBonusEuros=6000'))).toEqual([graz]);
    expect(mine(await jobIds('minBonusEuros=5000'))).toEqual([linz, graz]);
    expect(mine(await jobIds('workingTime=Teilzeit'))).toEqual([graz]);
    expect(mine(await jobIds('q=Filter&states=Steiermark&workingTime=Teilzeit&minBonus=20'))).toEqual([graz]);
  });

  it('When a filter value is invalid, then the answer is a 400 with a German message', async () => {
    for (const [query, message] of [
      ['states=Bayern', ALERT_MSG.invalidState],
      ['minBonus=abc', ALERT_MSG.invalidMinBonus],
      ['minBonus=101', ALERT_MSG.invalidMinBonus],
      ['minBonusEuros=-1', ALERT_MSG.invalidMinBonusEuros],
      ['workingTime=Nachts', ALERT_MSG.invalidWorkingTime],
    ] as const) {
      const res = await ctx.request({ method: 'GET', url: `/api/jobs?${query}`, token: consultant.token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });
});

describe('saved searches', () => {
  it('When a consultant saves searches, then the 11th is refused, others cannot see or change them, and companies cannot save', async () => {
    const first = await saved(other, 'Alles', {});
    expect(first.matches).toBeGreaterThan(0);
    for (let i = 2; i <= MAX_SAVED_SEARCHES; i += 1) await saved(other, `Suche ${i}`, { q: `x${i}` });
    const eleventh = await save(other, 'Zu viel', {});
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.message).toBe(ALERT_MSG.tooMany);
    expect((await save(company, 'Firma', {})).statusCode).toBe(403);
    const foreign = await ctx.request({
      method: 'PUT',
      url: `/api/saved-searches/${first.id}`,
      token: consultant.token,
      payload: { data: { name: 'fremd', filters: {}, frequency: 'sofort' } },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/saved-searches/${first.id}`, token: consultant.token }))
        .statusCode,
    ).toBe(404);
    const mine = await ctx.request({ method: 'GET', url: '/api/saved-searches', token: consultant.token });
    expect(mine.json().data).toEqual([]);
    const paused = await ctx.request({
      method: 'PUT',
      url: `/api/saved-searches/${first.id}`,
      token: other.token,
      payload: { data: { name: 'Alles (Pause)', filters: {}, frequency: 'sofort', paused: true } },
    });
    expect(paused.json().data).toMatchObject({ name: 'Alles (Pause)', paused: true });
    // free the slots for the tests below
    const all = (await ctx.request({ method: 'GET', url: '/api/saved-searches', token: other.token })).json()
      .data as SavedSearch[];
    for (const s of all)
      await ctx.request({ method: 'DELETE', url: `/api/saved-searches/${s.id}`, token: other.token });
  });

  it('When the filters hold anything but the browser’s filters, then the search is refused in German', async () => {
    for (const filters of [{ foo: 1 }, { states: ['Bayern'] }, { minBonus: 'viel' }, { districts: [0] }, 'text']) {
      const res = await save(consultant, 'Falsch', filters as object);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/^(Ungültig|Unbekannt|Die Mindestprämie|Bitte)/);
    }
    const noName = await save(consultant, ' ', {});
    expect(noName.json().error.message).toBe(ALERT_MSG.nameRequired);
  });
});

describe('matching, exactly once', () => {
  it('When an advertisement is published, then every matching immediate search hears of it once — not a paused or a non-matching one, not again after a reactivation or a replayed event', async () => {
    clock = new Date(); // the searches are saved now: what was published before is no news to them
    const socket = await connectChat(server.baseUrl, consultant.token);
    sockets.push(socket);
    const bell = new EventLog(socket, 'notification:new');
    const banner = new EventLog(socket, 'jobs:published');
    const steiermark = await saved(consultant, 'Steiermark', { states: ['Steiermark'] });
    const pflege = await saved(consultant, 'Pflege 20 %', { q: 'pflege', minBonus: 20 });
    await saved(consultant, 'Tirol', { states: ['Tirol'] });
    const daily = await saved(consultant, 'Täglich Graz', { districts: [district['Graz']!] }, 'taeglich');
    await work();
    const before = (await list(consultant)).items.length;

    const job = await publish({ jobTitle: 'Pflegeassistenz (m/w/d)', district: district['Graz']!, placementBonus: 22 });
    await work();
    const after = await list(consultant);
    const fresh = after.items.slice(0, after.items.length - before);
    expect(fresh.map((n) => n.title).sort()).toEqual([
      'Neues Inserat für „Pflege 20 %“',
      'Neues Inserat für „Steiermark“',
    ]);
    expect(fresh[0]).toMatchObject({ kind: 'search_match', link: `/advertisements/view?id=${job}`, read: false });
    expect(after.unread).toBeGreaterThanOrEqual(2);

    await ctx.app.notificationPump.runOnce();
    const events = await bell.waitFor(2);
    expect(events[events.length - 1]!.unread).toBe(after.unread);
    expect((await banner.waitFor(1)).some((e) => e.jobId === job)).toBe(true);

    // deactivated and published again: no second notice for the same search
    await ctx.request({
      method: 'PUT',
      url: `/api/jobs/${job}`,
      token: company.token,
      payload: { data: { publishedAt: null } },
    });
    await ctx.request({
      method: 'PUT',
      url: `/api/jobs/${job}`,
      token: company.token,
      payload: {
        data: jobData({ jobTitle: 'Pflegeassistenz (m/w/d)', district: district['Graz']!, placementBonus: 22 }),
      },
    });
    await ctx.database.query(`UPDATE jobs SET published_at = now() WHERE id = $1`, [job]);
    // a replayed event (a crash between commit and ack elsewhere) changes nothing either
    await ctx.database.query(`INSERT INTO alert_events (kind, job_id) VALUES ('published', $1)`, [job]);
    await work();
    expect((await list(consultant)).items.length).toBe(after.items.length);
    const matches = await ctx.database.query<{ search_id: number }>(
      'SELECT search_id FROM saved_search_matches WHERE job_id = $1 ORDER BY search_id',
      [job],
    );
    expect(matches.map((m) => m.search_id)).toEqual([steiermark.id, pflege.id, daily.id].sort((a, b) => a - b));

    // the daily search: one digest entry at 07:00, once
    expect(await runDailyDigest(ctx.app.db, clock)).toBe(1);
    expect(await runDailyDigest(ctx.app.db, clock)).toBe(0);
    expect((await list(consultant)).items[0]).toMatchObject({ title: 'Ein neues Inserat für „Täglich Graz“' });
  });

  it('When a watched advertisement’s bonus rises or it is deactivated, then the consultant is told (old → new)', async () => {
    const job = await publish({ jobTitle: 'Gemerkt', placementBonus: 10 });
    const watched = await ctx.request({ method: 'PUT', url: `/api/job-watches/${job}`, token: consultant.token });
    expect(watched.json().data).toContain(job);
    await work();
    await ctx.request({
      method: 'POST',
      url: '/api/placement-bonuses',
      token: company.token,
      payload: { data: { advertisement: job, bonus: 12.5 } },
    });
    await ctx.request({
      method: 'POST',
      url: '/api/placement-bonuses',
      token: company.token,
      payload: { data: { advertisement: job, bonus: 11 } },
    });
    await ctx.request({
      method: 'PUT',
      url: `/api/jobs/${job}`,
      token: company.token,
      payload: { data: { publishedAt: null } },
    });
    await work();
    const items = (await list(consultant)).items.slice(0, 2);
    expect(items.map((n) => [n.kind, n.body])).toEqual([
      ['job_deactivated', '„Gemerkt“ ist nicht mehr aktiv.'],
      ['bonus_rise', '10 % → 12,50 %'],
    ]);
    expect(
      (await ctx.request({ method: 'PUT', url: `/api/job-watches/${job}`, token: consultant.token })).statusCode,
    ).toBe(409);
    expect(
      (await ctx.request({ method: 'PUT', url: `/api/job-watches/${job}`, token: company.token })).statusCode,
    ).toBe(403);
  });
});

describe('the notification centre', () => {
  it('When entries are read, then only own entries change and the count follows; settings accept only known kinds and channels', async () => {
    const mine = await list(consultant);
    expect(mine.unread).toBeGreaterThan(0);
    const foreign = await ctx.request({
      method: 'POST',
      url: `/api/notifications/${mine.items[0]!.id}/read`,
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
    const one = await ctx.request({
      method: 'POST',
      url: `/api/notifications/${mine.items[0]!.id}/read`,
      token: consultant.token,
    });
    expect(one.json().data.unread).toBe(mine.unread - 1);
    const all = await ctx.request({ method: 'POST', url: '/api/notifications/read-all', token: consultant.token });
    expect(all.json().data.unread).toBe(0);
    const bad = await ctx.request({
      method: 'PUT',
      url: '/api/notification-settings',
      token: consultant.token,
      payload: { data: { search_match: 'sms' } },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await ctx.request({
      method: 'PUT',
      url: '/api/notification-settings',
      token: consultant.token,
      payload: { data: { spam: 'app' } },
    });
    expect(unknown.statusCode).toBe(400);
    const ok = await ctx.request({
      method: 'PUT',
      url: '/api/notification-settings',
      token: consultant.token,
      payload: { data: { guarantee: 'app' } },
    });
    expect(ok.json().data).toMatchObject({ guarantee: 'app', search_match: 'app_mail' });
  });
});
