import { describe, expect, it } from 'vitest';
import { creditorReferenceOf, formatCreditorReference } from '@pb/core';
import { billingSuite, pdfText } from '../../../test/support/billing-suite';
import { companyReportBody, reportId } from '../../../test/support/placement-fixtures';
import { qrCodesIn } from '../../../test/support/pdf-images';

/**
 * The statement of account as PDF (issue 34): what the billing page says, as of today, with the
 * payment code when one invoice is open; for the company's members only.
 */

const s = billingSuite();
const { ctx, otherCompany, consultant } = s;

const download = (token: string) => ctx.request({ method: 'GET', url: '/api/billing/statement.pdf', token });

describe('the statement of account as PDF', () => {
  it('When one invoice is open, then the PDF lists it, says what to pay by when and carries its payment code', async () => {
    const advertisement = await s.publish(otherCompany, 'Kontoauszug als PDF');
    const id = await reportId(ctx, otherCompany, companyReportBody(advertisement, { jobTitle: 'Kontoauszug als PDF' }));
    expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
    const invoice = (await s.billing(otherCompany)).invoices.find((i) => i.placementReportId === id)!;
    const res = await download(otherCompany.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Kontoauszug');
    expect(text).toContain(`Rechnung ${invoice.number}`);
    expect(text).toMatch(/Sie zahlen € 15\.840,00 bis \d\d\.\d\d\.\d{4}\./);
    expect(text).toContain(`Zahlungsreferenz ${formatCreditorReference(creditorReferenceOf(invoice.number))}`);
    const [code] = await qrCodesIn(res.rawPayload);
    expect(code!.split('\n').slice(7, 10)).toEqual(['EUR15840.00', '', creditorReferenceOf(invoice.number)]);
  });

  it('When a consultant asks for it, then it is refused', async () => {
    expect((await download(consultant.token)).statusCode).toBe(403);
  });
});
