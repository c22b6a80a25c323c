import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, addWorkingDays, REFUND_PAYOUT_WORKING_DAYS } from '@pb/core';
import { createUser } from '../../../test/factories';
import { pdfText } from '../../../test/support/billing-suite';
import { addMember } from '../../../test/support/organisation-fixtures';
import { AGENCY_IBAN, COMPANY_IBAN, DUE_AFTER_DAYS, payoutSuite } from '../../../test/support/payouts';

/**
 * Issue 34: the agency's share. Once the company has paid and no guarantee claim can come any
 * more, the platform settles the bonus by a self-billing credit note (§ 11 (7) UStG) in its own
 * series and books a payout; never before the claim period has run out, never while a claim is
 * open, never without the agency's agreement, never twice. A guarantee refund after payment is a
 * payout to the company, to the account it paid from.
 */

const s = payoutSuite();
const { ctx, admin, company, otherCompany, consultant, clock } = s;

const paid = (title: string, days: number) => s.paidPlacement(title, days);

describe('settling the agency share', () => {
  it('When the agency has not agreed to self-billing, then nothing is settled and its page says why', async () => {
    const { id } = await paid('Küchenchef', DUE_AFTER_DAYS);
    expect(await s.settle(admin)).toBe(0);
    const page = await s.payoutsPage(consultant);
    expect(page.account).toBeNull();
    expect(page.pending).toEqual([
      expect.objectContaining({ placementReportId: id, reason: expect.stringContaining('Rechnungsdaten') }),
    ]);
    await s.agencyIdentity(consultant);
    // Saving the account without the agreement is refused in German.
    const refused = await s.payoutAccount(consultant, { selfBillingAgreed: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('Gutschrift');
    expect((await s.payoutsPage(consultant)).pending[0]!.reason).toContain('Auszahlungskonto');
  });

  it('When it agrees, then the share is settled once by a credit note in its own series, mailed with its PDF', async () => {
    const saved = await s.payoutAccount(consultant, { iban: 'AT02 2050 3021 0102 3600', bic: 'spihat22' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      iban: 'AT022050302101023600',
      bic: 'SPIHAT22',
      vatStatus: 'regelbesteuert',
    });
    expect(saved.json().data.selfBillingAgreedAt).not.toBeNull();
    // Two runs at once, then a third: one credit note.
    const runs = await Promise.all([s.settle(admin), s.settle(admin)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await s.settle(admin)).toBe(0);

    const page = await s.payoutsPage(consultant);
    expect(page.pending).toEqual([]);
    const [item] = page.items;
    const year = s.today().slice(0, 4);
    // 20 % of 60,000 € = 12,000 € bonus, 20 % USt on it.
    expect(item).toMatchObject({
      kind: 'praemie',
      amountCents: 1_440_000,
      state: 'vorgemerkt',
      document: { number: `GS-${year}-000001` },
      accountKnown: true,
    });
    const pdf = await ctx.request({ method: 'GET', url: item!.document.url, token: consultant.token });
    expect(pdf.statusCode).toBe(200);
    // One page: the footer with the issuer's data fits under the text.
    expect((await getDocumentProxy(new Uint8Array(pdf.rawPayload))).numPages).toBe(1);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      `Gutschrift Nr. GS-${year}-000001`,
      '§ 11 Abs. 7 UStG',
      'Sabine Recruiting GmbH',
      'UID ATU13585627',
      'Vermittlungsprämie € 12.000,00',
      'zuzüglich 20 % USt € 2.400,00',
      'Gutschriftbetrag brutto € 14.400,00',
      'AT02 2050 3021 0102 3600',
    ]) {
      expect(text).toContain(expected);
    }
    const mails = await ctx.database.query<{ subject: string }>(
      'SELECT subject FROM mail_outbox WHERE credit_note_id IS NOT NULL',
    );
    expect(mails).toEqual([{ subject: `Gutschrift GS-${year}-000001 – Küchenchef` }]);
    // Nobody else reads it: another company and the placement's company get a 404.
    for (const user of [otherCompany, company]) {
      expect((await ctx.request({ method: 'GET', url: item!.document.url, token: user.token })).statusCode).toBe(404);
    }
  });

  it('When the claim period is still running or a claim is open, then the share waits; a Kleinunternehmer gets no USt', async () => {
    const early = await paid('Rezeption', DUE_AFTER_DAYS - 1);
    const claimed = await paid('Etagenservice', 40);
    const filed = await s.claim(claimed.id, {
      employmentStart: addCalendarDays(s.today(), -39),
      employmentEnd: addCalendarDays(s.today(), -2),
      endedBy: 'arbeitnehmer',
      note: 'Kündigung in der Probezeit',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await s.settle(admin)).toBe(0);
    const pending = (await s.payoutsPage(consultant)).pending;
    expect(pending.find((p) => p.placementReportId === early.id)!.reason).toContain('Frist');
    expect(pending.find((p) => p.placementReportId === claimed.id)!.reason).toContain('Garantiefall');

    // The next day the first is due; now taxed as a small business.
    const saved = await s.payoutAccount(consultant, { iban: AGENCY_IBAN, vatStatus: 'kleinunternehmer' });
    expect(saved.statusCode, saved.body).toBe(200);
    const real = clock.now;
    clock.now = new Date(real.getTime() + 86_400_000);
    try {
      expect(await s.settle(admin)).toBe(1);
    } finally {
      clock.now = real;
    }
    const item = (await s.payoutsPage(consultant)).items.find((i) => i.placementReportId === early.id)!;
    expect(item.amountCents).toBe(1_200_000);
    const pdf = await ctx.request({ method: 'GET', url: item.document.url, token: admin.token });
    expect(await pdfText(pdf.rawPayload)).toContain('Kleinunternehmerregelung');
  });

  it('When a guarantee claim on a paid invoice is accepted, then the company gets a refund payout to the account it paid from', async () => {
    const { id } = await paid('Sommelier', 30);
    await s.acceptedClaim(id, 29);
    const [item] = (await s.payoutsPage(company)).items;
    // 50 % of 12,000 € bonus and of 1,200 € fee, with USt: 7,920 €.
    expect(item).toMatchObject({
      kind: 'rueckerstattung',
      placementReportId: id,
      amountCents: 792_000,
      dueOn: addWorkingDays(s.today(), REFUND_PAYOUT_WORKING_DAYS),
      state: 'vorgemerkt',
      accountKnown: true,
      creditNoteId: null,
    });
    const [row] = await ctx.database.query<{ fallback_iban: string }>(
      'SELECT fallback_iban FROM payout_items WHERE id = $1',
      [item!.id],
    );
    expect(row!.fallback_iban).toBe(COMPANY_IBAN);
    // The company's money members see it; the agency does not.
    expect((await s.payoutsPage(consultant)).items.some((i) => i.id === item!.id)).toBe(false);
  });
});

describe('the payout account', () => {
  it('When the account changes, then every administrator is told; bad input is a German 400', async () => {
    const bad = await s.payoutAccount(consultant, { iban: 'AT61 1904 3002 3457 3202' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('IBAN');
    const companyVat = await s.call(company.token, 'PUT', '/api/organisation/payout-account', {
      accountHolder: 'Alpenhof GmbH',
      iban: COMPANY_IBAN,
      vatStatus: 'kleinunternehmer',
    });
    expect(companyVat.statusCode).toBe(400);
    const changed = await s.payoutAccount(consultant, { iban: 'AT041200051564166566', accountHolder: 'Neu' });
    expect(changed.statusCode, changed.body).toBe(200);
    const mails = await ctx.database.query<{ to_address: string; text_body: string }>(
      `SELECT to_address, text_body FROM mail_outbox WHERE subject = 'Ihr Auszahlungskonto wurde geändert' ORDER BY id`,
    );
    // The earlier change (test above) and this one, each naming the old and the new account.
    expect(mails.at(-1)).toEqual({
      to_address: consultant.email,
      text_body: expect.stringContaining(
        'bisher Sabine Recruiting GmbH, AT48 3200 0000 1234 5864; neu Neu, AT04 1200 0515 6416 6566.',
      ),
    });
    const [audit] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'organisation.payout_account'`,
    );
    expect(audit!.n).toBeGreaterThanOrEqual(3);
  });

  it('When another agency or a Berater without money rights asks, then nothing of the agency is shown', async () => {
    const { jwt: berater } = await addMember(
      ctx,
      { ...consultant, jwt: consultant.token, password: '' },
      'Bert Berater',
      'consultant',
    );
    expect((await ctx.request({ method: 'GET', url: '/api/payouts', token: berater })).statusCode).toBe(403);
    const refused = await ctx.request({
      method: 'PUT',
      url: '/api/organisation/payout-account',
      token: berater,
      payload: { data: { accountHolder: 'Bert', iban: 'AT041200051564166566', vatStatus: 'regelbesteuert' } },
    });
    expect(refused.statusCode).toBe(403);
    const other = await createUser(ctx, { role: 'consultant', username: 'Andere Agentur' });
    const [note] = await ctx.database.query<{ id: number }>('SELECT id FROM credit_notes ORDER BY id LIMIT 1');
    for (const token of [berater, other.token]) {
      const pdf = await ctx.request({ method: 'GET', url: `/api/credit-notes/${note!.id}/pdf`, token });
      expect(pdf.statusCode).toBe(404);
    }
    expect((await s.payoutsPage(other)).items).toEqual([]);
  });

  it('When the account is no SEPA account or its BIC belongs to another state, then a German 400 names the field', async () => {
    const foreign = await s.payoutAccount(consultant, { iban: 'BR1800360305000010009795493C1' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toContain('SEPA-Raum');
    const mismatch = await s.payoutAccount(consultant, { bic: 'DEUTDEFF' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toContain('BIC gehört zu einer Bank in einem anderen Land');
    const swiss = await s.payoutAccount(consultant, { iban: 'CH9300762011623852957' });
    expect(swiss.json().error.message).toContain('außerhalb des EWR');
  });

  it("When the company paid half and then its guarantee claim halves the invoice, then the placement is paid and the agency's half is no longer said to wait for payment", async () => {
    const id = await s.companyReportDaysAgo(25, 'Rezeptionist/in');
    expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
    const invoice = await s.invoiceOf(id);
    await s.payByBank(admin, { number: invoice.number, grossCents: invoice.grossCents / 2 });
    await s.acceptedClaim(id);
    const [row] = await ctx.database.query<{ status: string; paid: boolean }>(
      'SELECT status, paid_at IS NOT NULL AS paid FROM placement_reports WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'garantiefall', paid: true });
    const pending = (await s.payoutsPage(consultant)).pending.find((p) => p.placementReportId === id)!;
    expect(pending.reason).not.toContain('noch nicht vollständig bezahlt');
  });

  it('When a visitor or the back office without organisation asks, then 401 or 403', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/payouts' })).statusCode).toBe(401);
    expect((await s.call(admin.token, 'GET', '/api/payouts')).statusCode).toBe(403);
  });
});
