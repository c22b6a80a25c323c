import { describe, expect, it } from 'vitest';
import type { AdvertisementNumbers, WatchedAdvertisement } from '@pb/core';
import { createJob, type ChatUser } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';

/**
 * Numbers per advertisement and the list of watched advertisements (issue 32): agencies that opened
 * an advertisement count once each, whoever of them looks again; only the company reads its numbers.
 */

const { ctx, company, otherCompany, consultant, second, at, introduced } = introductionsSuite();

const view = (user: ChatUser, job: number) =>
  ctx.request({ method: 'POST', url: `/api/jobs/${job}/views`, token: user.token });

async function numbersOf(user: ChatUser): Promise<AdvertisementNumbers[]> {
  const res = await ctx.request({ method: 'GET', url: '/api/advertisement-numbers', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AdvertisementNumbers[] }>().data;
}

describe('Numbers per advertisement', () => {
  it('When two agencies open an advertisement (one twice), write and introduce, then the company sees 2 agencies, 2 conversations (an introduction travels in one), 1 introduction', async () => {
    at('2026-12-04T09:00:00Z');
    // Other advertisements first, so no id of another table happens to equal this one's.
    for (let i = 0; i < 3; i++) await createJob(ctx.app.db, company.id, { bonus: 12 });
    const job = await createJob(ctx.app.db, company.id, { bonus: 15 });
    for (const user of [consultant, consultant, second]) expect((await view(user, job.id)).statusCode).toBe(200);
    const opened = await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: consultant.token,
      payload: { advertisement: job.id, message: 'Guten Tag' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    await introduced(second, job.id);

    expect((await numbersOf(company)).find((n) => n.advertisement === job.id)).toEqual({
      advertisement: job.id,
      agencies: 2,
      conversations: 2,
      introductions: 1,
    });
    // Another company reads only its own advertisements' numbers.
    expect((await numbersOf(otherCompany)).some((n) => n.advertisement === job.id)).toBe(false);
  });

  it('When a company records a view, or a consultant views an advertisement that is not published, then it is refused and nothing counts', async () => {
    const draft = await createJob(ctx.app.db, company.id, { bonus: 10, published: false });
    expect((await view(company, draft.id)).statusCode).toBe(403);
    expect((await view(consultant, draft.id)).statusCode).toBe(404);
    expect((await view(consultant, 999_999)).statusCode).toBe(404);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/advertisement-numbers', token: consultant.token })).statusCode,
    ).toBe(403);
    expect((await numbersOf(company)).find((n) => n.advertisement === draft.id)?.agencies).toBe(0);
  });

  it("When a watched advertisement is deactivated, then it stays on the consultant's list as no longer active", async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 20, jobTitle: 'Sous-Chef/in' });
    expect(
      (await ctx.request({ method: 'PUT', url: `/api/job-watches/${job.id}`, token: consultant.token })).statusCode,
    ).toBe(200);
    await ctx.database.query('UPDATE jobs SET published_at = NULL WHERE id = $1', [job.id]);
    const res = await ctx.request({ method: 'GET', url: '/api/job-watches/advertisements', token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    const watched = res.json<{ data: WatchedAdvertisement[] }>().data.find((w) => w.id === job.id);
    expect(watched).toMatchObject({
      jobTitle: 'Sous-Chef/in',
      companyName: company.username,
      active: false,
      bonus: 20,
    });
    const others = await ctx.request({ method: 'GET', url: '/api/job-watches/advertisements', token: second.token });
    expect(others.json<{ data: WatchedAdvertisement[] }>().data.some((w) => w.id === job.id)).toBe(false);
  });

  it('When the company deactivates an advertisement after an introduction, then that agency still reads it to report, another agency does not', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 18, jobTitle: 'Souschef/in' });
    await introduced(consultant, job.id);
    await ctx.database.query('UPDATE jobs SET published_at = NULL WHERE id = $1', [job.id]);
    const read = (user: ChatUser) => ctx.request({ method: 'GET', url: `/api/jobs/${job.id}`, token: user.token });
    expect((await read(consultant)).statusCode).toBe(200);
    expect((await read(second)).statusCode).toBe(404);
    expect((await read(otherCompany)).statusCode).toBe(404);
    // Reading is all: the browser's lists still show published advertisements only.
    const list = await ctx.request({
      method: 'GET',
      url: `/api/jobs?filters[id][$eq]=${job.id}`,
      token: consultant.token,
    });
    expect(list.json().data).toEqual([]);
  });
});
