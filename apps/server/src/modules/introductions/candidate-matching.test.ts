import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Introduction, IntroductionDetail } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser, createJob, type ChatUser } from '../../../test/support/chat-fixtures';
import { companyReportBody } from '../../../test/support/placement-fixtures';
import { confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';
import { introductions } from '../../db/schema';
import { candidateFingerprint, legacyNormaliseEmail } from './fingerprint';
import { appendRegisterEntry, candidateCommitment } from './register';
import { verifyRegister } from './register-verify';

/**
 * Issue 28 item 10 from the side of a consultant (or company) who writes the same person's
 * address differently to get round the first consultant's claim: Gmail dots, plus tags,
 * googlemail.com; the name as a secondary signal the office sees; and introductions from
 * before the normalisation changed (their commitments still verify, their addresses still match).
 */

let ctx: TestContext;
let clock = new Date('2027-06-07T08:00:00Z'); // Monday 10:00 in Vienna
let company: ChatUser;
let first: ChatUser;
let second: ChatUser;
let admin: ChatUser;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock, env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createChatUser(ctx.app, 'company');
  first = await createChatUser(ctx.app, 'consultant');
  second = await createChatUser(ctx.app, 'consultant');
  admin = await createChatUser(ctx.app, 'admin');
});
afterAll(async () => {
  await ctx?.close();
});

const later = () => {
  clock = new Date(clock.getTime() + 3_600_000);
};

async function introduce(user: ChatUser, advertisement: number, candidate: Record<string, string>) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/introductions',
    token: user.token,
    payload: { advertisement, ...candidate, profile: TEST_PROFILE },
  });
  expect(res.statusCode, res.body).toBe(201);
  later();
  return res.json<{ data: Introduction; meta: { notice: string | null } }>();
}

async function view(user: ChatUser, id: number): Promise<IntroductionDetail> {
  const res = await ctx.request({ method: 'GET', url: `/api/introductions/${id}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: IntroductionDetail }>().data;
}

describe('Provider aliases', () => {
  it("When another consultant introduces the same Gmail person with dots, a plus tag or googlemail.com, then the claim is 'nachrangig'", async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const other = await createJob(ctx.app.db, company.id, { bonus: 12 });
    await introduce(first, job.id, { firstName: 'Karin', lastName: 'Berger', email: 'karin.berger@gmail.com' });
    for (const [i, alias] of ['k.a.r.i.n.berger@gmail.com', 'karinberger+jobs@googlemail.com'].entries()) {
      const { data, meta } = await introduce(second, i === 0 ? job.id : other.id, {
        firstName: 'Karin',
        lastName: 'Berger',
        email: alias,
      });
      expect(data.subordinate, alias).toBe(true);
      expect(meta.notice).toMatch(/bereits am \d{2}\.\d{2}\.\d{4} vorgestellt/);
    }
    // The same consultant again under an alias is the duplicate it is.
    const again = await ctx.request({
      method: 'POST',
      url: '/api/introductions',
      token: first.token,
      payload: {
        advertisement: job.id,
        firstName: 'Karin',
        lastName: 'Berger',
        email: 'KarinBerger+2@gmail.com',
        profile: TEST_PROFILE,
      },
    });
    expect(again.statusCode).toBe(409);
  });

  it('When a company reports a hire under a plus-tagged address of a person another consultant introduced, then the report is flagged', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const hiredFor = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const { data } = await introduce(first, job.id, {
      firstName: 'Paul',
      lastName: 'Wimmer',
      email: 'paul.wimmer@firma.at',
    });
    // He agreed (issue 35): the company learned who he is, so hiring him directly is circumvention.
    await confirmCandidate(ctx, data.id);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: company.token,
      payload: {
        data: companyReportBody(hiredFor.id, { candidateEmail: 'Paul.Wimmer+bewerbung@firma.at' }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [report] = await ctx.database.query<{ circumvention_evidence: Array<{ introductionId: number }> | null }>(
      'SELECT circumvention_evidence FROM placement_reports WHERE id = $1',
      [res.json<{ data: { id: number } }>().data.id],
    );
    expect(report!.circumvention_evidence?.map((e) => e.introductionId)).toEqual([data.id]);
  });
});

describe('The name as a secondary signal', () => {
  it("When another consultant introduces the same name with other contacts, then the claim stays live, the office is mailed and sees 'Namensgleichheit', and neither consultant learns of the other", async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const earlier = await introduce(first, job.id, {
      firstName: 'Lukas',
      lastName: 'Müller',
      email: 'lukas.mueller@web.at',
    });
    const { data, meta } = await introduce(second, job.id, {
      firstName: 'LUKAS',
      lastName: 'Mueller',
      email: 'l.mueller@outlook.com',
      phone: '+43 699 1234 5678',
    });
    expect(data.subordinate).toBe(false);
    expect(data.claim).toBe('live');
    expect(meta.notice).toBeNull();
    expect(data.flags).toEqual([]);
    expect((await view(second, data.id)).flags).toEqual([]);
    expect((await view(first, earlier.data.id)).flags).toEqual([]);
    expect((await view(company, data.id)).flags).toEqual([]);
    expect((await view(admin, data.id)).flags).toContain('namensgleich');

    const listed = await ctx.request({
      method: 'GET',
      url: '/api/admin/introductions?flag=namensgleich',
      token: admin.token,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: Introduction[] }>().data.map((i) => i.id)).toEqual([data.id]);

    await ctx.deliverMail();
    const office = ctx.smtp.messages.filter(
      (m) => m.to.includes('office@example.test') && /Namensgleichheit/.test(m.subject),
    );
    expect(office).toHaveLength(1);
    expect(office[0]!.text).toContain(`Nr. ${data.id}`);
    expect(office[0]!.text).toContain(`Nr. ${earlier.data.id}`);
    const toConsultants = ctx.smtp.messages.filter(
      (m) => (m.to.includes(first.email) || m.to.includes(second.email)) && /Namensgleich/.test(m.subject + m.text),
    );
    expect(toConsultants).toEqual([]);
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
    // The flag is a register fact: cleared in SQL (or the name fingerprint swapped), verify says so.
    const [kept] = await ctx.database.query<{ name_fingerprint: string }>(
      'SELECT name_fingerprint FROM introductions WHERE id = $1',
      [earlier.data.id],
    );
    await ctx.database.query('UPDATE introductions SET name_match_of = NULL WHERE id = $1', [data.id]);
    await ctx.database.query('UPDATE introductions SET name_fingerprint = email_fingerprint WHERE id = $1', [
      earlier.data.id,
    ]);
    const { problems } = await verifyRegister(ctx.app.db, ctx.config.registerSecret);
    expect(problems).toContainEqual(
      expect.objectContaining({ introductionId: data.id, problem: 'Namensgleichheit weicht vom Register ab' }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        introductionId: earlier.data.id,
        problem: expect.stringMatching(/Fingerabdrücke passen nicht/),
      }),
    );
    await ctx.database.query('UPDATE introductions SET name_match_of = $2 WHERE id = $1', [data.id, earlier.data.id]);
    await ctx.database.query('UPDATE introductions SET name_fingerprint = $2 WHERE id = $1', [
      earlier.data.id,
      kept!.name_fingerprint,
    ]);
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });

  it('When the name differs or the other claim is the same consultant’s, then nothing is flagged', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    await introduce(first, job.id, { firstName: 'Sophie', lastName: 'Huber', email: 'sophie.huber@web.at' });
    const otherName = await introduce(second, job.id, { firstName: 'Sophie', lastName: 'Hubner', email: 's.h@web.at' });
    expect((await view(admin, otherName.data.id)).flags).toEqual([]);
    const other = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const sameConsultant = await introduce(first, other.id, {
      firstName: 'Sophie',
      lastName: 'Huber',
      email: 'sh2@web.at',
    });
    expect((await view(admin, sameConsultant.data.id)).flags).toEqual([]);
  });
});

describe('Introductions from before the normalisation (fingerprint version 1)', () => {
  it('When an introduction was fingerprinted the old way, then its commitment still verifies and a new introduction of the address still matches it', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const secret = ctx.config.fingerprintSecret;
    const address = 'Max.Mustermann@Gmail.com';
    const fingerprints = { email: candidateFingerprint(secret, 'email', legacyNormaliseEmail(address)), phone: null };
    const salt = randomBytes(16).toString('hex');
    // What the command wrote before 0026: version-1 fingerprint and commitment, no version in the entry.
    await ctx.app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(introductions)
        .values({
          jobId: job.id,
          companyId: company.id,
          consultantId: first.id,
          jobTitle: 'Koch',
          companyName: company.username,
          consultantName: first.username,
          bonus: 12,
          introducedAt: clock,
          firstName: 'Max',
          lastName: 'Mustermann',
          email: address,
          consentAt: clock,
          // As 0048 left the introductions from before it: the consultant's tick was the consent.
          consentState: 'confirmed',
          identityReleasedAt: clock,
          emailFingerprint: fingerprints.email,
          candidateSalt: salt,
          status: 'neu',
          statusChangedAt: clock,
        })
        .returning({ id: introductions.id });
      await appendRegisterEntry(tx, ctx.config.registerSecret, {
        introductionId: row!.id,
        kind: 'introduced',
        at: clock,
        data: {
          jobId: job.id,
          companyId: company.id,
          consultantId: first.id,
          bonus: 12,
          consentAt: clock.toISOString(),
          candidate: candidateCommitment(salt, fingerprints),
          subordinate: false,
          status: 'neu',
        },
      });
    });
    later();
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
    const { data } = await introduce(second, job.id, {
      firstName: 'Max',
      lastName: 'Mustermann',
      email: 'max.mustermann@gmail.com',
    });
    expect(data.subordinate).toBe(true);
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });
});
