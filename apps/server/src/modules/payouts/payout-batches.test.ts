import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { addCalendarDays, formatCents, type PayoutBatch, type PayoutItem } from '@pb/core';
import { COMPANY_IBAN, DUE_AFTER_DAYS, payoutSuite } from '../../../test/support/payouts';
import { TEST_INVOICE_ISSUER } from '../../../test/support/ports';

/**
 * Issue 34: the office pays out in SEPA credit transfer files (pain.001.001.09, validated against
 * the ISO schema) and marks each transfer paid or failed. Nothing is paid twice: an item at the
 * bank or paid is refused in a new batch (and by the database), a decision is final, a failed
 * transfer goes into a later batch as a new instruction.
 */

const s = payoutSuite();
const { ctx, admin, company, consultant } = s;
const XSD = readFileSync(new URL('../../../test/fixtures/pain.001.001.09.xsd', import.meta.url), 'utf8');
const paid = async (title: string, days: number, pay: 'bank' | 'click' = 'bank') =>
  (await s.paidPlacement(title, days, pay)).id;

const openItems = async (): Promise<PayoutItem[]> =>
  (await s.call(admin.token, 'GET', '/api/admin/payout-items')).json().data as PayoutItem[];

const build = (itemIds: number[], executionDate = s.today()) =>
  s.call(admin.token, 'POST', '/api/admin/payout-batches', { itemIds, executionDate });

async function fileOf(batch: PayoutBatch): Promise<string> {
  const res = await ctx.request({ method: 'GET', url: batch.fileUrl, token: admin.token });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toContain(`Zahlungsauftrag-${batch.messageId}.xml`);
  return res.body;
}

type Transfer = { PmtId: { EndToEndId: string }; Amt: { InstdAmt: { '#text': string } }; Cdtr: { Nm: string } };

function transfersIn(xml: string) {
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false }).parse(xml);
  const initiation = parsed.Document.CstmrCdtTrfInitn;
  const info = initiation.PmtInf;
  const list: Transfer[] = Array.isArray(info.CdtTrfTxInf) ? info.CdtTrfTxInf : [info.CdtTrfTxInf];
  return { header: initiation.GrpHdr, info, list };
}

describe('payout batches', () => {
  let agencyItem: PayoutItem;
  let refundItem: PayoutItem;
  let firstBatch: PayoutBatch;

  it('When the office builds a batch, then its pain.001.001.09 file is valid and pays each item once', async () => {
    await s.agencyIdentity(consultant);
    expect((await s.payoutAccount(consultant, { accountHolder: 'Sabine Recruiting & Söhne GmbH' })).statusCode).toBe(
      200,
    );
    await paid('Küchenchef', DUE_AFTER_DAYS);
    expect(await s.settle(admin)).toBe(1);
    await s.acceptedClaim(await paid('Sommelier', 25));
    const items = await openItems();
    agencyItem = items.find((i) => i.kind === 'praemie')!;
    refundItem = items.find((i) => i.kind === 'rueckerstattung')!;
    expect(agencyItem).toMatchObject({ kind: 'praemie', amountCents: 1_440_000, accountKnown: true });
    expect(refundItem).toMatchObject({ kind: 'rueckerstattung', amountCents: 792_000, accountKnown: true });

    const res = await build([agencyItem.id, refundItem.id]);
    expect(res.statusCode, res.body).toBe(201);
    firstBatch = res.json().data as PayoutBatch;
    expect(firstBatch).toMatchObject({ itemCount: 2, totalCents: 2_232_000 });
    const xml = await fileOf(firstBatch);
    const validation = await validateXML({ xml: [{ fileName: 'batch.xml', contents: xml }], schema: [XSD] });
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);

    const { header, info, list } = transfersIn(xml);
    expect(header).toMatchObject({ MsgId: firstBatch.messageId, NbOfTxs: '2', CtrlSum: '22320.00' });
    expect(info.DbtrAcct.Id.IBAN).toBe(TEST_INVOICE_ISSUER.iban);
    expect(info.ReqdExctnDt.Dt).toBe(s.today());
    expect(list.map((t) => [t.PmtId.EndToEndId, t.Amt.InstdAmt['#text'], t.Cdtr.Nm])).toEqual([
      [`PB-A${agencyItem.id}-V1`, '14400.00', 'Sabine Recruiting + Soehne GmbH'],
      [`PB-A${refundItem.id}-V1`, '7920.00', 'Alpenhof GmbH'],
    ]);
    // The SEPA character set: no umlauts or ampersands reach the bank.
    expect(xml).not.toMatch(/[äöüß&]/);
    expect(xml).toContain(COMPANY_IBAN);

    // Both are now at the bank: not open any more, and refused in another batch.
    expect(await openItems()).toEqual([]);
    const again = await build([refundItem.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `Auszahlung Nr. ${refundItem.id} steht bereits im Zahlungsauftrag Nr. ${firstBatch.id}, über den die Bank noch nicht entschieden hat.`,
    );
  });

  it('When a company paid by the office’s click and keeps no account, then its refund cannot be batched', async () => {
    await s.acceptedClaim(await paid('Barkeeper', 25, 'click'));
    const item = (await openItems()).find((i) => i.jobTitle === 'Barkeeper')!;
    expect(item.accountKnown).toBe(false);
    const refused = await build([item.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `Für Auszahlung Nr. ${item.id} (${item.payeeName}) ist kein Auszahlungskonto hinterlegt.`,
    );
  });

  it('When a transfer fails, then it goes into a later batch as a new instruction; a decision is final', async () => {
    const url = `/api/admin/payout-batches/${firstBatch.id}/items/${refundItem.id}`;
    const noReason = await s.call(admin.token, 'PUT', url, { status: 'fehlgeschlagen' });
    expect(noReason.statusCode).toBe(400);
    const failed = await s.call(admin.token, 'PUT', url, { status: 'fehlgeschlagen', reason: 'Konto erloschen' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect((await s.call(admin.token, 'PUT', url, { status: 'ausgezahlt' })).statusCode).toBe(409);
    expect(await openItems()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: refundItem.id, state: 'fehlgeschlagen', failureReason: 'Konto erloschen' }),
      ]),
    );

    // The company names another account; the next batch sends it there.
    const saved = await s.call(company.token, 'PUT', '/api/organisation/payout-account', {
      accountHolder: 'Alpenhof GmbH',
      iban: 'AT041200051564166566',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await openItems()).every((i) => i.accountKnown)).toBe(true);
    const second = await build([refundItem.id]);
    expect(second.statusCode, second.body).toBe(201);
    const { list } = transfersIn(await fileOf(second.json().data as PayoutBatch));
    expect(list[0]!.PmtId.EndToEndId).toBe(`PB-A${refundItem.id}-V2`);
    expect(JSON.stringify(list[0])).toContain('AT041200051564166566');

    // Until the bank has paid it, the company's statement shows the refund as owed to it; then as
    // transferred (the Barkeeper refund above still waits).
    expect((await s.billing()).statement!.receiveCents).toBe(1_584_000);
    const secondId = (second.json().data as PayoutBatch).id;
    expect((await s.call(admin.token, 'POST', `/api/admin/payout-batches/${secondId}/paid`)).statusCode).toBe(200);
    const statement = (await s.billing()).statement!;
    expect(statement.receiveCents).toBe(792_000);
    expect(statement.lines).toContainEqual(
      expect.objectContaining({
        kind: 'auszahlung',
        date: s.today(),
        cents: 792_000,
        text: 'Rückerstattung überwiesen für „Sommelier“',
      }),
    );
  });

  it('When the bank executed the file, then its open transfers are paid, the payee is told and nothing is paid again', async () => {
    const paid = await s.call(admin.token, 'POST', `/api/admin/payout-batches/${firstBatch.id}/paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    // Only the agency's transfer was still open in the first batch.
    expect(paid.json().data).toEqual({ decided: 1 });
    const mine = (await s.payoutsPage(consultant)).items.find((i) => i.id === agencyItem.id)!;
    expect(mine).toMatchObject({ state: 'ausgezahlt', paidOn: s.today() });
    const [mail] = await ctx.database.query<{ subject: string }>(
      `SELECT subject FROM mail_outbox WHERE subject LIKE 'Auszahlung überwiesen%' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail!.subject).toBe(`Auszahlung überwiesen: ${formatCents(1_440_000)}`);
    const third = await build([agencyItem.id]);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(`Auszahlung Nr. ${agencyItem.id} wurde bereits ausgezahlt.`);
    // The database refuses a second live transfer and a changed decision on its own.
    await expect(
      ctx.database.query(
        `INSERT INTO payout_batch_items (batch_id, payout_item_id, end_to_end_id, account_holder, iban, amount_cents)
         VALUES ($1, $2, 'X-1', 'X', 'AT611904300234573201', 1)`,
        [firstBatch.id + 1, agencyItem.id],
      ),
    ).rejects.toThrow();
    await expect(
      ctx.database.query(
        `UPDATE payout_batch_items SET status = 'fehlgeschlagen', failure_reason = 'x'
                          WHERE payout_item_id = $1 AND status = 'ausgezahlt'`,
        [agencyItem.id],
      ),
    ).rejects.toThrow(/decided once/);
  });

  it('When no account is known, or the input is wrong, then a German 4xx and no batch', async () => {
    const before = (await s.call(admin.token, 'GET', '/api/admin/payout-batches')).json().data.length as number;
    expect((await build([])).statusCode).toBe(400);
    expect((await build([1, 1])).statusCode).toBe(400);
    expect((await build([2_000_000_000])).statusCode).toBe(404);
    const past = await build([refundItem.id], addCalendarDays(s.today(), -1));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toContain('Ausführungsdatum');
    expect((await s.call(admin.token, 'GET', '/api/admin/payout-batches')).json().data).toHaveLength(before);
  });
});
