import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  creditorReferenceOf,
  defaultInterest,
  DUNNING_FLAT_FEE_CENTS,
  OENB_BASE_RATES,
  type Invoice,
} from '@pb/core';
import { billingSuite, pdfText } from '../../../test/support/billing-suite';
import { camtXml, uploadStatement } from '../../../test/support/camt';
import { qrCodesIn } from '../../../test/support/pdf-images';
import { runDunning } from './dunning';

/**
 * Issue 34: reminding a late payer. 'Zahlungserinnerung' 7 days after the due date, '1. Mahnung'
 * after 21 with default interest (§ 456 UGB) and the 40 € flat fee (§ 458 UGB), '2. Mahnung' after
 * 35; every step once, paused while a claim is open, over once paid, never two steps at once.
 */

const s = billingSuite();
const { ctx, admin, company, otherCompany, consultant, clock } = s;

const run = () =>
  runDunning(ctx.app.db, {
    issuer: ctx.app.config.invoiceIssuer,
    publicUrl: ctx.app.config.publicUrl,
    ...ctx.app.config.dunning,
    now: clock.now,
  });

/** The server's clock on a Vienna day (10:00 UTC). */
const on = (day: string) => {
  clock.now = new Date(`${day}T10:00:00Z`);
};

async function invoiced(title: string): Promise<Invoice> {
  const id = await s.companyReport(title);
  expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
  return s.invoiceOf(id);
}

async function reminderPdf(url: string, user = company) {
  return ctx.request({ method: 'GET', url, token: user.token });
}

async function outbox(noticeId: number) {
  return ctx.database.query<{ subject: string; to_address: string }>(
    'SELECT subject, to_address FROM mail_outbox WHERE dunning_notice_id = $1',
    [noticeId],
  );
}

describe('the dunning run', () => {
  it('When an invoice stays unpaid, then reminder, 1. Mahnung with interest and fee, and 2. Mahnung follow on their days, each once', async () => {
    const start = clock.now;
    const invoice = await invoiced('Mahnlauf');
    on(addCalendarDays(invoice.dueOn, 6));
    expect(await run()).toEqual([]);

    on(addCalendarDays(invoice.dueOn, 7));
    const [reminder] = await run();
    expect(reminder).toMatchObject({ level: 'zahlungserinnerung', totalCents: invoice.grossCents });
    expect(await run()).toEqual([]);
    expect(await outbox(reminder!.noticeId)).toEqual([
      { subject: `Zahlungserinnerung zu Rechnung ${invoice.number}`, to_address: company.email },
    ]);
    const listed = (await s.billing()).invoices.find((i) => i.id === invoice.id)!;
    expect(listed.reminders).toEqual([
      expect.objectContaining({ level: 'zahlungserinnerung', issuedOn: s.today(), totalCents: invoice.grossCents }),
    ]);
    const firstPdf = await reminderPdf(listed.reminders[0]!.url);
    expect(firstPdf.statusCode).toBe(200);
    expect(await pdfText(firstPdf.rawPayload)).toContain(`Rechnung Nr. ${invoice.number}`);
    // Another company does not learn it exists; a consultant is refused.
    expect((await reminderPdf(listed.reminders[0]!.url, otherCompany)).statusCode).toBe(404);
    expect((await reminderPdf(listed.reminders[0]!.url, consultant)).statusCode).toBe(403);

    on(addCalendarDays(invoice.dueOn, 21));
    const [first] = await run();
    const interest = defaultInterest(invoice.grossCents, invoice.dueOn, s.today(), OENB_BASE_RATES);
    expect(interest.cents).toBeGreaterThan(0);
    expect(first).toMatchObject({
      level: 'mahnung1',
      totalCents: invoice.grossCents + interest.cents + DUNNING_FLAT_FEE_CENTS,
    });
    const mahnung = (await s.billing()).invoices.find((i) => i.id === invoice.id)!.reminders[1]!;
    const pdf = (await reminderPdf(mahnung.url)).rawPayload;
    const text = await pdfText(pdf);
    expect(text).toContain('1. Mahnung');
    expect(text).toContain('Pauschale für Betreibungskosten (§ 458 UGB)');
    expect(text).toMatch(/Verzugszinsen 10,73 % p\. a\. vom \d\d\.\d\d\.\d{4} bis \d\d\.\d\d\.\d{4} \(21 Tage\)/);
    // The code asks for the whole amount, with the invoice's reference.
    const [code] = await qrCodesIn(pdf);
    expect(code!.split('\n')[7]).toBe(`EUR${(first!.totalCents / 100).toFixed(2)}`);
    expect(code!.split('\n')[9]).toBe(creditorReferenceOf(invoice.number));

    on(addCalendarDays(invoice.dueOn, 35));
    const [second] = await run();
    // The interest since the 1. Mahnung; the fee was claimed once and is repeated as still open.
    const since = defaultInterest(invoice.grossCents, addCalendarDays(invoice.dueOn, 21), s.today(), OENB_BASE_RATES);
    expect(second).toMatchObject({
      level: 'mahnung2',
      totalCents: invoice.grossCents + interest.cents + DUNNING_FLAT_FEE_CENTS + since.cents,
    });
    on(addCalendarDays(invoice.dueOn, 60));
    expect(await run()).toEqual([]);

    // The company pays all of it by the code: invoice first, then interest and fee; the placement is paid.
    const xml = camtXml({
      iban: ctx.app.config.invoiceIssuer.iban,
      credits: [{ cents: second!.totalCents, reference: creditorReferenceOf(invoice.number) }],
    });
    const imported = await uploadStatement(ctx, admin.token, xml, 'a.xml');
    expect(imported.json().data).toMatchObject({ matched: 1, unclear: 0, settledReports: [invoice.placementReportId] });
    clock.now = start;
  });

  it('When a payment arrives, a claim is open, or the run was down for weeks, then no reminder is sent or only the next step', async () => {
    const start = clock.now;
    const paid = await invoiced('Rechtzeitig bezahlt');
    const claimed = await invoiced('Garantiefall offen');
    const late = await invoiced('Nach Ausfall');
    expect((await s.setStatus(paid.placementReportId, 'bezahlt')).statusCode).toBe(200);
    const claim = await s.claim(claimed.placementReportId, {
      employmentStart: s.today(),
      employmentEnd: s.today(),
      endedBy: 'arbeitnehmer',
      note: 'Kündigung in der Probezeit',
    });
    expect(claim.statusCode, claim.body).toBe(201);

    on(addCalendarDays(late.dueOn, 40));
    const sent = await run();
    expect(sent.map((r) => [r.placementReportId, r.level])).toEqual([[late.placementReportId, 'zahlungserinnerung']]);
    // The next step only when its distance (14 days) from the reminder has passed.
    on(addCalendarDays(late.dueOn, 53));
    expect(await run()).toEqual([]);
    on(addCalendarDays(late.dueOn, 54));
    expect((await run()).map((r) => r.level)).toEqual(['mahnung1']);
    clock.now = start;
  });

  it('When one transfer names a reminded invoice and another, then both invoices are paid before any interest or fee', async () => {
    const start = clock.now;
    const reminded = await invoiced('Gemahnt und gesammelt');
    const other = await invoiced('Mitbezahlt');
    on(addCalendarDays(reminded.dueOn, 7));
    await run();
    on(addCalendarDays(reminded.dueOn, 21));
    expect((await run()).find((r) => r.placementReportId === reminded.placementReportId)?.level).toBe('mahnung1');
    const xml = camtXml({
      iban: ctx.app.config.invoiceIssuer.iban,
      credits: [{ cents: reminded.grossCents + other.grossCents, text: [`${reminded.number} ${other.number}`] }],
    });
    const imported = await uploadStatement(ctx, admin.token, xml, 'b.xml');
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().data).toMatchObject({ matched: 1, unclear: 0 });
    expect([...imported.json().data.settledReports].sort()).toEqual(
      [reminded.placementReportId, other.placementReportId].sort(),
    );
    clock.now = start;
  });

  it('When two runs start at once, then each step is sent once', async () => {
    const start = clock.now;
    const invoice = await invoiced('Zwei Läufe');
    on(addCalendarDays(invoice.dueOn, 7));
    const [a, b] = await Promise.all([run(), run()]);
    expect([...a, ...b].filter((r) => r.placementReportId === invoice.placementReportId)).toHaveLength(1);
    clock.now = start;
  });
});
