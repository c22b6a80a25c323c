import { afterAll, beforeAll, expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  AgencyTrackRecord,
  CompanyTrustFigures,
  Interview,
  Introduction,
  MemberRole,
  PlacementStatus,
  RejectionReason,
} from '@pb/core';
import {
  introductions,
  jobs,
  organisationMembers,
  organisationTrust,
  placementReports,
  users,
} from '../../src/db/schema';
import { runTrustFigures } from '../../src/modules/trust';
import { createTestContext, type TestContext } from '../helpers';
import { createChatUser, createJob, organisationOf, type ChatUser } from './chat-fixtures';
import { answerConsent, TEST_PROFILE } from './candidate-consent';
import { insertSession } from './sessions';

/**
 * The trust figures' suite (modules/trust/*.test.ts): hand-made timelines through the real API on
 * a clock the tests move — introductions, the candidate's answer, the company's stage changes and
 * chat messages at chosen instants — and the trust run called directly at a chosen `now`.
 * Each file calls trustSuite() once at its top level (the context is filled in by beforeAll).
 */
export function trustSuite() {
  let clock = new Date('2026-11-02T08:00:00Z');
  /** Moves the app's clock (UTC instant). */
  const at = (iso: string) => {
    clock = new Date(iso);
  };
  const ctx = {} as TestContext;

  beforeAll(async () => {
    Object.assign(ctx, await createTestContext({ now: () => clock, env: { RATE_LIMIT_FACTOR: '100' } }));
  });
  afterAll(async () => {
    await ctx.close?.();
  });

  /** A company or an agency of its own, its founder an administrator. */
  const party = (role: 'company' | 'consultant', name: string) =>
    createChatUser(ctx.app, role, `${name} ${randomBytes(2).toString('hex')}`);

  /** Another member of `founder`'s organisation, signed in there. */
  async function memberOf(founder: ChatUser, name: string, role: MemberRole): Promise<ChatUser> {
    const organisationId = await organisationOf(ctx.app.db, founder.id);
    const suffix = randomBytes(4).toString('hex');
    const email = `member-${suffix}@example.test`;
    const [user] = await ctx.app.db
      .insert(users)
      .values({ username: name, email, passwordHash: 'x', role: founder.role, confirmed: true })
      .returning({ id: users.id });
    await ctx.app.db.insert(organisationMembers).values({ organisationId, userId: user!.id, role });
    const sessionId = await insertSession({ query: (text, params) => ctx.app.database.query(text, params) }, user!.id);
    const token = await ctx.app.jwt.sign(user!.id, 0, sessionId);
    return { id: user!.id, username: name, email, role: founder.role, token, sessionId };
  }

  /** An advertisement of the company, published (and created) at `publishedAt`. */
  async function advertisement(company: ChatUser, publishedAt: string, jobTitle = 'Rezeptionist/in (m/w/d)') {
    const job = await createJob(ctx.app.db, company.id, { jobTitle, bonus: 15 });
    await ctx.app.db
      .update(jobs)
      .set({ createdAt: new Date(publishedAt), publishedAt: new Date(publishedAt) })
      .where(eq(jobs.id, job.id));
    return job.id;
  }

  let people = 0;
  /**
   * The consultant introduces a fresh candidate at `introducedAt`; the candidate agrees at
   * `releasedAt` (default: at once), declines ('decline') or does not answer (null).
   */
  async function introduce(
    consultant: ChatUser,
    jobId: number,
    introducedAt: string,
    answer: { releasedAt?: string | null; decline?: true } = {},
  ): Promise<number> {
    people += 1;
    const n = String(people).padStart(3, '0');
    at(introducedAt);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/introductions',
      token: consultant.token,
      payload: {
        advertisement: jobId,
        firstName: 'Vertraulich',
        lastName: `Kandidat${n}`,
        email: `vertraulich.${n}@example.at`,
        profile: TEST_PROFILE,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: Introduction }>().data.id;
    if (answer.decline) {
      expect((await answerConsent(ctx, id, 'decline')).statusCode).toBe(200);
    } else if (answer.releasedAt !== null) {
      at(answer.releasedAt ?? introducedAt);
      const confirmed = await answerConsent(ctx, id, 'confirm');
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    return id;
  }

  /**
   * A stage change by `user` at `when` (a rejection with its reason and catalogue entry, default
   * 'qualifikation'; `category` null: none, as the API still takes and before the catalogue).
   */
  async function move(
    user: ChatUser,
    id: number,
    status: string,
    when: string,
    reason?: string,
    category: RejectionReason | null = 'qualifikation',
  ) {
    at(when);
    const data =
      status === 'abgesagt'
        ? { status, reason: reason ?? 'Passt nicht zum Team.', ...(category ? { reasonCategory: category } : {}) }
        : { status, ...(reason ? { reason } : {}) };
    const res = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${id}/status`,
      token: user.token,
      payload: { data },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A chat message by `user` at `when` in the introduction's conversation. */
  async function write(user: ChatUser, id: number, when: string, message = 'Danke, wir melden uns.') {
    at(when);
    const [row] = await ctx.app.db
      .select({ conversationId: introductions.conversationId })
      .from(introductions)
      .where(eq(introductions.id, id));
    const res = await ctx.request({
      method: 'POST',
      url: `/api/chat-communications/${row!.conversationId}/messages`,
      token: user.token,
      payload: { message },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** The company proposes one interview time (`date` at 10:00 Vienna) at `when`; answers the interview and its slot. */
  async function proposeInterview(company: ChatUser, id: number, when: string, date: string) {
    at(when);
    const res = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${id}/interviews`,
      token: company.token,
      payload: {
        data: {
          slots: [{ date, time: '10:00' }],
          durationMinutes: 60,
          mode: 'vor_ort',
          location: 'Mariahilfer Straße 1, 1060 Wien',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const interview = res.json<{ data: Interview }>().data;
    return { interviewId: interview.id, slotId: interview.slots[0]!.id };
  }

  /** The agency agrees to the proposed time at `when`. */
  async function chooseInterview(
    consultant: ChatUser,
    interview: { interviewId: number; slotId: number },
    when: string,
  ) {
    at(when);
    const res = await ctx.request({
      method: 'POST',
      url: `/api/interviews/${interview.interviewId}/choice`,
      token: consultant.token,
      payload: { data: { slot: interview.slotId } },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Either side calls the interview off at `when`. */
  async function cancelInterview(user: ChatUser, interviewId: number, when: string) {
    at(when);
    const res = await ctx.request({
      method: 'POST',
      url: `/api/interviews/${interviewId}/cancellation`,
      token: user.token,
      payload: { data: { reason: 'Terminkollision.' } },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /**
   * An agency's placement report naming the introduction, in `status`, written straight into the
   * database; the introduction is 'eingestellt' as after a report (the register is not under test).
   */
  async function placement(id: number, status: PlacementStatus) {
    await ctx.app.db.update(introductions).set({ status: 'eingestellt' }).where(eq(introductions.id, id));
    const [row] = await ctx.app.db.select().from(introductions).where(eq(introductions.id, id));
    await ctx.app.db.insert(placementReports).values({
      jobId: row!.jobId,
      reporterId: row!.consultantId,
      companyId: row!.companyId,
      variant: 'consultant',
      companyName: row!.companyName,
      jobTitle: row!.jobTitle,
      contactPerson: 'Frau Muster',
      recruiter: 'Berater',
      recruiterMail: 'berater@example.test',
      placementBonus: 15,
      actualSalary: 48_000,
      placementFee: 7_200,
      serviceFee: 720,
      status,
      introductionId: id,
      companyOrganisationId: row!.companyOrganisationId,
      agencyOrganisationId: row!.agencyOrganisationId,
      ...(status === 'garantiefall' ? { guaranteeAt: clock } : {}),
    });
  }

  const run = (now: string) => runTrustFigures(ctx.app.db, new Date(now));

  const organisation = (user: ChatUser) => organisationOf(ctx.app.db, user.id);

  async function stored(user: ChatUser) {
    const [row] = await ctx.app.db
      .select()
      .from(organisationTrust)
      .where(eq(organisationTrust.organisationId, await organisation(user)));
    return row;
  }
  const companyFigures = async (user: ChatUser): Promise<CompanyTrustFigures | null | undefined> =>
    (await stored(user))?.companyFigures;
  const agencyFigures = async (user: ChatUser): Promise<AgencyTrackRecord | null | undefined> =>
    (await stored(user))?.agencyFigures;

  return {
    ctx,
    at,
    party,
    memberOf,
    advertisement,
    introduce,
    move,
    write,
    proposeInterview,
    chooseInterview,
    cancelInterview,
    placement,
    run,
    organisation,
    stored,
    companyFigures,
    agencyFigures,
  };
}
