import { describe, expect, it } from 'vitest';
import { creditorReferenceOf, formatCreditorReference, isValidCreditorReference } from '@pb/core';
import { billingSuite, pdfText } from '../../../test/support/billing-suite';
import { qrCodesIn } from '../../../test/support/pdf-images';

/**
 * Issue 34: every invoice to pay carries the EPC payment code ('Zahlen mit Code', EPC069-12) with
 * its RF reference; read back from the stored PDF and decoded, every field is what the invoice says.
 */

const s = billingSuite();
const { ctx, company } = s;

async function pdfOf(url: string): Promise<Buffer> {
  const res = await ctx.request({ method: 'GET', url, token: company.token });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('the payment code on the invoice', () => {
  it('When an invoice is issued, then its QR code decodes to the EPC fields of the platform, the amount and the RF reference', async () => {
    const id = await s.companyReport('Zahlen mit Code');
    expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
    const invoice = await s.invoiceOf(id);
    const pdf = await pdfOf(invoice.url);
    const [code, ...others] = await qrCodesIn(pdf);
    expect(others).toEqual([]);
    const issuer = ctx.app.config.invoiceIssuer;
    const reference = creditorReferenceOf(invoice.number);
    expect(isValidCreditorReference(reference)).toBe(true);
    const fields = code!.split('\n');
    expect(fields.slice(0, 10)).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      issuer.bic,
      issuer.name,
      issuer.iban,
      `EUR${(invoice.grossCents / 100).toFixed(2)}`,
      '',
      reference,
    ]);
    // Nothing unstructured beside the structured reference, nothing after it (EPC069-12: either one).
    expect(fields.slice(10).every((f) => f === '')).toBe(true);
    const text = await pdfText(pdf);
    expect(text).toContain('Zahlen mit Code');
    expect(text).toContain(`Zahlungsreferenz: ${formatCreditorReference(reference)}`);
    expect(text).toContain(`Zahlungsreferenz ${formatCreditorReference(reference)}`);
    expect(text).toContain('(14 Werktage) unter Angabe der Zahlungsreferenz.');
  });

  it('When a correction invoice refunds money, then it carries no payment code (nobody pays it)', async () => {
    const id = await s.companyReport('Korrektur ohne Code');
    expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
    expect((await s.setStatus(id, 'garantiefall')).statusCode).toBe(200);
    const correction = await s.invoiceOf(id, 'korrektur');
    expect(await qrCodesIn(await pdfOf(correction.url))).toEqual([]);
    // The invoice it corrects still has its code: the reading above did find images where there are some.
    expect(await qrCodesIn(await pdfOf((await s.invoiceOf(id)).url))).toHaveLength(1);
  });
});
