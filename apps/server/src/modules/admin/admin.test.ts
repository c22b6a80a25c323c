import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionToken } from '../../../test/support/sessions';
import { addCalendarDays, ADMIN_MSG, calculateFees, invoiceDueDate, MSG, viennaDate } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { verifyPassword } from '../../lib/passwords';
import { ensureAdmin } from './admin-account';
import { csvText, toCsv } from '../../services/csv';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let ctx: TestContext;
let admin: TestUser;
let company: TestUser;
let consultant: TestUser;

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

beforeAll(async () => {
  ctx = await createTestContext();
  const created = await ensureAdmin(ctx.app.db, { email: 'chefin@example.test', mode: 'upsert' });
  admin = {
    id: created.userId,
    token: await sessionToken(ctx.database, ctx.app.jwt, created.userId, { secondFactor: true }),
    email: 'chefin@example.test',
    username: 'Backoffice chefin',
  };
  company = await createUser(ctx, { role: 'company', username: 'Nordbau GmbH' });
  consultant = await createUser(ctx, { role: 'consultant', username: 'Berater Eins' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('/api/admin guard', () => {
  // Every admin route with a request that an admin may make; ids point at nothing in particular.
  const routes: Array<{ method: Method; url: string; payload?: object; adminStatus: number }> = [
    { method: 'GET', url: '/api/admin/dashboard', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/placement-reports', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/placement-reports.csv', adminStatus: 200 },
    {
      method: 'PUT',
      url: '/api/admin/placement-reports/999999/status',
      payload: { status: 'verrechnet' },
      adminStatus: 404,
    },
    { method: 'GET', url: '/api/admin/users', adminStatus: 200 },
    { method: 'PUT', url: '/api/admin/users/999999/block', payload: { blocked: true }, adminStatus: 404 },
    { method: 'POST', url: '/api/admin/users/999999/resend-confirmation', adminStatus: 404 },
    { method: 'DELETE', url: '/api/admin/users/999999', adminStatus: 404 },
    { method: 'GET', url: '/api/admin/jobs', adminStatus: 200 },
    { method: 'POST', url: '/api/admin/jobs', payload: { companyId: 999999, data: jobData() }, adminStatus: 400 },
    { method: 'PUT', url: '/api/admin/jobs/999999', payload: { data: jobData() }, adminStatus: 404 },
    { method: 'PUT', url: '/api/admin/jobs/999999/publish', payload: { published: false }, adminStatus: 404 },
    { method: 'GET', url: '/api/admin/contact-messages', adminStatus: 200 },
    { method: 'PUT', url: '/api/admin/contact-messages/999999/handled', payload: { handled: true }, adminStatus: 404 },
    {
      method: 'POST',
      url: '/api/admin/districts',
      payload: { name: 'Testbezirk Wache', state: 'Wien' },
      adminStatus: 201,
    },
    { method: 'PUT', url: '/api/admin/districts/999999', payload: { name: 'Neu' }, adminStatus: 404 },
    { method: 'DELETE', url: '/api/admin/districts/999999', adminStatus: 404 },
    { method: 'GET', url: '/api/admin/audit-log', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/introductions', adminStatus: 200 },
    {
      method: 'POST',
      url: '/api/admin/introductions/999999/resolution',
      payload: { data: { note: 'Geklärt' } },
      adminStatus: 404,
    },
    {
      method: 'POST',
      url: '/api/admin/placement-reports/999999/correction',
      payload: { placementBonus: 10, actualSalary: 50000, reason: 'Korrektur' },
      adminStatus: 404,
    },
    {
      method: 'PUT',
      url: '/api/admin/placement-reports/999999/review',
      payload: { decision: 'freigegeben', note: 'Geprüft' },
      adminStatus: 404,
    },
    { method: 'GET', url: '/api/admin/invoices', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/guarantee-claims', adminStatus: 200 },
    {
      method: 'PUT',
      url: '/api/admin/guarantee-claims/999999',
      payload: { data: { decision: 'angenommen' } },
      adminStatus: 404,
    },
  ];

  it('When the table is compared with the registered routes, then every /api/admin route is covered', () => {
    const doc = (ctx.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    const registered = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{id\}/g, ':id')}`));
    const covered = new Set(routes.map((r) => `${r.method} ${r.url.replace(/\/999999/, '/:id')}`));
    expect(registered.sort()).toEqual([...covered].sort());
  });

  it.each(routes)(
    'When $method $url is called, then visitors get 401, companies and consultants 403, admins an answer',
    async (route) => {
      const visitor = await ctx.request({
        method: route.method,
        url: route.url,
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ data: null, error: { status: 401 } });
      for (const user of [company, consultant]) {
        const res = await ctx.request({
          method: route.method,
          url: route.url,
          token: user.token,
          ...(route.payload ? { payload: route.payload } : {}),
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(MSG.forbidden);
      }
      const res = await ctx.request({
        method: route.method,
        url: route.url,
        token: admin.token,
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(route.adminStatus);
    },
  );

  it('When list queries carry unknown fields, operators or bad paging, then the answer is 400', async () => {
    for (const url of [
      '/api/admin/users?filters[password_hash][$eq]=x',
      '/api/admin/users?sort=passwordHash:asc',
      '/api/admin/placement-reports?filters[status][$regex]=x',
      '/api/admin/placement-reports?pagination[limit]=100000',
      '/api/admin/jobs?evil=1',
      '/api/admin/contact-messages?filters[handledAt][$null]=maybe',
      '/api/admin/audit-log?filters[id][$eq]=abc',
    ]) {
      const res = await ctx.request({ method: 'GET', url, token: admin.token });
      expect(res.statusCode, url).toBe(400);
    }
    const badBody = await ctx.request({
      method: 'PUT',
      url: '/api/admin/users/1/block',
      token: admin.token,
      payload: { blocked: 'yes' },
    });
    expect(badBody.statusCode).toBe(400);
    const badId = await ctx.request({
      method: 'PUT',
      url: '/api/admin/users/abc/block',
      token: admin.token,
      payload: { blocked: true },
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('admin role', () => {
  it('When someone registers or updates a profile with role admin, then they never become admin', async () => {
    const register = await ctx.request({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: { username: 'Eindringling', email: 'evil@example.test', password: 'geheim123', role: 'admin' },
    });
    expect(register.statusCode).toBe(400);
    expect(await ctx.database.query(`SELECT id FROM users WHERE email = 'evil@example.test'`)).toEqual([]);
    for (const payload of [
      { role: 'admin' },
      { role: { type: 'admin' } },
      { username: 'Nordbau GmbH', role: 'admin' },
    ]) {
      const res = await ctx.request({ method: 'PUT', url: `/api/users/${company.id}`, token: company.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await ctx.database.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [company.id]);
    expect(row!.role).toBe('company');
  });

  it('When admin:create runs without a password, then a random one of at least 16 characters is generated and works', async () => {
    const result = await ensureAdmin(ctx.app.db, { email: 'Neu.Admin@Example.test', mode: 'upsert' });
    expect(result.outcome).toBe('created');
    expect(result.generatedPassword!.length).toBeGreaterThanOrEqual(16);
    const [row] = await ctx.database.query<{ role: string; confirmed: boolean; password_hash: string; email: string }>(
      'SELECT role, confirmed, password_hash, email FROM users WHERE id = $1',
      [result.userId],
    );
    expect(row).toMatchObject({ role: 'admin', confirmed: true, email: 'neu.admin@example.test' });
    expect(await verifyPassword(result.generatedPassword!, row!.password_hash)).toBe(true);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: 'neu.admin@example.test', password: result.generatedPassword },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toEqual({ type: 'admin', name: 'Admin' });
  });

  it('When an existing company is promoted with a piped password, then it becomes a confirmed admin; the env start-up mode leaves it alone', async () => {
    const other = await createUser(ctx, { role: 'consultant', confirmed: false });
    const startup = await ensureAdmin(ctx.app.db, {
      email: other.email,
      password: 'sehr-geheimes-passwort',
      mode: 'create-if-missing',
    });
    expect(startup.outcome).toBe('exists');
    expect(
      (await ctx.database.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [other.id]))[0]!.role,
    ).toBe('consultant');
    const promoted = await ensureAdmin(ctx.app.db, {
      email: other.email,
      password: 'sehr-geheimes-passwort',
      mode: 'upsert',
    });
    expect(promoted).toEqual({ outcome: 'promoted', userId: other.id });
    const [row] = await ctx.database.query<{ role: string; confirmed: boolean; token_version: number }>(
      'SELECT role, confirmed, token_version FROM users WHERE id = $1',
      [other.id],
    );
    expect(row).toEqual({ role: 'admin', confirmed: true, token_version: 1 });
    await expect(
      ensureAdmin(ctx.app.db, { email: 'x@example.test', password: 'kurz', mode: 'upsert' }),
    ).rejects.toThrow(/Passwort/);
  });
});

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

describe('users', () => {
  it('When a user is blocked, then the session ends, unblocking allows a new login, and admins cannot block themselves', async () => {
    const victim = await createUser(ctx, { role: 'consultant' });
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: victim.token })).statusCode).toBe(200);
    const res = await ctx.request({
      method: 'PUT',
      url: `/api/admin/users/${victim.id}/block`,
      token: admin.token,
      payload: { blocked: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: victim.id, blocked: true, role: 'consultant' });
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: victim.token })).statusCode).toBe(401);
    const unblock = await ctx.request({
      method: 'PUT',
      url: `/api/admin/users/${victim.id}/block`,
      token: admin.token,
      payload: { blocked: false },
    });
    expect(unblock.json().data.blocked).toBe(false);
    const fresh = await sessionToken(ctx.database, ctx.app.jwt, victim.id, { tokenVersion: 1 });
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: fresh })).statusCode).toBe(200);

    const self = await ctx.request({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}/block`,
      token: admin.token,
      payload: { blocked: true },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(ADMIN_MSG.notOnSelf);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/admin/users/${admin.id}`, token: admin.token })).statusCode,
    ).toBe(400);
  });

  it('When searching users, then name, e-mail and role filters work and no private field leaves the server', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/admin/users?filters[$or][0][username][$containsi]=nordbau&filters[$or][1][email][$containsi]=nordbau&filters[role][$eq]=company',
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { id: number }) => u.id)).toEqual([company.id]);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(
      [
        'confirmed',
        'blocked',
        'createdAt',
        'email',
        'id',
        'lastLogin',
        'public',
        'retentionWarnedAt',
        'role',
        'username',
      ].sort(),
    );
  });

  it('When the confirmation mail is resent, then an unconfirmed user gets a working link; confirmed users answer 409', async () => {
    const pending = await createUser(ctx, { role: 'company', confirmed: false });
    const res = await ctx.request({
      method: 'POST',
      url: `/api/admin/users/${pending.id}/resend-confirmation`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    await ctx.deliverMail();
    const mail = ctx.smtp.messages.find((m) => m.to.includes(pending.email))!;
    expect(mail.subject).toContain('bestätigen');
    expect(mail.text).toMatch(/\/api\/auth\/email-confirmation\?confirmation=/);
    const again = await ctx.request({
      method: 'POST',
      url: `/api/admin/users/${company.id}/resend-confirmation`,
      token: admin.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ADMIN_MSG.alreadyConfirmed);
  });

  it('When a company is deleted, then its advertisements are deactivated like on self-deletion and the deletion is audited', async () => {
    const doomed = await createUser(ctx, { role: 'company' });
    const created = await ctx.request({
      method: 'POST',
      url: '/api/admin/jobs',
      token: admin.token,
      payload: { companyId: doomed.id, data: jobData() },
    });
    const jobId = created.json().data.id as number;
    const res = await ctx.request({ method: 'DELETE', url: `/api/admin/users/${doomed.id}`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(await ctx.database.query('SELECT id FROM users WHERE id = $1', [doomed.id])).toEqual([]);
    const [job] = await ctx.database.query<{ published_at: Date | null; owner_id: number | null }>(
      'SELECT published_at, owner_id FROM jobs WHERE id = $1',
      [jobId],
    );
    expect(job).toEqual({ published_at: null, owner_id: null });
    const audit = await ctx.database.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'user' AND entity_id = $1`,
      [String(doomed.id)],
    );
    expect(audit).toEqual([{ action: 'user.delete' }]);
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

describe('contact messages and districts', () => {
  it('When a contact message is marked handled and reopened, then the list filters follow', async () => {
    await ctx.request({
      method: 'POST',
      url: '/api/contact',
      payload: {
        firstname: 'Anna',
        lastname: 'Huber',
        company: 'Huber Bau',
        email: 'anna@example.test',
        message: 'Bitte Inserat schalten.',
      },
      remoteAddress: '10.9.9.9',
    });
    const open = await ctx.request({
      method: 'GET',
      url: '/api/admin/contact-messages?filters[handledAt][$null]=true',
      token: admin.token,
    });
    const msg = open.json().data[0];
    expect(msg).toMatchObject({ firstname: 'Anna', handledAt: null });
    const handled = await ctx.request({
      method: 'PUT',
      url: `/api/admin/contact-messages/${msg.id}/handled`,
      token: admin.token,
      payload: { handled: true },
    });
    expect(handled.json().data.handledAt).not.toBeNull();
    const stillOpen = await ctx.request({
      method: 'GET',
      url: '/api/admin/contact-messages?filters[handledAt][$null]=true',
      token: admin.token,
    });
    expect(stillOpen.json().data).toEqual([]);
    const reopened = await ctx.request({
      method: 'PUT',
      url: `/api/admin/contact-messages/${msg.id}/handled`,
      token: admin.token,
      payload: { handled: false },
    });
    expect(reopened.json().data.handledAt).toBeNull();
  });

  it('When districts are added, renamed and deleted, then duplicates and districts in use are refused with clear messages', async () => {
    const added = await ctx.request({
      method: 'POST',
      url: '/api/admin/districts',
      token: admin.token,
      payload: { name: 'Neusiedl Nord', state: 'Burgenland' },
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().data.id as number;
    const dup = await ctx.request({
      method: 'POST',
      url: '/api/admin/districts',
      token: admin.token,
      payload: { name: 'graz', state: 'Steiermark' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(ADMIN_MSG.districtExists);
    const empty = await ctx.request({
      method: 'POST',
      url: '/api/admin/districts',
      token: admin.token,
      payload: { name: '  ', state: 'Wien' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(ADMIN_MSG.districtNameRequired);
    const renamed = await ctx.request({
      method: 'PUT',
      url: `/api/admin/districts/${id}`,
      token: admin.token,
      payload: { name: 'Neusiedl am See Nord' },
    });
    expect(renamed.json().data).toEqual({ id, name: 'Neusiedl am See Nord', state: 'Burgenland' });

    await ctx.request({
      method: 'POST',
      url: '/api/admin/jobs',
      token: admin.token,
      payload: { companyId: company.id, data: jobData({ district: id }) },
    });
    const inUse = await ctx.request({ method: 'DELETE', url: `/api/admin/districts/${id}`, token: admin.token });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe('Der Bezirk wird von Inseraten verwendet und kann nicht gelöscht werden.');

    const spare = await ctx.request({
      method: 'POST',
      url: '/api/admin/districts',
      token: admin.token,
      payload: { name: 'Leerbezirk', state: 'Tirol' },
    });
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/admin/districts/${spare.json().data.id}`,
      token: admin.token,
    });
    expect(del.statusCode).toBe(200);
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
