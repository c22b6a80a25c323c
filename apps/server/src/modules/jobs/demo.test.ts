import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyTrackRecord, CompanyTrustFigures } from '@pb/core';
import { DEMO_PASSWORD, isEmptyMarketplace, seedDemoData } from '../demo/seed';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { seedDemoActivity } from '../demo/activity';
import { verifyRegister } from '../introductions/register-verify';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('Demo data', () => {
  it('When seeded on an empty database, then companies, consultants and advertisements with bonus histories exist', async () => {
    expect(await isEmptyMarketplace(ctx.app.db)).toBe(true);
    const result = await seedDemoData(ctx.app.db);
    expect(result.created).toBe(true);
    expect(result.jobs).toBeGreaterThanOrEqual(28);
    expect(result.logins.map((l) => l.email)).toContain('firma1@demo.praemienboerse.at');
    expect(result.logins.map((l) => l.email)).toContain('berater1@demo.praemienboerse.at');

    const [counts] = await ctx.database.query<Record<string, number>>(`
      SELECT (SELECT count(*)::int FROM users WHERE role = 'company' AND confirmed) AS companies,
             (SELECT count(*)::int FROM users WHERE role = 'consultant' AND confirmed) AS consultants,
             (SELECT count(*)::int FROM organisations WHERE kind = 'agency' AND public
                AND public_directory_consent_at IS NOT NULL) AS listed_agencies,
             (SELECT count(*)::int FROM jobs WHERE published_at IS NOT NULL AND district_id IS NOT NULL
                AND created_at > now() - interval '61 days') AS jobs,
             (SELECT min(n)::int FROM (SELECT count(*) AS n FROM placement_bonuses GROUP BY job_id) x) AS min_bonuses,
             (SELECT max(n)::int FROM (SELECT count(*) AS n FROM placement_bonuses GROUP BY job_id) x) AS max_bonuses`);
    expect(counts).toEqual({
      // firma1's team: + Recruiting, + Buchhaltung; berater1's agency: + a second consultant.
      companies: 6,
      consultants: 5,
      listed_agencies: 2,
      jobs: result.jobs,
      min_bonuses: 1,
      max_bonuses: 3,
    });

    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: 'firma1@demo.praemienboerse.at', password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().jwt as string;
    const list = await ctx.request({
      method: 'GET',
      url: '/api/jobs?filters[$or][0][jobTitle][$containsi]=küchenchef',
      token,
    });
    expect(list.json().data[0]).toMatchObject({
      jobTitle: 'Küchenchef',
      placementBonus: 20,
      district: { name: 'Kitzbühel' },
    });
  });

  it('When seeded, then the first company works as a team of three and the first agency with two consultants', async () => {
    const teams = await ctx.database.query<{ organisation: string; members: string }>(`
      SELECT o.name AS organisation, string_agg(m.role, ',' ORDER BY m.role) AS members
      FROM organisations o JOIN organisation_members m ON m.organisation_id = o.id AND m.left_at IS NULL
      GROUP BY o.id, o.name HAVING count(*) > 1 ORDER BY o.kind DESC`);
    expect(teams.map((t) => t.members)).toEqual(['accounting,administrator,recruiting', 'administrator,consultant']);
    const bookkeeper = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: 'buchhaltung1@demo.praemienboerse.at', password: DEMO_PASSWORD },
    });
    expect(bookkeeper.json().user.organisation).toMatchObject({ role: 'accounting', kind: 'company' });
    const own = await ctx.request({
      method: 'GET',
      url: `/api/jobs?filters[organisation][id][$eq]=${bookkeeper.json().user.organisation.organisationId}`,
      token: bookkeeper.json().jwt,
    });
    expect(own.json().data.length).toBeGreaterThan(0);
  });

  it('When the demo activity is seeded, then conversations with files and introductions in every state exist, the register verifies and nobody is mailed', async () => {
    const deps = {
      db: ctx.app.db,
      storage: ctx.app.storage,
      fingerprintSecret: ctx.config.fingerprintSecret,
      registerSecret: ctx.config.registerSecret,
      publicUrl: ctx.config.publicUrl,
      officeEmail: ctx.config.officeEmail,
      invoiceIssuer: ctx.config.invoiceIssuer,
      now: new Date(),
    };
    expect(await seedDemoActivity(deps)).toEqual({ introductions: 27 });
    const rows = await ctx.database.query<{ status: string; subordinate: boolean; known: boolean; cv: boolean }>(
      `SELECT status, subordinate, already_known_at IS NOT NULL AS known, cv_upload_id IS NOT NULL AS cv
         FROM introductions ORDER BY id`,
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['neu', 'in_pruefung', 'interview', 'angebot', 'eingestellt', 'abgesagt']),
    );
    expect(rows.filter((r) => r.subordinate)).toHaveLength(1);
    expect(rows.filter((r) => r.known)).toHaveLength(1);
    expect(rows.filter((r) => r.cv).length).toBeGreaterThanOrEqual(4);
    // issue 35: one candidate (Katharina Moser) has not answered the link yet; the others agreed.
    const consent = await ctx.database.query<{ state: string; name: string }>(
      `SELECT consent_state AS state, first_name || ' ' || last_name AS name FROM introductions ORDER BY id`,
    );
    expect(consent.filter((r) => r.state === 'pending')).toEqual([{ state: 'pending', name: 'Katharina Moser' }]);
    // (7 of the current ones and the 19 of the history for the trust figures, issue 36)
    expect(consent.filter((r) => r.state === 'confirmed')).toHaveLength(26);
    // …and one interview is agreed for next week (Lisa Hofer, by video), its register entries made.
    const interviewRows = await ctx.database.query<{ state: string; name: string; mode: string; ahead: boolean }>(
      `SELECT i.state, n.first_name || ' ' || n.last_name AS name, i.mode, s.starts_at > now() AS ahead
         FROM interviews i JOIN introductions n ON n.id = i.introduction_id
         JOIN interview_slots s ON s.id = i.chosen_slot_id`,
    );
    expect(interviewRows.filter((r) => r.ahead)).toEqual([
      { state: 'scheduled', name: 'Lisa Hofer', mode: 'video', ahead: true },
    ]);
    // issue 36: the history's interviews were held before their introductions were rejected…
    expect(interviewRows.filter((r) => !r.ahead)).toHaveLength(6);
    // …and every demo company has enough data for its figures; the first answers within a working day.
    const figures = await ctx.database.query<{
      name: string;
      enough: boolean;
      minutes: number | null;
      ratings: number;
    }>(
      `SELECT o.name, (t.company_figures->>'enoughData')::boolean AS enough, t.response_minutes AS minutes,
              t.ratings_count AS ratings
         FROM organisation_trust t JOIN organisations o ON o.id = t.organisation_id
        WHERE o.kind = 'company' AND o.name IN ('Alpenblick Hotels GmbH', 'Donau Logistik AG', 'Grazer Softwarehaus GmbH', 'Wiener Pflegeverbund')
        ORDER BY o.name`,
    );
    expect(figures.map((f) => f.enough)).toEqual([true, true, true, true]);
    // …every figure of theirs, each above its own minimum (issue 36: demo data where every figure shows)…
    const shown = await ctx.database.query<{
      name: string;
      company: CompanyTrustFigures | null;
      agency: AgencyTrackRecord | null;
    }>(
      `SELECT o.name, t.company_figures AS company, t.agency_figures AS agency
         FROM organisation_trust t JOIN organisations o ON o.id = t.organisation_id
        WHERE o.name IN ('Alpenblick Hotels GmbH', 'Donau Logistik AG', 'Grazer Softwarehaus GmbH', 'Wiener Pflegeverbund')
           OR o.name LIKE ANY (ARRAY['Sabine Huber%', 'Markus Gruber%'])
        ORDER BY o.name`,
    );
    expect(shown).toHaveLength(6);
    for (const row of shown) {
      const figures = row.company ?? row.agency;
      const missing = Object.entries(figures ?? {})
        .filter(([, value]) => value === null)
        .map(([key]) => key);
      expect({ name: row.name, missing }).toEqual({ name: row.name, missing: [] });
    }
    // Four agencies rated Alpenblick; Auer's rating is blind (Alpenblick has not rated back): three count.
    expect(figures[0]).toMatchObject({ name: 'Alpenblick Hotels GmbH', ratings: 3 });
    const blind = await ctx.database.query<{ side: string }>('SELECT side FROM ratings WHERE revealed_at IS NULL');
    expect(blind).toEqual([{ side: 'agency' }]);
    expect(figures[0]!.minutes).toBeLessThanOrEqual(600);
    const agencies = await ctx.database.query<{ name: string; enough: boolean; ratings: number }>(
      `SELECT o.name, (t.agency_figures->>'enoughData')::boolean AS enough, t.ratings_count AS ratings
         FROM organisation_trust t JOIN organisations o ON o.id = t.organisation_id
        WHERE o.kind = 'agency' AND o.name LIKE ANY (ARRAY['Sabine Huber%', 'Markus Gruber%', 'Lena Steiner%', 'Personalservice Pichler'])
        ORDER BY o.name`,
    );
    expect(agencies.map((a) => [a.name, a.enough])).toEqual([
      ['Lena Steiner HR Consulting', true],
      ['Markus Gruber IT-Recruiting', true],
      ['Personalservice Pichler', false],
      ['Sabine Huber Personalberatung', true],
    ]);
    expect(agencies[3]!.ratings).toBe(5);
    const [files] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chat_message_files f JOIN chat_messages m ON m.id = f.message_id
        WHERE m.message NOT LIKE 'Kandidatenvorstellung%'`,
    );
    expect(files!.n).toBe(1);
    expect(await verifyRegister(ctx.app.db, ctx.config.registerSecret)).toMatchObject({
      introductions: 27,
      problems: [],
    });
    expect(await ctx.database.query(`SELECT id FROM mail_outbox WHERE status = 'pending'`)).toEqual([]);
    // issue 12: the hired candidate's placement is invoiced and has an open guarantee claim
    const billing = await ctx.database.query<{ status: string; number: string; claim: string }>(
      `SELECT r.status, i.number, c.status AS claim FROM placement_reports r
         JOIN invoices i ON i.placement_report_id = r.id JOIN guarantee_claims c ON c.placement_report_id = r.id`,
    );
    expect(billing).toEqual([
      { status: 'verrechnet', number: expect.stringMatching(/^\d{4}-000001$/), claim: 'offen' },
    ]);
    // issue 34: the placement hired 85 days ago is paid and the agency's share settled by credit note
    const settled = await ctx.database.query<{ number: string; kind: string }>(
      `SELECT c.number, p.kind FROM credit_notes c JOIN payout_items p ON p.credit_note_id = c.id`,
    );
    expect(settled).toEqual([{ number: expect.stringMatching(/^GS-\d{4}-000001$/), kind: 'praemie' }]);
    // issue 34: the company's own hire after rejecting an agency's candidate is a case waiting for its answer
    const cases = await ctx.database.query<{ job_title: string; answered_at: Date | null; letter: string }>(
      `SELECT r.job_title, c.answered_at, c.letter FROM circumvention_cases c
         JOIN placement_reports r ON r.id = c.placement_report_id`,
    );
    expect(cases).toEqual([
      { job_title: 'DevOps Engineer', answered_at: null, letter: expect.stringContaining('Punkt 10') },
    ]);
    // once only
    expect(await seedDemoActivity(deps)).toEqual({ introductions: 0 });
  });

  it('When seeded again, then nothing is added', async () => {
    const before = await ctx.database.query('SELECT id FROM jobs');
    expect((await seedDemoData(ctx.app.db)).created).toBe(false);
    expect(await ctx.database.query('SELECT id FROM jobs')).toHaveLength(before.length);
  });
});
