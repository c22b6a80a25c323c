import { describe, expect, it } from 'vitest';
import { CIRCUMVENTION_PENALTY_CENTS, creditorReferenceOf, type CircumventionCase, type Invoice } from '@pb/core';
import { caseCalls } from '../../../test/support/circumvention-cases';
import { companyReportBody, GERMAN_ADDRESS, reportId } from '../../../test/support/placement-fixtures';
import { payoutSuite } from '../../../test/support/payouts';
import { TEST_INVOICE_ISSUER } from '../../../test/support/ports';
import { at, centsAt, parseUbl, textAt, validateUbl, type UblElement, type UblRoot } from '../../../test/support/ubl';

/**
 * Issue 34, export: every invoice also as EN 16931 e-invoice in UBL 2.1 (GET /api/invoices/:id/xml),
 * valid against the OASIS schemas and read back field by field against the invoice: a fee invoice
 * (USt 'S'), one with reverse charge ('AE'), a guarantee refund and a cancellation as credit notes,
 * the re-issue after payment naming what was paid, the penalty outside the scope of USt ('O'); the
 * same readers as the PDF.
 */

const s = payoutSuite();
const { ctx, company, otherCompany, consultant, admin } = s;
const { call, suspectedReport, openCase } = caseCalls(s);

/** Downloads the invoice's e-invoice, checks the answer and the schema, and reads it back. */
async function eInvoice(invoice: Invoice, root: UblRoot): Promise<{ xml: string; doc: UblElement }> {
  const res = await ctx.request({ method: 'GET', url: invoice.xmlUrl, token: company.token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const name = `${invoice.kind === 'korrektur' ? 'Korrekturrechnung' : 'Rechnung'}-${invoice.number}.xml`;
  expect(res.headers['content-disposition']).toContain(`attachment; filename="${name}"`);
  const validation = await validateUbl(res.body, root);
  expect(validation.errors).toEqual([]);
  expect(validation.valid).toBe(true);
  const parsed = parseUbl(res.body);
  expect(parsed.root).toBe(root);
  return { xml: res.body, doc: parsed.doc };
}

/** What every e-invoice says about the invoice: number, dates, reference, the issuer, the totals. */
function expectHeader(doc: UblElement, invoice: Invoice, sign: 1 | -1 = 1) {
  expect(textAt(doc, 'CustomizationID')).toBe('urn:cen.eu:en16931:2017');
  expect(textAt(doc, 'ID')).toBe(invoice.number);
  expect(textAt(doc, 'IssueDate')).toBe(invoice.issuedOn);
  expect(textAt(doc, 'DocumentCurrencyCode')).toBe('EUR');
  expect(textAt(doc, 'BuyerReference')).toBe(String(invoice.placementReportId));
  const seller = at(doc, 'AccountingSupplierParty', 'Party');
  expect(textAt(seller, 'PartyLegalEntity', 'RegistrationName')).toBe(TEST_INVOICE_ISSUER.name);
  expect(textAt(seller, 'PartyLegalEntity', 'CompanyID')).toBe('FN 123456a');
  expect(textAt(seller, 'PostalAddress', 'StreetName')).toBe('Mariahilfer Straße 1');
  expect(textAt(seller, 'PostalAddress', 'PostalZone')).toBe('1060');
  expect(textAt(seller, 'PostalAddress', 'CityName')).toBe('Wien');
  expect(textAt(seller, 'PostalAddress', 'Country', 'IdentificationCode')).toBe('AT');
  expect(textAt(seller, 'EndpointID')).toBe(TEST_INVOICE_ISSUER.email);
  expect(textAt(at(doc, 'AccountingCustomerParty', 'Party'), 'PartyLegalEntity', 'RegistrationName')).toBe(
    invoice.customerName,
  );
  const totals = at(doc, 'LegalMonetaryTotal');
  expect(centsAt(totals, 'LineExtensionAmount')).toBe(sign * invoice.netCents);
  expect(centsAt(totals, 'TaxExclusiveAmount')).toBe(sign * invoice.netCents);
  expect(centsAt(totals, 'TaxInclusiveAmount')).toBe(sign * invoice.grossCents);
  expect(centsAt(doc, 'TaxTotal', 'TaxAmount')).toBe(sign * invoice.vatCents);
  expect(centsAt(doc, 'TaxTotal', 'TaxSubtotal', 0, 'TaxableAmount')).toBe(sign * invoice.netCents);
}

/** The lines: [name, cents], and each line's quantity 1 and price. */
function linesOf(doc: UblElement, root: UblRoot): Array<[string | undefined, number]> {
  const lines = at(doc, `${root}Line`);
  if (!Array.isArray(lines)) throw new Error('no lines');
  return lines.map((line, i) => {
    expect(textAt(line, 'ID')).toBe(String(i + 1));
    const quantity = root === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
    expect([textAt(line, quantity), textAt(line, quantity, '@_unitCode')]).toEqual(['1', 'C62']);
    expect(centsAt(line, 'Price', 'PriceAmount')).toBe(centsAt(line, 'LineExtensionAmount'));
    return [textAt(line, 'Item', 'Name'), centsAt(line, 'LineExtensionAmount')];
  });
}

const vatIdsOf = (doc: UblElement) => [
  textAt(doc, 'AccountingSupplierParty', 'Party', 'PartyTaxScheme', 0, 'CompanyID'),
  textAt(doc, 'AccountingCustomerParty', 'Party', 'PartyTaxScheme', 0, 'CompanyID'),
];

describe('e-invoices (EN 16931, UBL 2.1)', () => {
  it('When a fee invoice is issued, then its e-invoice is a valid UBL Invoice with the invoice’s number, dates, parties, 20 % USt, lines and SEPA payment with the RF reference; an altered one fails the schema', async () => {
    const id = await s.companyReport('Souschef');
    expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
    const invoice = await s.invoiceOf(id);
    expect(invoice.xmlUrl).toBe(`/api/invoices/${invoice.id}/xml`);
    const { xml, doc } = await eInvoice(invoice, 'Invoice');

    expectHeader(doc, invoice);
    expect(textAt(doc, 'InvoiceTypeCode')).toBe('380');
    expect(textAt(doc, 'DueDate')).toBe(invoice.dueOn);
    expect(vatIdsOf(doc)).toEqual([TEST_INVOICE_ISSUER.uid, 'ATU12345678']);
    const buyer = at(doc, 'AccountingCustomerParty', 'Party');
    expect(textAt(buyer, 'PostalAddress', 'StreetName')).toBe('Maria-Theresien-Straße 12');
    expect(textAt(buyer, 'PostalAddress', 'PostalZone')).toBe('6020');
    expect(textAt(buyer, 'PostalAddress', 'CityName')).toBe('Innsbruck');
    expect(textAt(buyer, 'PostalAddress', 'Country', 'IdentificationCode')).toBe('AT');
    expect(textAt(doc, 'PaymentMeans', 'PaymentMeansCode')).toBe('58');
    expect(textAt(doc, 'PaymentMeans', 'PaymentID')).toBe(creditorReferenceOf(invoice.number));
    expect(textAt(doc, 'PaymentMeans', 'PayeeFinancialAccount', 'ID')).toBe(TEST_INVOICE_ISSUER.iban);
    expect(textAt(doc, 'PaymentMeans', 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID')).toBe(
      TEST_INVOICE_ISSUER.bic,
    );
    const category = at(doc, 'TaxTotal', 'TaxSubtotal', 0, 'TaxCategory');
    expect([textAt(category, 'ID'), textAt(category, 'Percent')]).toEqual(['S', '20']);
    expect(centsAt(doc, 'LegalMonetaryTotal', 'PayableAmount')).toBe(1_584_000);
    expect(at(doc, 'LegalMonetaryTotal', 'PrepaidAmount')).toBeUndefined();
    expect(linesOf(doc, 'Invoice')).toEqual([
      ['Vermittlungsprämie', 1_200_000],
      ['Servicegebühr 10 % der Vermittlungsprämie', 120_000],
    ]);
    expect(textAt(doc, 'InvoiceLine', 0, 'Item', 'ClassifiedTaxCategory', 'ID')).toBe('S');
    expect(textAt(doc, 'Delivery', 'ActualDeliveryDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The test can fail: a missing number, an amount in German notation, elements out of order.
    for (const altered of [
      xml.replace(/<cbc:ID>[^<]*<\/cbc:ID>\s*<cbc:IssueDate>/, '<cbc:IssueDate>'),
      xml.replace('>15840.00<', '>15.840,00<'),
      xml.replace(/(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)(\s*)(<cbc:DueDate>[^<]*<\/cbc:DueDate>)/, '$3$2$1'),
    ]) {
      expect(altered).not.toBe(xml);
      expect((await validateUbl(altered, 'Invoice')).valid).toBe(false);
    }
    // An Invoice is not a credit note.
    expect((await validateUbl(xml, 'CreditNote')).valid).toBe(false);
  });

  it('When the customer is in Germany with a German UID, then the e-invoice is reverse charge: category AE at 0 % with the exemption reason, no USt, the buyer in DE', async () => {
    const advertisement = await s.publish(company, 'Kellner');
    const id = await reportId(
      ctx,
      company,
      companyReportBody(advertisement, { jobTitle: 'Kellner', ...GERMAN_ADDRESS, uid: 'DE123456789' }),
    );
    expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
    const invoice = await s.invoiceOf(id);
    expect(invoice).toMatchObject({ reverseCharge: true, vatCents: 0 });
    const { doc } = await eInvoice(invoice, 'Invoice');
    expectHeader(doc, invoice);
    expect(vatIdsOf(doc)).toEqual([TEST_INVOICE_ISSUER.uid, 'DE123456789']);
    const buyer = at(doc, 'AccountingCustomerParty', 'Party', 'PostalAddress');
    expect([textAt(buyer, 'StreetName'), textAt(buyer, 'PostalZone'), textAt(buyer, 'CityName')]).toEqual([
      'Leopoldstraße 5',
      '80802',
      'München',
    ]);
    // 'Deutschland' closes the printed block; here it is the country code.
    expect(textAt(buyer, 'Country', 'IdentificationCode')).toBe('DE');
    expect(at(buyer, 'AddressLine')).toBeUndefined();
    const category = at(doc, 'TaxTotal', 'TaxSubtotal', 0, 'TaxCategory');
    expect(textAt(category, 'ID')).toBe('AE');
    expect(textAt(category, 'Percent')).toBe('0');
    expect(textAt(category, 'TaxExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(textAt(category, 'TaxExemptionReason')).toContain('Reverse Charge');
    expect(centsAt(doc, 'LegalMonetaryTotal', 'PayableAmount')).toBe(1_320_000);
  });

  it('When a guarantee claim is accepted, then the correction is a valid UBL CreditNote (381) with positive amounts referring to the invoice, and its two refund lines', async () => {
    const id = await s.companyReportDaysAgo(30, 'Barista');
    expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
    const original = await s.invoiceOf(id);
    await s.acceptedClaim(id);
    const correction = await s.invoiceOf(id, 'korrektur');
    expect(correction).toMatchObject({ grossCents: -792_000, correctsNumber: original.number });
    const { doc } = await eInvoice(correction, 'CreditNote');
    expectHeader(doc, correction, -1);
    expect(textAt(doc, 'CreditNoteTypeCode')).toBe('381');
    expect(textAt(doc, 'BillingReference', 'InvoiceDocumentReference', 'ID')).toBe(original.number);
    expect(textAt(doc, 'BillingReference', 'InvoiceDocumentReference', 'IssueDate')).toBe(original.issuedOn);
    expect(centsAt(doc, 'LegalMonetaryTotal', 'PayableAmount')).toBe(792_000);
    expect(linesOf(doc, 'CreditNote')).toEqual([
      ['Rückerstattung 50 % der Vermittlungsprämie', 600_000],
      ['Rückerstattung 50 % der Servicegebühr', 60_000],
    ]);
    // Nothing for the customer to transfer: no payment instruction, only the terms.
    expect(at(doc, 'PaymentMeans')).toBeUndefined();
    expect(textAt(doc, 'PaymentTerms', 'Note')).toContain(original.number);
  });

  it('When a paid amount is corrected down, then the cancellation is a credit note over the whole invoice, the re-issue names the payment as prepaid with the credit as payable, and the first invoice’s e-invoice still says what it said', async () => {
    const { id, invoice: first } = await s.paidPlacement('Commis', 10);
    const before = (await eInvoice(first, 'Invoice')).xml;
    const res = await s.correct(id, { placementBonus: 20, actualSalary: 50000, reason: 'Gehalt laut Dienstvertrag' });
    expect(res.statusCode, res.body).toBe(200);
    const invoices = (await s.billing()).invoices.filter((i) => i.placementReportId === id);
    const storno = invoices.find((i) => i.kind === 'korrektur')!;
    const reissued = invoices.find((i) => i.kind === 'rechnung' && i.id !== first.id)!;

    const cancellation = (await eInvoice(storno, 'CreditNote')).doc;
    expectHeader(cancellation, storno, -1);
    expect(linesOf(cancellation, 'CreditNote')).toEqual([[`Storno der Rechnung Nr. ${first.number}`, 1_320_000]]);

    const { doc } = await eInvoice(reissued, 'Invoice');
    expectHeader(doc, reissued);
    expect(linesOf(doc, 'Invoice')).toEqual([
      ['Vermittlungsprämie', 1_000_000],
      ['Servicegebühr 10 % der Vermittlungsprämie', 100_000],
    ]);
    // 15,840 € paid on the first invoice; the new one is 13,200 €: 2,640 € go back.
    expect(centsAt(doc, 'LegalMonetaryTotal', 'PrepaidAmount')).toBe(1_584_000);
    expect(centsAt(doc, 'LegalMonetaryTotal', 'PayableAmount')).toBe(-264_000);
    expect(at(doc, 'PaymentMeans')).toBeUndefined();

    // The report now carries the corrected amount; the first invoice's lines still add up to its own net.
    expect((await eInvoice(first, 'Invoice')).xml).toBe(before);
  });

  it('When a circumvention case ends in a penalty, then its e-invoice is outside the scope of USt: category O without rate, the exemption reason, no VAT identifiers, 35,000 € payable with the RF reference', async () => {
    const { reportId: id, introductionId } = await suspectedReport('Hotelmanager');
    const opened = await openCase(id, introductionId);
    expect(
      (await call(company, 'PUT', `/api/circumvention-cases/${opened.id}/answer`, { answer: 'Bereits bekannt.' }))
        .statusCode,
    ).toBe(200);
    const decided = await call(admin, 'POST', `/api/admin/circumvention-cases/${opened.id}/decision`, {
      decision: 'umgehung_festgestellt',
      reasons: 'Die Person wurde kurz nach der Vorstellung eingestellt.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const { number } = (decided.json().data as CircumventionCase).penaltyInvoice!;
    const penalty = (await s.billing()).invoices.find((i) => i.number === number)!;
    const { doc } = await eInvoice(penalty, 'Invoice');
    expectHeader(doc, penalty);
    expect(textAt(doc, 'InvoiceTypeCode')).toBe('380');
    const category = at(doc, 'TaxTotal', 'TaxSubtotal', 0, 'TaxCategory');
    expect(textAt(category, 'ID')).toBe('O');
    expect(at(category, 'Percent')).toBeUndefined();
    expect(textAt(category, 'TaxExemptionReasonCode')).toBe('VATEX-EU-O');
    expect(textAt(category, 'TaxExemptionReason')).toContain('nicht umsatzsteuerbar');
    expect(at(doc, 'InvoiceLine', 0, 'Item', 'ClassifiedTaxCategory', 'Percent')).toBeUndefined();
    // EN 16931 BR-O-02: not subject to VAT states neither party's VAT identifier.
    expect(vatIdsOf(doc)).toEqual([undefined, undefined]);
    expect(linesOf(doc, 'Invoice')).toEqual([
      ['Vertragsstrafe gemäß Punkt 10 der AGB (ein Fall der Umgehung)', CIRCUMVENTION_PENALTY_CENTS],
    ]);
    expect(centsAt(doc, 'LegalMonetaryTotal', 'PayableAmount')).toBe(CIRCUMVENTION_PENALTY_CENTS);
    expect(textAt(doc, 'PaymentMeans', 'PaymentID')).toBe(creditorReferenceOf(number));
    expect(at(doc, 'Delivery')).toBeUndefined();
  });

  it('When others ask for an invoice’s e-invoice, then each gets what the PDF gives them: the office reads it, a consultant 403, another company and an unknown invoice 404', async () => {
    const id = await s.companyReport('Rezeptionist');
    expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
    const invoice = await s.invoiceOf(id);
    const status = async (url: string, token?: string) => (await ctx.request({ method: 'GET', url, token })).statusCode;
    for (const [token, expected] of [
      [admin.token, 200],
      [consultant.token, 403],
      [otherCompany.token, 404],
      [undefined, 401],
    ] as const) {
      expect([await status(invoice.xmlUrl, token), await status(invoice.url, token)]).toEqual([expected, expected]);
    }
    const unknown = await ctx.request({ method: 'GET', url: '/api/invoices/2000000000/xml', token: admin.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/Rechnung/);
  });
});
