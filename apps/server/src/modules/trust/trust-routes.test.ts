import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { MSG, TRUST_MSG, type OrganisationTrust, type OwnTrackRecord } from '@pb/core';
import { jobListChanges, jobs, listVersions, organisationMembers } from '../../db/schema';
import { createChatUser, type ChatUser } from '../../../test/support/chat-fixtures';
import { trustSuite } from '../../../test/support/trust-fixtures';

/**
 * The trust pages over HTTP (issue 36): who sees which figures, that no figure names a candidate,
 * and that the run is idempotent and touches only the advertisements whose figure changed.
 */

const suite = trustSuite();
const { ctx, party, memberOf, advertisement, introduce, move, run, organisation } = suite;

let company: ChatUser;
let stranger: ChatUser;
let agency: ChatUser;
let colleague: ChatUser;
let bookkeeper: ChatUser;
let admin: ChatUser;
let companyId: number;
let agencyId: number;
let jobIds: number[];

const page = (id: number | string, user?: ChatUser) =>
  ctx.request({ method: 'GET', url: `/api/organisations/${id}/trust`, token: user?.token });
const own = (user: ChatUser) =>
  ctx.request({ method: 'GET', url: '/api/organisation/track-record', token: user.token });
const trustOf = (res: { json: <T>() => T }) => res.json<{ data: OrganisationTrust }>().data;
/** Nothing the candidates are called or reached by (trust-fixtures names every candidate so). */
const NAMES_A_CANDIDATE = /Vertraulich|Kandidat\d|@example\.at/i;

async function jobsVersion() {
  const [row] = await ctx.app.db.select().from(listVersions).where(eq(listVersions.name, 'jobs'));
  return row?.version ?? 0;
}

beforeAll(async () => {
  company = await party('company', 'Sonnenhof Hotels GmbH');
  stranger = await party('company', 'Fremd GmbH');
  agency = await party('consultant', 'Kärnten Personal');
  colleague = await memberOf(agency, 'Lena Gruber', 'consultant');
  bookkeeper = await memberOf(agency, 'Otto Buchner', 'accounting');
  admin = await createChatUser(ctx.app, 'admin');
  companyId = await organisation(company);
  agencyId = await organisation(agency);
  jobIds = [
    await advertisement(company, '2026-11-30T07:00:00Z'),
    await advertisement(company, '2026-11-30T07:00:00Z', 'Koch/Köchin'),
  ];
  await advertisement(stranger, '2026-11-30T07:00:00Z');
  // Five introductions on Monday 30 November, each answered an hour later ('In Prüfung').
  for (const [i, hour] of ['08', '09', '10', '11', '12'].entries()) {
    const id = await introduce(i < 3 ? agency : colleague, jobIds[i % 2]!, `2026-11-30T${hour}:00:00Z`);
    await move(company, id, 'in_pruefung', `2026-11-30T${String(Number(hour) + 1).padStart(2, '0')}:00:00Z`);
  }
});

describe('The trust run and the advertisements', () => {
  it('When the run repeats for the same moment, then nothing changes; only the advertisements whose figure changed were written, updated_at untouched', async () => {
    const advertisements = () => ctx.app.db.select().from(jobs).where(inArray(jobs.id, jobIds)).orderBy(asc(jobs.id));
    const before = await advertisements();
    const version = await jobsVersion();
    const first = await run('2026-12-14T09:00:00Z');
    expect(first).toMatchObject({ factsRecorded: 5, reactionsRecorded: 5, advertisementsChanged: 2 });
    const raised = await jobsVersion();
    expect(raised).toBeGreaterThan(version);
    const changed = await ctx.app.db.select().from(jobListChanges).where(eq(jobListChanges.version, raised));
    expect(changed.map((c) => c.jobId).sort((a, b) => a - b)).toEqual([...jobIds].sort((a, b) => a - b));
    const after = await advertisements();
    expect(after.map((j) => j.companyResponseMinutes)).toEqual([60, 60]);
    expect(after.map((j) => j.updatedAt.toISOString())).toEqual(before.map((j) => j.updatedAt.toISOString()));

    const snapshot = async () =>
      ctx.database.query(
        `SELECT (SELECT json_agg(t ORDER BY organisation_id) FROM organisation_trust t) AS organisations,
                (SELECT json_agg(m ORDER BY organisation_id, user_id) FROM member_track_records m) AS members,
                (SELECT json_agg(f ORDER BY introduction_id) FROM introduction_trust_facts f) AS facts`,
      );
    const once = await snapshot();
    const again = await run('2026-12-14T09:00:00Z');
    expect(again).toMatchObject({ factsRecorded: 0, reactionsRecorded: 0, advertisementsChanged: 0 });
    expect(await snapshot()).toEqual(once);
    expect(await jobsVersion()).toBe(raised);
    // Ten minutes later the figures are the same (only their date moves): no advertisement is written.
    expect(await run('2026-12-14T09:10:00Z')).toMatchObject({ advertisementsChanged: 0 });
    expect(await jobsVersion()).toBe(raised);
  });
});

describe('GET /api/organisations/:id/trust', () => {
  it("When anyone signed in opens a company's page, then they see its figures; a visitor gets 401", async () => {
    for (const user of [company, agency, stranger, admin]) {
      const res = await page(companyId, user);
      expect(res.statusCode, res.body).toBe(200);
      const trust = trustOf(res);
      expect(trust.organisation).toMatchObject({ id: companyId, kind: 'company' });
      expect(trust.company).toMatchObject({ introductions: 5, enoughData: true, medianResponseMinutes: 60 });
      expect(trust.agency).toBeNull();
      expect(trust.ratings).toEqual({ count: 0, communication: null, quality: null, speed: null });
      expect(res.body).not.toMatch(NAMES_A_CANDIDATE);
    }
    expect((await page(companyId)).statusCode).toBe(401);
  });

  it('When the agency has not published its track record, then only its own members and the office see it; once published, everyone', async () => {
    // The company it introduced to finds it (without the figures); a stranger does not find an
    // agency that is neither listed nor publishing: walking the ids reveals nothing.
    const hidden = trustOf(await page(agencyId, company));
    expect(hidden).toMatchObject({ agency: null, company: null, trackRecordPublic: false });
    const unknown = await page(agencyId, stranger);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe(TRUST_MSG.notFound);
    for (const user of [agency, colleague, admin]) {
      const res = await page(agencyId, user);
      expect(trustOf(res).agency).toMatchObject({ introductions: 5, enoughData: true, interviews: 0, hires: 0 });
      expect(res.body).not.toMatch(NAMES_A_CANDIDATE);
    }
    const publish = await ctx.request({
      method: 'PUT',
      url: '/api/organisation/profile',
      token: agency.token,
      payload: {
        trackRecordPublic: true,
        description: 'Hotellerie und Gastronomie in Kärnten',
        services: ['Hotellerie'],
      },
    });
    expect(publish.statusCode, publish.body).toBe(200);
    const res = await page(agencyId, stranger);
    const shown = trustOf(res);
    expect(shown).toMatchObject({
      organisation: { description: 'Hotellerie und Gastronomie in Kärnten', services: ['Hotellerie'] },
      trackRecordPublic: true,
      agency: { introductions: 5, enoughData: true },
    });
    expect(res.body).not.toMatch(NAMES_A_CANDIDATE);
  });

  it('When the id names no organisation or is no id, then a German 404 or 400', async () => {
    const missing = await page(2_000_000_000, company);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: { message: string } }>().error.message).toBe(TRUST_MSG.notFound);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await page(bad, company);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(MSG.badRequest);
    }
  });

  it('When a company was founded after the last run, then its page shows zero figures not yet computed', async () => {
    const newcomer = await party('company', 'Neu GmbH');
    const trust = trustOf(await page(await organisation(newcomer), stranger));
    expect(trust.company).toMatchObject({ introductions: 0, enoughData: false, computedAt: null });
  });
});

describe('GET /api/organisation/track-record', () => {
  it("When the company's member asks, then its own figures and no members", async () => {
    const res = await own(company);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json<{ data: OwnTrackRecord }>().data;
    expect(mine).toMatchObject({ kind: 'company', agency: null, members: [] });
    expect(mine.company).toMatchObject({ introductions: 5, enoughData: true });
  });

  it('When an agency member asks, then the agency and each member who introduces or introduced; a former member stays as inactive', async () => {
    await ctx.app.db
      .update(organisationMembers)
      .set({ leftAt: new Date('2026-12-14T10:00:00Z') })
      .where(and(eq(organisationMembers.userId, colleague.id), eq(organisationMembers.organisationId, agencyId)));
    await run('2026-12-14T10:20:00Z');
    for (const user of [agency, bookkeeper]) {
      const res = await own(user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(NAMES_A_CANDIDATE);
      const mine = res.json<{ data: OwnTrackRecord }>().data;
      expect(mine).toMatchObject({ kind: 'agency', company: null, trackRecordPublic: true });
      expect(mine.agency).toMatchObject({ introductions: 5, enoughData: true });
      // The bookkeeper introduces nothing and is not listed; the colleague left but introduced two.
      expect(mine.members.map((m) => [m.name, m.active, m.figures.introductions, m.figures.enoughData])).toEqual([
        [agency.username, true, 3, false],
        ['Lena Gruber', false, 2, false],
      ]);
      expect(mine.members[1]!.figures.computedAt).toBe('2026-12-14T10:20:00.000Z');
    }
  });

  it('When the back office asks, then 403: it acts for no organisation', async () => {
    expect((await own(admin)).statusCode).toBe(403);
  });
});
