import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ACCOUNTING_MSG, LEDGER_ACCOUNTS, personalAccount, type PayoutItem } from '@pb/core';
import { camtXml, uploadStatement } from '../../../test/support/camt';
import { TEST_INVOICE_ISSUER } from '../../../test/support/ports';
import { DUE_AFTER_DAYS, payoutSuite } from '../../../test/support/payouts';
import { BMD_COLUMNS, DATEV_COLUMNS } from './formats';

/**
 * Issue 34, export: the month's books for the tax adviser. One placement goes the whole way
 * (invoice, paid by bank, the agency's credit note, the payout) and one transfer nobody can assign
 * arrives; the BMD file books each on the right accounts with the right tax, every personal account
 * of a settled placement balances to zero, and the DATEV file carries the same bookings in its EXTF
 * form, encoded in Windows-1252. Bad months and formats are German 400s; only the office exports.
 */

const s = payoutSuite();
const { ctx, admin, consultant, company } = s;
const month = () => s.today().slice(0, 7);

const exportOf = (query: string, token = admin.token) =>
  ctx.request({ method: 'GET', url: `/api/admin/accounting-export?${query}`, token });

type Row = Record<(typeof BMD_COLUMNS)[number], string>;

function bmdRows(text: string): Row[] {
  const [header, ...lines] = text.trimEnd().split('\r\n');
  expect(header).toBe(BMD_COLUMNS.join(';'));
  return lines.map((line) => Object.fromEntries(line.split(';').map((v, i) => [BMD_COLUMNS[i], v])) as Row);
}

const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

describe('monthly booking export', () => {
  it('When a placement was invoiced, paid, settled and paid out this month, then the BMD file books each step on its accounts and the parties balance', async () => {
    await s.agencyIdentity(consultant);
    expect((await s.payoutAccount(consultant)).statusCode).toBe(200);
    const { id, invoice } = await s.paidPlacement('Export-Koch', DUE_AFTER_DAYS);
    expect(await s.settle(admin)).toBe(1);
    const item = ((await s.call(admin.token, 'GET', '/api/admin/payout-items')).json().data as PayoutItem[])[0]!;
    const batch = await s.call(admin.token, 'POST', '/api/admin/payout-batches', {
      itemIds: [item.id],
      executionDate: s.today(),
    });
    expect(batch.statusCode, batch.body).toBe(201);
    expect(
      (await s.call(admin.token, 'POST', `/api/admin/payout-batches/${batch.json().data.id}/paid`)).statusCode,
    ).toBe(200);
    // One the office marked 'bezahlt' by hand: no bank entry of ours shows that money.
    const byHand = await s.paidPlacement('Export-Kellner', 3, 'click');
    const unclear = camtXml({
      iban: TEST_INVOICE_ISSUER.iban,
      credits: [{ cents: 12_345, text: ['Spende'], debtor: 'Müller "Unbekannt"' }],
    });
    expect((await uploadStatement(ctx, admin.token, unclear)).statusCode).toBe(201);
    const [parties] = await ctx.database.query<{ company: number; agency: number }>(
      'SELECT company_organisation_id AS company, agency_organisation_id AS agency FROM placement_reports WHERE id = $1',
      [id],
    );
    const customer = personalAccount('customer', parties!.company);
    const supplier = personalAccount('supplier', parties!.agency);
    expect([customer.length, supplier.length]).toEqual([5, 5]);

    const res = await exportOf(`month=${month()}&format=bmd`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`Buchungen-${month()}-bmd.csv`);
    const rows = bmdRows(res.body);
    expect(rows.find((r) => r.buchsymbol === 'AR' && r.belegnr === invoice.number)).toMatchObject({
      satzart: '0',
      konto: customer,
      gkonto: LEDGER_ACCOUNTS.revenueDomestic,
      buchcode: '1',
      prozent: '20,00',
      steuercode: '1',
      betrag: (invoice.grossCents / 100).toFixed(2).replace('.', ','),
      steuer: (-invoice.vatCents / 100).toFixed(2).replace('.', ','),
    });
    const credit = rows.find((r) => r.buchsymbol === 'ER')!;
    expect(credit).toMatchObject({
      konto: supplier,
      gkonto: LEDGER_ACCOUNTS.agencyShares,
      buchcode: '2',
      steuercode: '2',
    });
    expect(credit.belegnr).toMatch(/^GS-\d{4}-\d{6}$/);
    expect(rows.find((r) => r.buchsymbol === 'BK' && r.gkonto === LEDGER_ACCOUNTS.unclearPayments)).toMatchObject({
      konto: LEDGER_ACCOUNTS.bank,
      betrag: '123,45',
      // Quotes doubled inside a quoted field; no formula guard in an import file.
      text: '"Zahlungseingang Müller ""Unbekannt"""',
    });

    expect(rows.find((r) => r.buchsymbol === 'BK' && r.belegnr === byHand.invoice.number)).toMatchObject({
      konto: LEDGER_ACCOUNTS.manualPayments,
      gkonto: customer,
      buchcode: '1',
    });

    // Double entry: the customer paid what it was invoiced, the agency got what its credit note says.
    const balance = (account: string) =>
      rows.reduce((sum, r) => {
        const amount = cents(r.betrag) * (r.buchcode === '1' ? 1 : -1);
        if (r.konto === account) return sum + amount;
        if (r.gkonto === account) return sum - amount;
        return sum;
      }, 0);
    expect(balance(customer)).toBe(0);
    expect(balance(supplier)).toBe(0);
    expect(balance(LEDGER_ACCOUNTS.bank)).toBe(invoice.grossCents + 12_345 - cents(credit.betrag));
  });

  it('When the same month is exported for DATEV, then it is an EXTF Buchungsstapel in Windows-1252 with the same bookings', async () => {
    const bmd = bmdRows((await exportOf(`month=${month()}&format=bmd`)).body);
    const res = await exportOf(`month=${month()}&format=datev`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=windows-1252');
    // 'ü' of 'Müller' is one byte in Windows-1252, never UTF-8's two.
    expect(res.rawPayload.includes(Buffer.from([0xfc]))).toBe(true);
    expect(res.rawPayload.includes(Buffer.from('ü', 'utf8'))).toBe(false);
    const lines = iconv.decode(res.rawPayload, 'win1252').trimEnd().split('\r\n');
    const header = lines[0]!.split(';');
    expect(header.slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
    expect(header[13]).toBe('4');
    expect(header[14]).toBe(`${month().replace('-', '')}01`);
    expect(lines[1]).toBe(DATEV_COLUMNS.join(';'));
    const rows = lines.slice(2).map((l) => l.split(';'));
    expect(rows).toHaveLength(bmd.length);
    expect(rows.map((r) => [r[0], r[1], r[6], r[7]])).toEqual(
      bmd.map((b) => [b.betrag, b.buchcode === '1' ? '"S"' : '"H"', b.konto, b.gkonto]),
    );
  });

  it('When the month or the format is wrong or in the future, then a German 400; a company or consultant gets 403', async () => {
    for (const query of [
      'month=2026-13&format=bmd',
      'month=26-11&format=bmd',
      'format=bmd',
      'month=2026-01&format=xls',
    ]) {
      const res = await exportOf(query);
      expect(res.statusCode, query).toBe(400);
      expect([ACCOUNTING_MSG.monthInvalid, ACCOUNTING_MSG.formatInvalid]).toContain(res.json().error.message);
    }
    const future = await exportOf(`month=${Number(month().slice(0, 4)) + 1}-01&format=bmd`);
    expect(future.json().error.message).toBe(ACCOUNTING_MSG.monthInvalid);
    expect((await exportOf(`month=${month()}&format=bmd`, company.token)).statusCode).toBe(403);
    expect((await exportOf(`month=${month()}&format=bmd`, consultant.token)).statusCode).toBe(403);
    const audit = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'accounting.export'",
    );
    expect(audit[0]!.n).toBeGreaterThanOrEqual(3);
  });
});
