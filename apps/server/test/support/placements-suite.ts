import { afterAll, beforeAll, expect } from 'vitest';
import type { Job } from '@pb/core';
import { createTestContext, type TestContext } from '../helpers';
import { createUser, jobData, type TestUser } from '../factories';
import { confirmCandidate, TEST_PROFILE } from './candidate-consent';
import { socketSide } from './socket-client';

/**
 * The placement reports' suite (src/modules/placements/placements-*.test.ts). Each file calls
 * placementsSuite() once at its top level: it registers the file's beforeAll (a test context
 * listening for Socket.IO, companies A and B, a consultant, the back office) and afterAll (closes the
 * sockets the tests opened, then the context), and returns them with the helpers. The context and the
 * users are filled in place by beforeAll, so a file can take them apart at its top; every file gets
 * its own (the API projects share one module graph per worker: nothing here is module state).
 */
export function placementsSuite() {
  const ctx = {} as TestContext;
  const a = {} as TestUser;
  const b = {} as TestUser;
  const consultant = {} as TestUser;
  const admin = {} as TestUser;
  /** Where the app listens (for Socket.IO clients) and the sockets the tests open. */
  const { server, sockets, listen, closeSockets } = socketSide();

  async function publish(user: TestUser, title: string, bonus = 20): Promise<number> {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: user.token,
      payload: { data: jobData({ jobTitle: title, placementBonus: bonus }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Job }).data.id;
  }

  const companyReport = (advertisement: number) => ({
    variant: 'company',
    advertisement,
    companyName: 'Alpenhof GmbH',
    jobTitle: 'Koch',
    contactPerson: 'wird ersetzt',
    placementBonus: 20,
    actualSalary: 60000,
    recruiter: 'Maria Berger',
    recruiterMail: 'maria.berger@example.test',
    street: 'Maria-Theresien-Straße',
    houseNr: '12',
    postalCode: '6020',
    city: 'Innsbruck',
    uid: 'ATU12345678',
    candidateEmail: 'neu.eingestellt@example.test',
  });

  const consultantReport = (advertisement: number) => ({
    variant: 'consultant',
    advertisement,
    companyName: 'Alpenhof GmbH',
    jobTitle: 'Koch',
    contactPerson: 'Herr Huber',
    placementBonus: 18,
    actualSalary: 45000,
  });

  const report = (token: string | undefined, data: object) =>
    ctx.request({ method: 'POST', url: '/api/placement-reports', token, payload: { data } });

  /** The consultant contacts the company about the advertisement (a conversation: may report it). */
  async function converse(user: TestUser, advertisement: number): Promise<void> {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: user.token,
      payload: { advertisement, message: 'Ich hätte eine passende Kandidatin.' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  /**
   * A consultant's report that takes the advertisement offline at once: it names the consultant's
   * introduction the company made an offer for (issue 28); returns the report id.
   */
  async function reportWithOffer(advertisement: number): Promise<number> {
    const introduced = await ctx.request({
      method: 'POST',
      url: '/api/introductions',
      token: consultant.token,
      payload: {
        advertisement,
        firstName: 'Eva',
        lastName: 'Angebot',
        email: `eva.${advertisement}@example.at`,
        profile: TEST_PROFILE,
      },
    });
    expect(introduced.statusCode, introduced.body).toBe(201);
    const introduction = introduced.json().data.id as number;
    // The candidate agrees: only then may the company make an offer (issue 35).
    await confirmCandidate(ctx, introduction);
    const offered = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${introduction}/status`,
      token: a.token,
      payload: { data: { status: 'angebot' } },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const res = await report(consultant.token, { ...consultantReport(advertisement), introduction });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  }

  const object = (token: string | undefined, reportId: number, note: unknown) =>
    ctx.request({
      method: 'POST',
      url: `/api/placement-reports/${reportId}/objection`,
      token,
      payload: { data: { note } },
    });

  async function isPublished(id: number): Promise<boolean> {
    const [row] = await ctx.database.query<{ published: boolean }>(
      'SELECT published_at IS NOT NULL AS published FROM jobs WHERE id = $1',
      [id],
    );
    return row!.published;
  }

  beforeAll(async () => {
    Object.assign(ctx, await createTestContext());
    Object.assign(a, await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' }));
    Object.assign(b, await createUser(ctx, { role: 'company', username: 'Bergbau AG' }));
    Object.assign(consultant, await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' }));
    Object.assign(admin, await createUser(ctx, { role: 'admin', username: 'Backoffice' }));
    await listen(ctx.app);
  });

  afterAll(async () => {
    closeSockets();
    await ctx.close?.();
  });

  return {
    ctx,
    a,
    b,
    consultant,
    admin,
    server,
    sockets,
    publish,
    companyReport,
    consultantReport,
    report,
    converse,
    reportWithOffer,
    object,
    isPublished,
  };
}
