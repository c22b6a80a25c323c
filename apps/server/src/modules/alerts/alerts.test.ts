import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MSG, MAX_SAVED_SEARCHES, type Job, type NotificationList, type SavedSearch } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, jobData, type TestUser, publishJob } from '../../../test/factories';
import { connectChat, EventLog, type ChatClient } from '../../../test/support/socket-client';
import { runDailyDigest } from './digest';
import { unsubscribeToken } from '../../services/notifications/unsubscribe';

/**
 * Issue 13 through the API on PGlite and PostgreSQL: the browser's filters, saved searches
 * (limit, ownership), matching per filter kind, the high-water record (no repeats, also after a
 * reactivation or a replayed event), watches, batching of mails, unsubscribe tokens, the live bell.
 */

let ctx: TestContext;
let company: TestUser;
let consultant: TestUser;
let other: TestUser;
let baseUrl: string;
let clock = new Date();
const sockets: ChatClient[] = [];
const district: Record<string, number> = {};

async function districtId(name: string): Promise<number> {
  const [row] = await ctx.database.query<{ id: number }>('SELECT id FROM districts WHERE name = $1', [name]);
  return row!.id;
}

const publish = (overrides: Parameters<typeof jobData>[0] = {}) => publishJob(ctx, company, overrides);

const save = (user: TestUser, name: string, filters: object, frequency = 'sofort') =>
  ctx.request({
    method: 'POST',
    url: '/api/saved-searches',
    token: user.token,
    payload: { data: { name, filters, frequency } },
  });

async function saved(user: TestUser, name: string, filters: object, frequency = 'sofort'): Promise<SavedSearch> {
  const res = await save(user, name, filters, frequency);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as SavedSearch;
}

const list = async (user: TestUser): Promise<NotificationList> =>
  (await ctx.request({ method: 'GET', url: '/api/notifications', token: user.token })).json().data as NotificationList;

const work = () => ctx.app.alerts.worker.runOnce();

async function jobIds(query: string): Promise<number[]> {
  const res = await ctx.request({ method: 'GET', url: `/api/jobs?${query}`, token: consultant.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Job[]).map((j) => j.id).sort((a, b) => a - b);
}

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock, env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' });
  consultant = await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' });
  other = await createUser(ctx, { role: 'consultant', username: 'Zweite Beratung' });
  for (const name of ['Linz', 'Graz', 'Innsbruck-Land']) district[name] = await districtId(name);
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  await ctx.app.alerts.pump.runOnce(); // starts after what exists
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx?.close();
});

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
    const socket = await connectChat(baseUrl, consultant.token);
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

    await ctx.app.alerts.pump.runOnce();
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

describe('mails', () => {
  it('When matches come in, then the first mail goes at once, later ones wait for 10 minutes and come batched, with one-click unsubscribe headers', async () => {
    const reader = await createUser(ctx, { role: 'consultant', username: 'Mail Leserin' });
    await saved(reader, 'Mailtest', { q: 'mailtest' });
    await publish({ jobTitle: 'Mailtest eins' });
    await work();
    await ctx.deliverMail();
    const first = ctx.smtp.messages.filter((m) => m.to.includes(reader.email));
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('Ein neues passendes Inserat');
    expect(first[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(first[0]!.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=/,
    );

    await publish({ jobTitle: 'Mailtest zwei' });
    await publish({ jobTitle: 'Mailtest drei' });
    await work();
    await ctx.deliverMail();
    expect(ctx.smtp.messages.filter((m) => m.to.includes(reader.email))).toHaveLength(1);
    const saved10 = clock;
    clock = new Date(clock.getTime() + 10 * 60_000 + 1000);
    try {
      await work();
      await ctx.deliverMail();
    } finally {
      clock = saved10;
    }
    const all = ctx.smtp.messages.filter((m) => m.to.includes(reader.email));
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toBe('2 neue passende Inserate');
    expect(all[1]!.text).toContain('Mailtest zwei');
    expect(all[1]!.text).toContain('Mailtest drei');

    // one click, no login: no more mails of this kind; the bell still rings
    const url = /<([^>]+)>/.exec(all[1]!.headers['list-unsubscribe']!)![1]!;
    const path = url.replace('http://localhost:3000', '');
    const click = await ctx.request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode, click.body).toBe(200);
    expect(click.json().data).toMatchObject({ kind: 'search_match', unsubscribed: true });
    clock = new Date(clock.getTime() + 30 * 60_000);
    await publish({ jobTitle: 'Mailtest vier' });
    await work();
    await ctx.deliverMail();
    expect(ctx.smtp.messages.filter((m) => m.to.includes(reader.email))).toHaveLength(2);
    expect((await list(reader)).items[0]!.body).toBe('Mailtest vier');
  });

  it('When an unsubscribe token is forged or changed to another user or kind, then it is refused and nothing changes', async () => {
    const secret = ctx.config.jwtSecret;
    const valid = unsubscribeToken(secret, consultant.id, 'bonus_rise');
    const [, , sig] = valid.split('.');
    for (const token of [
      `${other.id}.bonus_rise.${sig}`,
      `${consultant.id}.search_match.${sig}`,
      unsubscribeToken('another-secret-another-secret-xx', consultant.id, 'bonus_rise'),
      'garbage',
      `${consultant.id}.unknown_kind.${sig}`,
    ]) {
      const res = await ctx.request({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(ALERT_MSG.unsubscribeInvalid);
    }
    const settings = await ctx.request({ method: 'GET', url: '/api/notification-settings', token: other.token });
    expect(settings.json().data.bonus_rise).toBe('app_mail');
    const view = await ctx.request({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(valid)}`,
    });
    expect(view.json().data).toMatchObject({ kind: 'bonus_rise', unsubscribed: false });
  });
});

describe('chat notices', () => {
  const contact = (user: TestUser, advertisement: number, message: string) =>
    ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: user.token,
      payload: { advertisement, message },
    });

  it('When messages arrive in two conversations within 10 minutes, then the second notice waits and comes batched; the bell never shows the text; app-only stops the mails', async () => {
    const boss = await createUser(ctx, { role: 'company', username: 'Chatfirma GmbH' });
    const ad = async (title: string) =>
      (
        await ctx.request({
          method: 'POST',
          url: '/api/jobs',
          token: boss.token,
          payload: { data: jobData({ jobTitle: title }) },
        })
      ).json().data.id as number;
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect((await contact(consultant, await ad('Chat eins'), 'Geheimer Inhalt eins')).statusCode).toBe(201);
    expect((await contact(other, await ad('Chat zwei'), 'Geheimer Inhalt zwei')).statusCode).toBe(201);
    await work();
    await ctx.deliverMail();
    const toBoss = () => ctx.smtp.messages.filter((m) => m.to.includes(boss.email));
    expect(toBoss().map((m) => m.subject)).toEqual(["Neue Nachricht zu 'Chat eins'"]);
    expect(toBoss()[0]!.headers['list-unsubscribe']).toContain('/api/notifications/unsubscribe?token=');
    const bell = await list(boss);
    expect(bell.items.map((n) => n.title)).toEqual([
      'Neue Nachricht von Zweite Beratung',
      'Neue Nachricht von Sabine Recruiting',
    ]);
    expect(JSON.stringify(bell)).not.toContain('Geheimer Inhalt');

    clock = new Date(clock.getTime() + 11 * 60_000);
    await work();
    await ctx.deliverMail();
    expect(toBoss().map((m) => m.subject)).toEqual(["Neue Nachricht zu 'Chat eins'", 'Eine neue Chat-Nachricht']);

    await ctx.request({
      method: 'PUT',
      url: '/api/notification-settings',
      token: boss.token,
      payload: { data: { chat_message: 'app' } },
    });
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect((await contact(consultant, await ad('Chat drei'), 'Noch eine')).statusCode).toBe(201);
    await work();
    await ctx.deliverMail();
    expect(toBoss()).toHaveLength(2);
    expect((await list(boss)).unread).toBe(3);
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
