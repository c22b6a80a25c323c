import {
  BILLING_MSG,
  INVOICE_KIND_LABELS,
  SERVICE_FEE_PERCENT,
  VAT_RATE_PERCENT,
  type InvoiceIssuer,
  type InvoiceKind,
  formatCents,
  formatDay,
} from '@pb/core';
import { drawPaymentCode, paymentCode } from '../../services/payment-code';
import {
  a4Page,
  amountLines,
  issuerFooter,
  issuerLine,
  newPdfDocument,
  pdfBytes,
  pdfMoney as money,
  pdfSafe,
} from '../../services/pdf-parts';

/**
 * The invoice PDF (§ 11 (1) UStG): issuer with address, UID and Firmenbuch; customer with
 * address and UID; number; issue date; date and kind of the service; net per line, USt rate
 * and amount (or the reverse-charge note), gross; due date and bank details. A correction
 * invoice names the invoice it corrects. An invoice to pay carries the EPC payment code with its
 * RF reference (issue 34). Rendered once at issuing and stored as issued.
 */

export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  /** The corrected invoice (korrektur only). */
  corrects: { number: string; issuedOn: string } | null;
  issuer: InvoiceIssuer;
  customer: { name: string; address: string; uid: string };
  issuedOn: string;
  dueOn: string;
  placementDate: string;
  description: string;
  lines: Array<{ label: string; cents: number }>;
  netCents: number;
  vatCents: number;
  grossCents: number;
  reverseCharge: boolean;
  /** The reason printed on a correction invoice. */
  note: string | null;
  /** A re-issue after payment: what was already paid on the invoice it replaces (cents). */
  paidCents?: number;
  /** A correction: what happens to its amount (transferred, deducted, set off), as printed. */
  paymentNote?: string;
}

/** What a re-issued invoice says about the payment already made on the invoice it replaces. */
export function paidNote(grossCents: number, paidCents: number, dueOn: string): string {
  const open = grossCents - paidCents;
  if (open > 0)
    return `Sie haben bereits ${formatCents(paidCents)} bezahlt; bitte überweisen Sie den Rest von ${formatCents(open)} bis ${formatDay(dueOn)}.`;
  if (open === 0) return `Der Betrag ist durch Ihre Zahlung von ${formatCents(paidCents)} bereits beglichen.`;
  return `Sie haben bereits ${formatCents(paidCents)} bezahlt; die ${formatCents(-open)} zu viel erstatten wir bis ${formatDay(dueOn)} auf Ihr Konto.`;
}

const { textWidth: WIDTH, ...PAGE } = a4Page(56);

export async function renderInvoicePdf(
  invoice: InvoiceDocument,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const title = `${INVOICE_KIND_LABELS[invoice.kind]} Nr. ${invoice.number}`;
  const issuedAt = new Date(`${invoice.issuedOn}T12:00:00Z`);
  const doc = await newPdfDocument({
    ...PAGE,
    compress: options.compress ?? true,
    info: { Title: title, Author: invoice.issuer.name, CreationDate: issuedAt, ModDate: issuedAt },
  });
  const finished = pdfBytes(doc);
  const paidCents = invoice.paidCents ?? 0;
  const openCents = invoice.grossCents - paidCents;
  const code =
    invoice.kind !== 'korrektur' && openCents > 0 ? await paymentCode(invoice.issuer, openCents, invoice.number) : null;
  const penalty = invoice.kind === 'vertragsstrafe';
  const left = PAGE.margin;
  const { issuer, customer } = invoice;

  const frame = { left, width: WIDTH, margin: PAGE.margin };
  issuerLine(doc, issuer, frame);
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(10.5).fillColor('#111111');
  doc.text(pdfSafe(customer.name));
  for (const line of customer.address.split('\n')) doc.text(pdfSafe(line));
  if (customer.uid) doc.text(pdfSafe(`UID: ${customer.uid}`));

  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(16).text(pdfSafe(title));
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(10);
  const facts: Array<[string, string]> = [
    ['Rechnungsnummer', invoice.number],
    ['Rechnungsdatum', formatDay(invoice.issuedOn)],
    [penalty ? 'Meldung vom' : 'Leistungsdatum', formatDay(invoice.placementDate)],
    ['Fällig am', formatDay(invoice.dueOn)],
  ];
  if (code) facts.push(['Zahlungsreferenz', code.reference]);
  if (invoice.corrects) {
    facts.splice(1, 0, [
      'Korrigiert Rechnung',
      `Nr. ${invoice.corrects.number} vom ${formatDay(invoice.corrects.issuedOn)}`,
    ]);
  }
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, left, y, { width: 140 });
    doc.font('Helvetica').text(pdfSafe(value), left + 140, y, { width: WIDTH - 140 });
  }

  doc.moveDown(1.2);
  doc.font('Helvetica').text(pdfSafe(invoice.description), left, doc.y, { width: WIDTH });
  if (invoice.note) {
    doc.moveDown(0.4);
    doc.text(pdfSafe(invoice.note), left, doc.y, { width: WIDTH });
  }
  doc.moveDown(1);

  const { row, rule } = amountLines(doc, { left, width: WIDTH, amountWidth: 140 });
  rule();
  for (const line of invoice.lines) row(line.label, money(line.cents));
  rule();
  row('Summe netto', money(invoice.netCents));
  row(
    penalty
      ? 'Keine USt (nicht steuerbarer Schadenersatz)'
      : invoice.reverseCharge
        ? 'USt (Reverse Charge)'
        : `zuzüglich ${VAT_RATE_PERCENT} % USt`,
    money(invoice.vatCents),
  );
  rule();
  row(
    invoice.kind === 'korrektur' ? 'Korrekturbetrag brutto' : 'Rechnungsbetrag brutto',
    money(invoice.grossCents),
    true,
  );
  if (paidCents > 0) {
    row('Bereits bezahlt', money(-paidCents));
    row(openCents >= 0 ? 'Offen' : 'Guthaben (wird erstattet)', money(Math.abs(openCents)), true);
  }
  if (invoice.reverseCharge) {
    doc.moveDown(0.6);
    doc.font('Helvetica').text(BILLING_MSG.reverseChargeNote, left, doc.y, { width: WIDTH });
  }

  doc.moveDown(1.2);
  doc.font('Helvetica').fontSize(10);
  const payment =
    invoice.kind === 'korrektur'
      ? (invoice.paymentNote ??
        `Den Betrag von ${money(-invoice.grossCents)} überweisen wir bis ${formatDay(invoice.dueOn)} auf Ihr Konto.`)
      : paidCents > 0
        ? paidNote(invoice.grossCents, paidCents, invoice.dueOn)
        : `Bitte überweisen Sie ${money(invoice.grossCents)} bis ${formatDay(invoice.dueOn)} (14 Werktage) unter Angabe der Zahlungsreferenz${code ? '' : ` ${invoice.number}`}.`;
  doc.text(pdfSafe(payment), left, doc.y, { width: WIDTH });
  // 'Zahlen mit Code': the banking app fills in recipient, IBAN, amount and reference.
  if (code) drawPaymentCode(doc, code, issuer, openCents, { left, width: WIDTH });

  issuerFooter(
    doc,
    issuer,
    frame,
    penalty
      ? BILLING_MSG.penaltyNote
      : `Servicegebühr: ${SERVICE_FEE_PERCENT} % der Vermittlungsprämie. Garantie: 60 Tage ab Beginn des Dienstverhältnisses.`,
  );
  doc.end();
  return finished;
}
