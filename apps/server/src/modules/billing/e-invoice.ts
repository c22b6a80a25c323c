import { XMLBuilder } from 'fast-xml-parser';
import {
  BILLING_MSG,
  creditorReferenceOf,
  formatDay,
  VAT_RATE_PERCENT,
  type CountryCode,
  type InvoiceIssuer,
  type InvoiceKind,
} from '@pb/core';
import { amount, customerParty, supplierParty, text, type XmlElement, type XmlNode } from './e-invoice-parts';

/**
 * Every invoice also as an EN 16931 e-invoice in the UBL 2.1 syntax (issue 34; an Austrian public
 * customer needs it, EU cross-border sales from 2030): a fee invoice or a penalty is an `Invoice`
 * (type 380), a Storno-/Korrekturrechnung — which always takes money back — a `CreditNote` (381)
 * with positive amounts, as EN 16931 wants credit notes (a correction that charged more would be an
 * `Invoice` of type 384, 'corrected invoice'; this product issues a new invoice for that instead).
 * Built from the invoice as issued (the stored row and its issuer), with a real XML builder; every
 * amount is written from integer cents. The document's content and its limits: docs/billing.md.
 */

/** One line as the invoice shows it: cents signed as stored (a correction's are negative). */
export interface EInvoiceLine {
  name: string;
  cents: number;
}

/** What the e-invoice says: the stored invoice, its lines, and what was paid before it was issued. */
export interface EInvoiceDocument {
  kind: InvoiceKind;
  number: string;
  issuedOn: string;
  dueOn: string;
  /** The date of the service (Leistungsdatum), or null when the invoice has none (the penalty). */
  deliveredOn: string | null;
  /** The placement report the invoice is about: the buyer's reference. */
  placementReportId: number;
  /** The invoice a correction refers to. */
  corrects: { number: string; issuedOn: string } | null;
  issuer: InvoiceIssuer;
  customer: { name: string; address: string; uid: string; country: CountryCode };
  description: string;
  lines: EInvoiceLine[];
  netCents: number;
  vatCents: number;
  grossCents: number;
  reverseCharge: boolean;
  /** A re-issue after payment: what was already paid on the invoice it replaces (cents). */
  prepaidCents: number;
  /** A correction: what happens to its amount, when known (a cancellation is set off), else null. */
  settlementNote: string | null;
}

const NAMESPACES = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** EN 16931 itself (the core, no CIUS such as PEPPOL BIS or XRechnung). */
export const EN16931_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';

/** UNTDID 4461: SEPA credit transfer. */
const SEPA_CREDIT_TRANSFER = '58';

/** UNTDID 5305 VAT category with its rate and, where no USt is charged, the VATEX reason. */
export interface TaxCategory {
  id: 'S' | 'AE' | 'O';
  /** Percent; null for 'O' (not subject to VAT has no rate, BR-O-05). */
  percent: number | null;
  exemption: { code: string; reason: string } | null;
}

/**
 * The invoice's one VAT category: 'O' (not subject to VAT) for a contractual penalty — damages,
 * no supply (decision 0035); 'AE' (reverse charge, 0 %) for a customer in another EU state;
 * otherwise 'S' at the Austrian standard rate.
 */
export function taxCategoryOf(doc: Pick<EInvoiceDocument, 'kind' | 'reverseCharge'>): TaxCategory {
  if (doc.kind === 'vertragsstrafe') {
    return { id: 'O', percent: null, exemption: { code: 'VATEX-EU-O', reason: BILLING_MSG.penaltyNote } };
  }
  if (doc.reverseCharge) {
    return { id: 'AE', percent: 0, exemption: { code: 'VATEX-EU-AE', reason: BILLING_MSG.reverseChargeNote } };
  }
  return { id: 'S', percent: VAT_RATE_PERCENT, exemption: null };
}

/** The UBL document type: a correction that takes money back is a credit note, everything else an invoice. */
export function documentTypeOf(doc: Pick<EInvoiceDocument, 'kind' | 'grossCents'>) {
  if (doc.kind === 'korrektur' && doc.grossCents < 0) return { root: 'CreditNote', typeCode: '381', sign: -1 } as const;
  return { root: 'Invoice', typeCode: doc.kind === 'korrektur' ? '384' : '380', sign: 1 } as const;
}

const vatScheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };

function categoryElement(category: TaxCategory, withReason: boolean): XmlElement {
  return {
    'cbc:ID': category.id,
    ...(category.percent === null ? {} : { 'cbc:Percent': String(category.percent) }),
    ...(withReason && category.exemption
      ? {
          'cbc:TaxExemptionReasonCode': category.exemption.code,
          'cbc:TaxExemptionReason': text(category.exemption.reason),
        }
      : {}),
    ...vatScheme,
  };
}

/** The payment: SEPA credit transfer to the issuer's account with the RF reference (only while something is to pay). */
function paymentMeans(doc: EInvoiceDocument, payableCents: number, creditNote: boolean): XmlElement | null {
  if (creditNote || payableCents <= 0) return null;
  return {
    'cbc:PaymentMeansCode': { '@_name': 'SEPA credit transfer', '#text': SEPA_CREDIT_TRANSFER },
    'cbc:PaymentID': creditorReferenceOf(doc.number),
    'cac:PayeeFinancialAccount': {
      'cbc:ID': doc.issuer.iban.replace(/\s/g, '').toUpperCase(),
      'cbc:Name': text(doc.issuer.name),
      'cac:FinancialInstitutionBranch': { 'cbc:ID': doc.issuer.bic },
    },
  };
}

/** The payment terms in words, as the PDF says them. */
function paymentTerms(doc: EInvoiceDocument, payableCents: number, creditNote: boolean): string {
  const due = formatDay(doc.dueOn);
  if (creditNote) {
    if (doc.settlementNote) return doc.settlementNote;
    const corrects = doc.corrects ? ` Nr. ${doc.corrects.number}` : '';
    return `Der Betrag wird bis ${due} erstattet oder von der offenen Rechnung${corrects} abgezogen.`;
  }
  if (doc.prepaidCents > 0 && payableCents <= 0) {
    return payableCents === 0
      ? 'Der Betrag ist durch Ihre Zahlung bereits beglichen.'
      : `Das Guthaben erstatten wir bis ${due} auf Ihr Konto.`;
  }
  return `Zahlbar bis ${due} ohne Abzug per Überweisung unter Angabe der Zahlungsreferenz ${creditorReferenceOf(doc.number)}.`;
}

function line(doc: EInvoiceDocument, index: number, creditNote: boolean, category: TaxCategory): XmlElement {
  const item = doc.lines[index]!;
  const cents = creditNote ? -item.cents : item.cents;
  return {
    'cbc:ID': String(index + 1),
    [creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity']: { '@_unitCode': 'C62', '#text': '1' },
    'cbc:LineExtensionAmount': amount(cents),
    'cac:Item': {
      'cbc:Name': text(item.name),
      'cac:ClassifiedTaxCategory': categoryElement(category, false),
    },
    'cac:Price': { 'cbc:PriceAmount': amount(cents) },
  };
}

/** The UBL element tree of the e-invoice (exported for tests that alter it). */
export function eInvoiceTree(doc: EInvoiceDocument): XmlElement {
  const type = documentTypeOf(doc);
  const creditNote = type.root === 'CreditNote';
  const s = type.sign;
  const category = taxCategoryOf(doc);
  const linesCents = doc.lines.reduce((sum, l) => sum + l.cents, 0);
  if (linesCents !== doc.netCents) {
    throw new Error(`e-invoice ${doc.number}: lines ${linesCents} do not add up to the net ${doc.netCents}`);
  }
  const payableCents = s * doc.grossCents - doc.prepaidCents;
  const means = paymentMeans(doc, payableCents, creditNote);
  // Not subject to VAT: neither party's VAT identifier may be stated (EN 16931 BR-O-02).
  const withVatIds = category.id !== 'O';
  const body: XmlElement = {
    '@_xmlns': NAMESPACES[type.root],
    '@_xmlns:cac': NAMESPACES.cac,
    '@_xmlns:cbc': NAMESPACES.cbc,
    'cbc:CustomizationID': EN16931_CUSTOMIZATION_ID,
    'cbc:ID': doc.number,
    'cbc:IssueDate': doc.issuedOn,
    // UBL 2.1 has no due date on a credit note: there it is the payment means' (EN 16931's mapping).
    ...(creditNote
      ? { 'cbc:CreditNoteTypeCode': type.typeCode }
      : { 'cbc:DueDate': doc.dueOn, 'cbc:InvoiceTypeCode': type.typeCode }),
    'cbc:Note': text(doc.description),
    'cbc:DocumentCurrencyCode': 'EUR',
    'cbc:BuyerReference': String(doc.placementReportId),
    ...(doc.corrects
      ? {
          'cac:BillingReference': {
            'cac:InvoiceDocumentReference': { 'cbc:ID': doc.corrects.number, 'cbc:IssueDate': doc.corrects.issuedOn },
          },
        }
      : {}),
    'cac:AccountingSupplierParty': { 'cac:Party': supplierParty(doc.issuer, withVatIds) },
    'cac:AccountingCustomerParty': { 'cac:Party': customerParty(doc.customer, withVatIds) },
    ...(doc.deliveredOn ? { 'cac:Delivery': { 'cbc:ActualDeliveryDate': doc.deliveredOn } } : {}),
    ...(means ? { 'cac:PaymentMeans': means } : {}),
    'cac:PaymentTerms': { 'cbc:Note': text(paymentTerms(doc, payableCents, creditNote)) },
    'cac:TaxTotal': {
      'cbc:TaxAmount': amount(s * doc.vatCents),
      'cac:TaxSubtotal': {
        'cbc:TaxableAmount': amount(s * doc.netCents),
        'cbc:TaxAmount': amount(s * doc.vatCents),
        'cac:TaxCategory': categoryElement(category, true),
      },
    },
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(s * doc.netCents),
      'cbc:TaxExclusiveAmount': amount(s * doc.netCents),
      'cbc:TaxInclusiveAmount': amount(s * doc.grossCents),
      ...(doc.prepaidCents > 0 ? { 'cbc:PrepaidAmount': amount(doc.prepaidCents) } : {}),
      'cbc:PayableAmount': amount(payableCents),
    },
    [creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']: doc.lines.map((_, i) =>
      line(doc, i, creditNote, category),
    ),
  };
  return { [type.root]: body };
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ' });

/** A UBL tree as a UTF-8 XML document (the builder escapes every text and attribute). */
export function buildXml(tree: XmlElement): string {
  const declaration: XmlNode = { '@_version': '1.0', '@_encoding': 'UTF-8' };
  return builder.build({ '?xml': declaration, ...tree }) as string;
}

/** The e-invoice of an issued invoice: a UBL 2.1 Invoice or CreditNote per EN 16931. */
export function renderEInvoice(doc: EInvoiceDocument): string {
  return buildXml(eInvoiceTree(doc));
}
