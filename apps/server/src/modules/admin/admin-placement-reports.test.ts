import { describe, expect, it } from 'vitest';
import { addCalendarDays, ADMIN_MSG, calculateFees, invoiceDueDate, MSG, viennaDate } from '@pb/core';
import { jobData } from '../../../test/factories';
import { adminSuite } from '../../../test/support/admin-suite';
import { csvText, toCsv } from '../../services/csv';

/**
 * The back office: placement reports (statuses, fees, guarantee, CSV) and advertisements posted for a
 * company, then the dashboard over both (its refund total and counts come from the tests before it).
 */

const { ctx, admin, company, consultant } = adminSuite();

async function insertReport(values: {
  companyId: number;
  reporterId: number;
  bonus: number;
  salary: number;
  createdAt?: string;
  jobTitle?: string;
}) {
  const fees = calculateFees(values.bonus, values.salary);
  const [row] = await ctx.database.query<{ id: number }>(
    `INSERT INTO placement_reports (company_id, reporter_id, variant, recruiter, recruiter_mail, company_name, job_title,
       contact_person, placement_bonus, actual_salary, placement_fee, service_fee, created_at,
       street, house_nr, postal_code, city, uid)
     VALUES ($1, $2, 'consultant', $9, 'berater@example.test', '=Firma; "Nord"', $3,
       'chef@example.test', $4, $5, $6, $7, coalesce($8::timestamptz, now()),
       'Ringstraße', '1', '1010', 'Wien', 'ATU12345678') RETURNING id`,
    [
      values.companyId,
      values.reporterId,
      values.jobTitle ?? 'Buchhalter',
      values.bonus,
      values.salary,
      fees.placementFee,
      fees.serviceFee,
      values.createdAt ?? null,
      `Berater Eins (${values.reporterId})`,
    ],
  );
  return row!.id;
}

describe('placement reports', () => {
  it('When a report of 20 % on 60,000 moves through its statuses, then fees, due date and refund follow the terms and everything is audited', async () => {
    const id = await insertReport({ companyId: company.id, reporterId: consultant.id, bonus: 20, salary: 60_000 });
    const list = await ctx.request({
      method: 'GET',
      url: `/api/admin/placement-reports?filters[id][$eq]=${id}`,
      token: admin.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      id,
      status: 'gemeldet',
      placementBonus: 20,
      actualSalary: 60_000,
      placementFee: 12_000,
      serviceFee: 1_200,
      dueDate: null,
      refund: null,
      companyId: company.id,
      reporterId: consultant.id,
    });

    const skip = await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${id}/status`,
      token: admin.token,
      payload: { status: 'bezahlt' },
    });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.message).toBe(ADMIN_MSG.statusNotAllowed);

    const invoiced = await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${id}/status`,
      token: admin.token,
      payload: { status: 'verrechnet' },
    });
    expect(invoiced.statusCode).toBe(200);
    const inv = invoiced.json().data;
    expect(inv.status).toBe('verrechnet');
    expect(inv.dueDate).toBe(invoiceDueDate(inv.invoicedAt));

    const paid = await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${id}/status`,
      token: admin.token,
      payload: { status: 'bezahlt' },
    });
    expect(paid.json().data).toMatchObject({ status: 'bezahlt', refund: null });
    expect(paid.json().data.paidAt).not.toBeNull();

    const guarantee = await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${id}/status`,
      token: admin.token,
      payload: { status: 'garantiefall' },
    });
    expect(guarantee.statusCode).toBe(200);
    expect(guarantee.json().data.refund).toEqual({ placementFee: 6_000, serviceFee: 600, total: 6_600 });

    const back = await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${id}/status`,
      token: admin.token,
      payload: { status: 'verrechnet' },
    });
    expect(back.statusCode).toBe(409);
    const gemeldet = await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${id}/status`,
      token: admin.token,
      payload: { status: 'gemeldet' },
    });
    expect(gemeldet.statusCode).toBe(400);

    const audit = await ctx.request({
      method: 'GET',
      url: `/api/admin/audit-log?filters[entity][$eq]=placement_report&filters[entityId][$eq]=${id}&sort=id:asc`,
      token: admin.token,
    });
    const entries = audit.json().data as Array<{
      actorId: number;
      actorEmail: string;
      before: { status: string };
      after: { status: string };
    }>;
    expect(entries.map((e) => `${e.before.status}→${e.after.status}`)).toEqual([
      'gemeldet→verrechnet',
      'verrechnet→bezahlt',
      'bezahlt→garantiefall',
    ]);
    expect(entries[0]).toMatchObject({ actorId: admin.id, actorEmail: admin.email });
  });

  it('When the guarantee of 60 days has passed, then a guarantee case is refused', async () => {
    // 61 Vienna calendar days ago (the rule counts Vienna days; "now − 61 × 24 h" is day 60 near midnight).
    const reportedAt = `${addCalendarDays(viennaDate(new Date()), -61)}T10:00:00Z`;
    const id = await insertReport({
      companyId: company.id,
      reporterId: consultant.id,
      bonus: 10,
      salary: 40_000,
      createdAt: reportedAt,
    });
    await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${id}/status`,
      token: admin.token,
      payload: { status: 'verrechnet' },
    });
    const res = await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${id}/status`,
      token: admin.token,
      payload: { status: 'garantiefall' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ADMIN_MSG.guaranteeExpired);
  });

  it('When the CSV is exported, then it is Excel-ready: BOM, semicolons, German headers, decimal comma, escaped and formula-guarded cells', async () => {
    const id = await insertReport({
      companyId: company.id,
      reporterId: consultant.id,
      bonus: 19.5,
      salary: 45_000,
      jobTitle: '@SUM(A1) Lagerist',
    });
    const res = await ctx.request({
      method: 'GET',
      url: `/api/admin/placement-reports.csv?filters[id][$eq]=${id}`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vermittlungen-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Nr.;Gemeldet am;Unternehmen;Personalberater;E-Mail Personalberater;Inserat;Ansprechperson;Prämie (%);Jahresbruttogehalt (EUR);Vermittlungsprämie (EUR);Servicegebühr (EUR);Status;Verrechnet am;Fällig am;Bezahlt am;Garantiefall am;Rückerstattung Prämie (EUR);Rückerstattung Servicegebühr (EUR);UID;Adresse',
    );
    const cells = lines[1]!.split(';');
    expect(cells[0]).toBe(String(id));
    // '=Firma; "Nord"' → guarded with an apostrophe, quoted because of ; and "
    expect(lines[1]).toContain(`"'=Firma; ""Nord"""`);
    expect(lines[1]).toContain(`;'@SUM(A1) Lagerist;`);
    expect(lines[1]).toContain(';19,50;45000,00;8775,00;877,50;Gemeldet;');
    expect(lines.at(-1)).toBe('');
  });

  it('When cells are built, then each formula trigger is guarded and plain text stays as is', () => {
    expect(csvText('+43 1 234')).toBe("'+43 1 234");
    expect(csvText('-5')).toBe("'-5");
    expect(csvText('Huber GmbH')).toBe('Huber GmbH');
    expect(csvText('Zeile\nzwei')).toBe('"Zeile\nzwei"');
    expect(toCsv(['a', 'b'], [[1.5, null]])).toBe('\uFEFFa;b\r\n1,50;\r\n');
  });
});

describe('advertisements', () => {
  it("When an admin posts for a company, then it is the company's own published advertisement, visible to consultants", async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/admin/jobs',
      token: admin.token,
      payload: { companyId: company.id, data: jobData({ jobTitle: 'Lagerleiter', placementBonus: 18 }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const job = res.json().data;
    expect(job).toMatchObject({
      jobTitle: 'Lagerleiter',
      currentPlacementBonus: 18,
      users_permissions_user: { id: company.id },
    });
    expect(job.publishedAt).not.toBeNull();
    const own = await ctx.request({
      method: 'GET',
      url: `/api/jobs?filters[users_permissions_user][id][$eq]=${company.id}`,
      token: company.token,
    });
    expect(own.json().data.map((j: { id: number }) => j.id)).toContain(job.id);
    const browse = await ctx.request({ method: 'GET', url: '/api/jobs', token: consultant.token });
    expect(browse.json().data.map((j: { id: number }) => j.id)).toContain(job.id);
  });

  it('When the data is incomplete or the owner is no company, then the same form message or a clear 400 comes back', async () => {
    const incomplete = await ctx.request({
      method: 'POST',
      url: '/api/admin/jobs',
      token: admin.token,
      payload: { companyId: company.id, data: jobData({ benefits: [] }) },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.message).toBe(MSG.fillAllFields);
    const notCompany = await ctx.request({
      method: 'POST',
      url: '/api/admin/jobs',
      token: admin.token,
      payload: { companyId: consultant.id, data: jobData() },
    });
    expect(notCompany.statusCode).toBe(400);
    expect(notCompany.json().error.message).toBe(ADMIN_MSG.notACompany);
  });

  it('When an admin edits, deactivates and reactivates, then the list of all advertisements shows each state', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/api/admin/jobs',
      token: admin.token,
      payload: { companyId: company.id, data: jobData({ jobTitle: 'Maurer' }) },
    });
    const id = created.json().data.id as number;
    const edited = await ctx.request({
      method: 'PUT',
      url: `/api/admin/jobs/${id}`,
      token: admin.token,
      payload: { data: jobData({ jobTitle: 'Maurer Polier', placementBonus: 22 }) },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ jobTitle: 'Maurer Polier', currentPlacementBonus: 22 });
    const off = await ctx.request({
      method: 'PUT',
      url: `/api/admin/jobs/${id}/publish`,
      token: admin.token,
      payload: { published: false },
    });
    expect(off.json().data.publishedAt).toBeNull();
    const inactive = await ctx.request({
      method: 'GET',
      url: `/api/admin/jobs?filters[publishedAt][$null]=true&filters[id][$eq]=${id}`,
      token: admin.token,
    });
    expect(inactive.json().data).toHaveLength(1);
    const browse = await ctx.request({ method: 'GET', url: '/api/jobs', token: consultant.token });
    expect(browse.json().data.map((j: { id: number }) => j.id)).not.toContain(id);
    const on = await ctx.request({
      method: 'PUT',
      url: `/api/admin/jobs/${id}/publish`,
      token: admin.token,
      payload: { published: true },
    });
    expect(on.json().data.publishedAt).not.toBeNull();
    const actions = await ctx.database.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'job' AND entity_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['job.create', 'job.update', 'job.deactivate', 'job.publish']);
  });
});

describe('dashboard', () => {
  it('When the dashboard is loaded, then counts, this month/year figures, fee totals and a 12-month series are there', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/admin/dashboard', token: admin.token });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const [counts] = await ctx.database.query<{ companies: number; fee: number; service: number }>(
      `SELECT (SELECT count(*)::int FROM users WHERE role = 'company') AS companies,
              (SELECT sum(placement_fee)::float8 FROM placement_reports) AS fee,
              (SELECT sum(service_fee)::float8 FROM placement_reports) AS service`,
    );
    expect(d.companies).toBe(counts!.companies);
    expect(d.fees.placementFeeTotal).toBe(counts!.fee);
    expect(d.fees.serviceFeeTotal).toBe(counts!.service);
    expect(d.fees.refundTotal).toBe(6_600);
    expect(d.months).toHaveLength(12);
    expect(d.months.at(-1).placements).toBe(d.placementsThisMonth);
    expect(d.placementsThisMonth).toBeGreaterThanOrEqual(2);
    expect(d.publishedJobs).toBeGreaterThan(0);
  });
});
