import { afterAll, beforeAll, expect } from 'vitest';
import type { Job, NotificationList, SavedSearch } from '@pb/core';
import { createTestContext, type TestContext } from '../helpers';
import { createUser, jobData, publishJob, type TestUser } from '../factories';
import { socketSide } from './socket-client';

/**
 * Issue 13's suite (src/modules/alerts/alerts-*.test.ts). Each file calls alertsSuite(now) once at
 * its top level with its clock: it registers the file's beforeAll (a test context listening for
 * Socket.IO, a company, two consultants, three districts; the alert pump starts after what exists)
 * and afterAll (closes the sockets the tests opened, then the context). The context, the users and
 * the districts are filled in place by beforeAll, so a file can take them apart at its top; every
 * file gets its own (the API projects share one module graph per worker: nothing here is module
 * state).
 */
export function alertsSuite(now: () => Date) {
  const ctx = {} as TestContext;
  const company = {} as TestUser;
  const consultant = {} as TestUser;
  const other = {} as TestUser;
  /** Where the app listens (for Socket.IO clients) and the sockets the tests open. */
  const { server, sockets, listen, closeSockets } = socketSide();
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
    (await ctx.request({ method: 'GET', url: '/api/notifications', token: user.token })).json()
      .data as NotificationList;

  const work = () => ctx.app.alerts.worker.runOnce();

  async function jobIds(query: string): Promise<number[]> {
    const res = await ctx.request({ method: 'GET', url: `/api/jobs?${query}`, token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Job[]).map((j) => j.id).sort((a, b) => a - b);
  }

  beforeAll(async () => {
    Object.assign(ctx, await createTestContext({ now, env: { RATE_LIMIT_FACTOR: '100' } }));
    Object.assign(company, await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' }));
    Object.assign(consultant, await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' }));
    Object.assign(other, await createUser(ctx, { role: 'consultant', username: 'Zweite Beratung' }));
    for (const name of ['Linz', 'Graz', 'Innsbruck-Land']) district[name] = await districtId(name);
    await listen(ctx.app);
    await ctx.app.notificationPump.runOnce(); // starts after what exists
  });

  afterAll(async () => {
    closeSockets();
    await ctx.close?.();
  });

  return { ctx, company, consultant, other, server, sockets, district, publish, save, saved, list, work, jobIds };
}
