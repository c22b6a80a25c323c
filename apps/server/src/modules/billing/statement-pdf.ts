import {
  formatDay,
  STATEMENT_LINE_KIND_LABELS,
  invoiceNumberOfReference,
  type CustomerStatement,
  type InvoiceIssuer,
} from '@pb/core';
import { drawPaymentCode, paymentCode } from '../../services/payment-code';
import {
  A4,
  a4Page,
  issuerFooter,
  issuerLine,
  newPdfDocument,
  pdfBytes,
  pdfMoney as money,
  pdfSafe,
} from '../../services/pdf-parts';

/**
 * The company's statement of account as PDF (issue 34): the same statement the billing page shows
 * — every invoice, correction and payment, what the company pays and by when, what it receives —
 * on the day it is asked for; with one open invoice, the payment code for it.
 */

const { textWidth: WIDTH, ...PAGE } = a4Page(56);

export async function renderStatementPdf(input: {
  statement: CustomerStatement;
  issuer: InvoiceIssuer;
  customer: { name: string; address: string | null };
  today: string;
}): Promise<Buffer> {
  const { statement, issuer, customer, today } = input;
  const doc = await newPdfDocument({ ...PAGE, info: { Title: `Kontoauszug ${customer.name}`, Author: issuer.name } });
  const finished = pdfBytes(doc);
  const left = PAGE.margin;
  // Above the footer's two lines.
  const bottom = A4.height - PAGE.margin - 30;

  const frame = { left, width: WIDTH, margin: PAGE.margin };
  issuerLine(doc, issuer, frame);
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(10.5).fillColor('#111111');
  doc.text(pdfSafe(customer.name));
  for (const line of (customer.address ?? '').split('\n').filter(Boolean)) doc.text(pdfSafe(line));
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(16).text('Kontoauszug');
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Stand: ${formatDay(today)}`);
  doc.moveDown(1);

  const summary: string[] = [];
  if (statement.payCents > 0) {
    summary.push(
      `Sie zahlen ${money(statement.payCents)}${statement.payBy ? ` bis ${formatDay(statement.payBy)}` : ''}.`,
    );
  }
  if (statement.receiveCents > 0) {
    summary.push(
      `Sie erhalten ${money(statement.receiveCents)}${statement.receiveBy ? ` bis ${formatDay(statement.receiveBy)}` : ''}.`,
    );
  }
  if (summary.length === 0) summary.push('Ihr Konto ist ausgeglichen.');
  doc.font('Helvetica-Bold').fontSize(12);
  for (const line of summary) doc.text(pdfSafe(line), left, doc.y, { width: WIDTH });
  doc.font('Helvetica').fontSize(10);
  if (statement.payTo) {
    doc.moveDown(0.4);
    doc.text(
      pdfSafe(
        `Empfänger ${statement.payTo.recipient} · IBAN ${statement.payTo.iban} · BIC ${statement.payTo.bic} · ` +
          `${statement.payTo.structured ? 'Zahlungsreferenz' : 'Verwendungszweck'} ${statement.payTo.reference}`,
      ),
      left,
      doc.y,
      { width: WIDTH },
    );
  }
  doc.moveDown(1);

  const amountX = left + WIDTH - 110;
  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold');
    doc.text('Datum', left, y, { width: 70 });
    doc.text('Buchung', left + 75, y, { width: WIDTH - 190 });
    doc.text('Betrag', amountX, y, { width: 110, align: 'right' });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + WIDTH, doc.y + 2)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.4);
    doc.font('Helvetica');
  };
  header();
  for (const line of statement.lines) {
    if (doc.y > bottom - 40) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.text(formatDay(line.date), left, y, { width: 70 });
    doc.text(pdfSafe(`${STATEMENT_LINE_KIND_LABELS[line.kind]}${line.number ? ` ${line.number}` : ''}`), left + 75, y, {
      width: WIDTH - 190,
    });
    const after = doc.y;
    doc.text(line.cents < 0 ? `- ${money(-line.cents)}` : money(line.cents), amountX, y, {
      width: 110,
      align: 'right',
    });
    doc
      .fillColor('#555555')
      .fontSize(8.5)
      .text(pdfSafe(line.text), left + 75, after, { width: WIDTH - 190 });
    doc.fillColor('#111111').fontSize(10).moveDown(0.3);
  }

  // One open invoice: its payment code, as on the invoice (several cannot share one reference).
  const number = statement.payTo?.structured ? invoiceNumberOfReference(statement.payTo.reference) : null;
  if (number) {
    if (doc.y > bottom - 130) doc.addPage();
    doc.moveDown(0.8);
    drawPaymentCode(doc, await paymentCode(issuer, statement.payCents, number), issuer, statement.payCents, {
      left,
      width: WIDTH,
    });
  }
  issuerFooter(doc, issuer, frame);
  doc.end();
  return finished;
}
