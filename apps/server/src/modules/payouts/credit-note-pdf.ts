import {
  CREDIT_NOTE_VAT_NOTES,
  formatDate,
  formatDay,
  formatIban,
  VAT_RATE_PERCENT,
  type CreditNoteVatTreatment,
  type InvoiceIssuer,
} from '@pb/core';
import {
  a4Page,
  amountLines,
  issuerFooter,
  newPdfDocument,
  pdfBytes,
  pdfMoney as money,
  pdfSafe,
} from '../../services/pdf-parts';

/**
 * The self-billing credit note (Gutschrift, § 11 (7) UStG): the platform, recipient of the
 * agency's service, issues the agency's invoice. It carries what § 11 (1) asks of an invoice with
 * the roles turned round: the supplier (the agency) with address and UID, the recipient (the
 * platform) with its UID, the own number, the day, the service and its date, net, USt rate and
 * amount (or the small-business exemption, or reverse charge), gross — and says it is a Gutschrift
 * and on which agreement. Rendered once when issued and stored as issued.
 */

export interface CreditNoteDocument {
  number: string;
  issuer: InvoiceIssuer;
  supplier: { name: string; address: string; uid: string | null };
  vatTreatment: CreditNoteVatTreatment;
  issuedOn: string;
  placementDate: string;
  description: string;
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** When the agency agreed to self-billing (the agreement's record). */
  selfBillingAgreedAt: string;
  /** Where the amount is paid to and by when. */
  payTo: { iban: string; dueOn: string } | null;
}

const { textWidth: WIDTH, ...PAGE } = a4Page(56);

export async function renderCreditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  const title = `Gutschrift Nr. ${note.number}`;
  const issuedAt = new Date(`${note.issuedOn}T12:00:00Z`);
  const doc = await newPdfDocument({
    ...PAGE,
    info: { Title: title, Author: note.issuer.name, CreationDate: issuedAt, ModDate: issuedAt },
  });
  const finished = pdfBytes(doc);
  const left = PAGE.margin;
  const frame = { left, width: WIDTH, margin: PAGE.margin };
  const { issuer, supplier } = note;

  // The document is addressed to the supplier, who is paid; the issuer is the recipient of the service.
  doc.font('Helvetica').fontSize(8.5).fillColor('#555555');
  doc.text(pdfSafe(`${issuer.name} · ${issuer.address} · UID ${issuer.uid}`), left, PAGE.margin, { width: WIDTH });
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(10.5).fillColor('#111111');
  doc.text(pdfSafe(supplier.name));
  for (const line of supplier.address.split('\n')) doc.text(pdfSafe(line));
  if (supplier.uid) doc.text(pdfSafe(`UID: ${supplier.uid}`));

  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(16).text(pdfSafe(title));
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(10).text('Abrechnung durch den Leistungsempfänger (§ 11 Abs. 7 UStG)');
  doc.moveDown(0.6);
  const facts: Array<[string, string]> = [
    ['Gutschriftnummer', note.number],
    ['Ausstellungsdatum', formatDay(note.issuedOn)],
    ['Leistungsdatum', formatDay(note.placementDate)],
    ['Leistende', pdfSafe(`${supplier.name}${supplier.uid ? `, UID ${supplier.uid}` : ''}`)],
    ['Leistungsempfängerin', pdfSafe(`${issuer.name}, UID ${issuer.uid}`)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, left, y, { width: 140 });
    doc.font('Helvetica').text(pdfSafe(value), left + 140, y, { width: WIDTH - 140 });
  }

  doc.moveDown(1.2);
  doc.font('Helvetica').text(pdfSafe(note.description), left, doc.y, { width: WIDTH });
  doc.moveDown(1);

  const { row, rule } = amountLines(doc, { left, width: WIDTH, amountWidth: 140 });
  rule();
  row('Vermittlungsprämie', money(note.netCents));
  rule();
  row('Summe netto', money(note.netCents));
  const vatLabel =
    note.vatTreatment === 'ust'
      ? `zuzüglich ${VAT_RATE_PERCENT} % USt`
      : note.vatTreatment === 'reverse_charge'
        ? 'USt (Reverse Charge)'
        : 'USt (Kleinunternehmer)';
  row(vatLabel, money(note.vatCents));
  rule();
  row('Gutschriftbetrag brutto', money(note.grossCents), true);
  const vatNote = CREDIT_NOTE_VAT_NOTES[note.vatTreatment];
  if (vatNote) {
    doc.moveDown(0.6);
    doc.font('Helvetica').text(vatNote, left, doc.y, { width: WIDTH });
  }

  doc.moveDown(1.2);
  doc.font('Helvetica').fontSize(10);
  if (note.payTo) {
    doc.text(
      pdfSafe(
        `Den Betrag von ${money(note.grossCents)} überweisen wir bis ${formatDay(note.payTo.dueOn)} auf Ihr Konto ${formatIban(note.payTo.iban)}.`,
      ),
      left,
      doc.y,
      { width: WIDTH },
    );
    doc.moveDown(0.4);
  }
  doc.text(
    pdfSafe(
      `Diese Gutschrift ergeht auf Grund der am ${formatDate(note.selfBillingAgreedAt)} vereinbarten Abrechnung im Gutschriftverfahren. Sie gilt als Rechnung der Leistenden, solange diese ihr nicht widerspricht; bitte prüfen Sie Ihre Angaben (Name, Anschrift, UID-Nummer, Besteuerung).`,
    ),
    left,
    doc.y,
    { width: WIDTH },
  );

  issuerFooter(doc, issuer, frame);
  doc.end();
  return finished;
}
