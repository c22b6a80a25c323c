import { describe, expect, it } from 'vitest';
import { JOB_MSG, MSG } from '@pb/core';
import { placementsSuite } from '../../../test/support/placements-suite';

/**
 * Placement reports through the API: the company's and the consultant's report, fees, the deactivated
 * advertisement, the office's mail, refusals and the rollback when a mail cannot be queued.
 */

const suite = placementsSuite();
const { ctx, a, b, consultant } = suite;
const { publish, companyReport, consultantReport, report, converse, isPublished } = suite;

describe('POST /api/placement-reports', () => {
  it('When the company report names a UID that is not an EU VAT number, then it is refused with a German message', async () => {
    const id = await publish(a, 'Kellner');
    for (const uid of ['ATU1234567', 'CHE-123.456.789', 'x'.repeat(31)]) {
      const res = await report(a.token, { ...companyReport(id), uid });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/gültige UID-Nummer/);
    }
    expect(await isPublished(id)).toBe(true);
  });

  it('When the owner reports 20 % on 60,000, then fees are 12,000 + 1,200, the ad is deactivated and the office is mailed', async () => {
    const id = await publish(a, 'Koch', 15);
    await ctx.request({
      method: 'POST',
      url: '/api/placement-bonuses',
      token: a.token,
      payload: { data: { bonus: 18, advertisement: id } },
    });
    const res = await report(a.token, companyReport(id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ placementFee: 12000, serviceFee: 1200 });
    expect(await isPublished(id)).toBe(false);
    const [row] = await ctx.database.query<Record<string, unknown>>(
      `SELECT variant, contact_person, recruiter, bonus_in_force::float8 AS bonus_in_force, placement_fee::float8 AS fee,
              service_fee::float8 AS service, uid, company_id, reporter_id FROM placement_reports WHERE id = $1`,
      [res.json().data.id],
    );
    expect(row).toEqual({
      variant: 'company',
      contact_person: a.email,
      recruiter: 'Maria Berger',
      bonus_in_force: 18,
      fee: 12000,
      service: 1200,
      uid: 'ATU12345678',
      company_id: a.id,
      reporter_id: a.id,
    });
    expect(await ctx.deliverMail()).toBe(2);
    const office = ctx.smtp.messages.find((m) => m.to.includes('office@example.test'))!;
    expect(office.subject).toContain('Stellenbesetzung');
    for (const text of [
      'Maria Berger',
      'maria.berger@example.test',
      'ATU12345678',
      'Maria-Theresien-Straße 12',
      '6020 Innsbruck',
      '12.000,00',
      '1.200,00',
      '60.000,00',
      '18 %',
      '20 %',
    ]) {
      expect(office.text).toContain(text);
    }
    const confirmation = ctx.smtp.messages.find((m) => m.to.includes(a.email))!;
    expect(confirmation.text).toContain('12.000,00');
  });

  it('When a consultant reports, then recruiter and mail are their own and no address is stored', async () => {
    const id = await publish(a, 'Rezeptionist');
    await converse(consultant, id);
    const res = await report(consultant.token, { ...consultantReport(id) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ placementFee: 8100, serviceFee: 810 });
    const [row] = await ctx.database.query<Record<string, unknown>>(
      'SELECT recruiter, recruiter_mail, contact_person, street, uid, company_id FROM placement_reports WHERE id = $1',
      [res.json().data.id],
    );
    expect(row).toEqual({
      recruiter: `Sabine Recruiting (${consultant.id})`,
      recruiter_mail: consultant.email,
      contact_person: 'Herr Huber',
      street: null,
      uid: null,
      company_id: a.id,
    });
    // Without an introduction the company made an offer for, the office reviews first (issue 28).
    expect(res.json().data.reviewPending).toBe(true);
    expect(await isPublished(id)).toBe(true);
    const extra = await report(consultant.token, {
      ...consultantReport(await publish(a, 'Extra')),
      recruiter: 'Jemand anderer',
    });
    expect(extra.statusCode).toBe(400);
  });

  it("When company B reports on A's ad, or roles use the wrong variant, then 403 and the ad stays active", async () => {
    const id = await publish(a, 'Hausmeister');
    expect((await report(b.token, companyReport(id))).statusCode).toBe(403);
    expect((await report(a.token, consultantReport(id))).statusCode).toBe(403);
    expect((await report(consultant.token, companyReport(id))).statusCode).toBe(403);
    expect((await report(undefined, consultantReport(id))).statusCode).toBe(401);
    expect(await isPublished(id)).toBe(true);
    expect(await ctx.database.query('SELECT id FROM placement_reports WHERE job_id = $1', [id])).toEqual([]);
  });

  it('When an invoice field is empty, then it answers the form message and nothing is stored', async () => {
    const id = await publish(a, 'Kellner');
    for (const field of ['recruiter', 'recruiterMail', 'street', 'houseNr', 'postalCode', 'city', 'uid']) {
      const res = await report(a.token, { ...companyReport(id), [field]: ' ' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.message).toBe(MSG.fillAllFields);
    }
    expect((await report(a.token, { ...companyReport(id), actualSalary: -5 })).statusCode).toBe(400);
    expect((await report(a.token, { ...companyReport(id), variant: 'admin' })).statusCode).toBe(400);
    expect(await isPublished(id)).toBe(true);
  });

  it('When the advertisement is unknown or already inactive, then 404 / 409 with a German message', async () => {
    const unknown = await report(consultant.token, consultantReport(999999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MSG.advertisementGone);
    const id = await publish(a, 'Abwäscher');
    await converse(consultant, id);
    expect((await report(a.token, companyReport(id))).statusCode).toBe(201);
    const again = await report(consultant.token, consultantReport(id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(JOB_MSG.inactive);
  });

  it('When queuing a mail fails, then the report and the deactivation are rolled back', async () => {
    const id = await publish(a, 'Rollback');
    await converse(consultant, id);
    await ctx.database.execScript(`
      CREATE FUNCTION test_fail_mail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.event = 'placement.confirmation' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_fail_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION test_fail_mail();`);
    try {
      const before = await ctx.database.query('SELECT id FROM mail_outbox');
      const res = await report(consultant.token, consultantReport(id));
      expect(res.statusCode).toBe(500);
      expect(await isPublished(id)).toBe(true);
      expect(await ctx.database.query('SELECT id FROM placement_reports WHERE job_id = $1', [id])).toEqual([]);
      expect(await ctx.database.query('SELECT id FROM mail_outbox')).toHaveLength(before.length);
    } finally {
      await ctx.database.execScript('DROP TRIGGER test_fail_mail ON mail_outbox; DROP FUNCTION test_fail_mail();');
    }
  });
});
