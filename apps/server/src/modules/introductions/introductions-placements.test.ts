import { describe, expect, it } from 'vitest';
import { createJob } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { verifyRegister } from './register-verify';

/**
 * The introductions register (issue 11): placements for an introduction and the circumvention flag, then
 * the hash chain against SQL edits (on the entries the placements wrote).
 */

const { ctx, company, consultant, second, admin, at, person, introduced, detail, move, mailsTo } = introductionsSuite();

describe('Placements and circumvention', () => {
  const consultantReport = (advertisement: number, extra: Record<string, unknown> = {}) => ({
    data: {
      variant: 'consultant',
      advertisement,
      companyName: 'Alpenblick Hotels GmbH',
      jobTitle: 'Rezeptionist/in',
      contactPerson: 'Frau Berger',
      placementBonus: 40,
      actualSalary: 40_000,
      ...extra,
    },
  });
  const companyReport = (advertisement: number, extra: Record<string, unknown> = {}) => ({
    data: {
      variant: 'company',
      advertisement,
      companyName: 'Alpenblick Hotels GmbH',
      jobTitle: 'Rezeptionist/in',
      contactPerson: 'x',
      placementBonus: 10,
      actualSalary: 40_000,
      recruiter: 'Eigene Suche',
      recruiterMail: 'hr@alpenblick.example.at',
      street: 'Hauptplatz',
      houseNr: '1',
      postalCode: '6370',
      city: 'Kitzbühel',
      uid: 'ATU12345678',
      ...extra,
    },
  });

  it('When a placement is reported for an introduction, then the locked bonus applies, it moves to eingestellt and the report names it', async () => {
    at('2027-02-01T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 15 });
    const { data } = await introduced(consultant, job.id);
    await ctx.database.query('INSERT INTO placement_bonuses (job_id, bonus) VALUES ($1, 25)', [job.id]);
    // A consultant reports a hire for an introduction once the company made an offer (issue 28).
    expect((await move(company, data.id, 'angebot')).statusCode).toBe(200);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: consultant.token,
      payload: consultantReport(job.id, { introduction: data.id }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: { placementFee: number } }>().data.placementFee).toBe(6000); // 15 % of 40,000
    const [report] = await ctx.database.query<{ introduction_id: number; bonus_in_force: string }>(
      'SELECT introduction_id, bonus_in_force FROM placement_reports WHERE id = $1',
      [res.json<{ data: { id: number } }>().data.id],
    );
    expect(report).toMatchObject({ introduction_id: data.id });
    expect(Number(report!.bonus_in_force)).toBe(15);
    const after = (await detail(consultant, data.id)).body.data;
    expect(after.status).toBe('eingestellt');
    // The candidate's confirmation (issue 35) comes first: only an agreed introduction can be placed.
    expect(after.timeline.map((t) => t.kind)).toEqual([
      'introduced',
      'consent_confirmed',
      'identity_released',
      'status',
      'status',
      'placement_reported',
    ]);
    // another consultant's introduction id, or one of another advertisement, is refused
    const job2 = await createJob(ctx.app.db, company.id, { bonus: 15 });
    await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: second.token,
      payload: { advertisement: job2.id, message: 'Hallo' },
    });
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: second.token,
      payload: consultantReport(job2.id, { introduction: data.id }),
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('When a rejected candidate is hired within 7 months through a report, then the claim revives', async () => {
    at('2027-03-01T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const { data } = await introduced(consultant, job.id);
    await move(company, data.id, 'abgesagt', 'Budget fehlt');
    at('2027-08-15T09:00:00Z');
    const res = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: company.token,
      payload: companyReport(job.id, { introduction: data.id, candidateEmail: data.candidate!.email }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await detail(consultant, data.id)).body.data).toMatchObject({ status: 'eingestellt', claim: 'live' });
  });

  it("When a company reports a hire of a person another consultant introduced, then the report is flagged 'Umgehungsverdacht' with the evidence; after 12 months it is not", async () => {
    at('2027-04-01T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const other = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const candidate = person();
    const { data } = await introduced(consultant, job.id, candidate);
    at('2027-06-01T09:00:00Z');
    const res = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: company.token,
      payload: companyReport(other.id, { candidateEmail: candidate.email.toUpperCase() }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const reportId = res.json<{ data: { id: number } }>().data.id;
    const [row] = await ctx.database.query<{ circumvention_at: Date | null; circumvention_evidence: unknown }>(
      'SELECT circumvention_at, circumvention_evidence FROM placement_reports WHERE id = $1',
      [reportId],
    );
    expect(row!.circumvention_at).not.toBeNull();
    expect(row!.circumvention_evidence).toEqual([
      expect.objectContaining({
        introductionId: data.id,
        consultantId: consultant.id,
        claim: 'live',
        matchedBy: ['email'],
      }),
    ]);
    expect((await detail(admin, data.id)).body.data.flags).toContain('umgehungsverdacht');
    const adminView = await ctx.request({
      method: 'GET',
      url: '/api/admin/placement-reports?filters[circumventionAt][$notNull]=true',
      token: admin.token,
    });
    expect(adminView.json<{ data: Array<{ id: number }> }>().data.map((r) => r.id)).toContain(reportId);
    expect((await mailsTo('office@example.test')).map((m) => m.subject)).toContain(
      `Umgehungsverdacht bei Stellenbesetzung #${reportId}`,
    );

    // 13 months after another introduction: no flag.
    const old = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const late = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const person2 = person();
    await introduced(consultant, old.id, person2);
    at('2028-07-02T09:00:00Z');
    const res2 = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: company.token,
      payload: companyReport(late.id, { candidatePhone: person2.phone }),
    });
    expect(res2.statusCode, res2.body).toBe(201);
    const [row2] = await ctx.database.query<{ circumvention_at: Date | null }>(
      'SELECT circumvention_at FROM placement_reports WHERE id = $1',
      [res2.json<{ data: { id: number } }>().data.id],
    );
    expect(row2!.circumvention_at).toBeNull();
  });
});

describe('The register', () => {
  it('When entries or state are edited in SQL, then register:verify finds it; the trigger refuses edits of the register', async () => {
    expect(await verifyRegister(ctx.app.db, ctx.config.registerSecret)).toMatchObject({ problems: [] });
    const [entry] = await ctx.database.query<{ id: number; introduction_id: number }>(
      "SELECT id, introduction_id FROM introduction_events WHERE kind = 'introduced' ORDER BY id LIMIT 1",
    );
    await expect(
      ctx.database.query("UPDATE introduction_events SET kind = 'status' WHERE id = $1", [entry!.id]),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.database.query('DELETE FROM introduction_events WHERE id = $1', [entry!.id])).rejects.toThrow(
      /append-only/,
    );

    await ctx.database.query('ALTER TABLE introduction_events DISABLE TRIGGER USER');
    try {
      await ctx.database.query(
        `UPDATE introduction_events SET content = jsonb_set(content, '{bonus}', '99') WHERE id = $1`,
        [entry!.id],
      );
      const edited = await verifyRegister(ctx.app.db, ctx.config.registerSecret);
      expect(edited.problems).toContainEqual(
        expect.objectContaining({ entryId: Number(entry!.id), problem: 'Inhalt verändert (hash)' }),
      );
      await ctx.database.query(
        `UPDATE introduction_events SET content = jsonb_set(content, '{bonus}', to_jsonb((SELECT bonus FROM introductions WHERE id = $2))) WHERE id = $1`,
        [entry!.id, entry!.introduction_id],
      );
      expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);

      // A deleted entry breaks the link of the next.
      const [last] = await ctx.database.query<{
        id: number;
        content: unknown;
        prev_hash: string;
        hash: string;
        kind: string;
        introduction_id: number;
        created_at: Date;
        note: string | null;
        mac: string | null;
      }>('SELECT * FROM introduction_events ORDER BY id DESC LIMIT 1 OFFSET 1');
      await ctx.database.query('DELETE FROM introduction_events WHERE id = $1', [last!.id]);
      expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toContainEqual(
        expect.objectContaining({ problem: 'Verkettung unterbrochen (prev_hash)' }),
      );
      await ctx.database.query(
        'INSERT INTO introduction_events (id, introduction_id, kind, content, note, prev_hash, hash, created_at, mac) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [
          last!.id,
          last!.introduction_id,
          last!.kind,
          JSON.stringify(last!.content),
          last!.note,
          last!.prev_hash,
          last!.hash,
          last!.created_at,
          last!.mac,
        ],
      );
    } finally {
      await ctx.database.query('ALTER TABLE introduction_events ENABLE TRIGGER USER');
    }
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);

    // The state table is checked against the register too.
    await ctx.database.query('UPDATE introductions SET bonus = 30 WHERE id = $1', [entry!.introduction_id]);
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toContainEqual(
      expect.objectContaining({ introductionId: entry!.introduction_id, entryId: null }),
    );
    await ctx.database.query(
      "UPDATE introductions SET bonus = (SELECT (content->>'bonus')::numeric FROM introduction_events WHERE id = $1) WHERE id = $2",
      [entry!.id, entry!.introduction_id],
    );
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });
});
