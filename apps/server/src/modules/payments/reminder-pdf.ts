import {
  DUNNING_LEVEL_LABELS,
  formatDay,
  formatPercent,
  type DunningLevel,
  type InterestPeriod,
  type InvoiceIssuer,
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
 * A reminder as sent (issue 34): 'Zahlungserinnerung', '1. Mahnung' or '2. Mahnung' for one
 * invoice — what is open, the default interest with its periods and rate (§ 456 UGB), the flat
 * fee (§ 458 UGB), what earlier notices claimed and is still open, the new date to pay by and the
 * payment code for the whole amount with the invoice's RF reference. Rendered once and stored.
 */

export interface ReminderDocument {
  level: DunningLevel;
  issuer: InvoiceIssuer;
  customer: { name: string; address: string };
  invoice: { number: string; issuedOn: string; dueOn: string; grossCents: number };
  issuedOn: string;
  payBy: string;
  /** The earlier notices of this invoice (their level and day), oldest first. */
  earlier: Array<{ level: DunningLevel; issuedOn: string }>;
  openCents: number;
  /** What payments gave the invoice so far (a correction is the rest of the difference to its amount). */
  paidCents: number;
  interestCents: number;
  interestPeriods: InterestPeriod[];
  flatFeeCents: number;
  /** Interest and fee claimed by earlier notices and not paid yet. */
  earlierChargesCents: number;
}

const { textWidth: WIDTH, ...PAGE } = a4Page(56);

export function reminderTotalCents(
  document: Pick<ReminderDocument, 'openCents' | 'interestCents' | 'flatFeeCents' | 'earlierChargesCents'>,
): number {
  return document.openCents + document.interestCents + document.flatFeeCents + document.earlierChargesCents;
}

function letter(d: ReminderDocument): string[] {
  const invoice = `die Rechnung Nr. ${d.invoice.number} vom ${formatDay(d.invoice.issuedOn)}, fällig am ${formatDay(d.invoice.dueOn)}`;
  const previous = d.earlier[d.earlier.length - 1];
  const since = previous
    ? ` trotz unserer ${DUNNING_LEVEL_LABELS[previous.level]} vom ${formatDay(previous.issuedOn)}`
    : '';
  const pay = `Bitte überweisen Sie ${money(reminderTotalCents(d))} bis ${formatDay(d.payBy)} unter Angabe der Zahlungsreferenz.`;
  switch (d.level) {
    case 'zahlungserinnerung':
      return [
        `bei der Durchsicht unserer Buchhaltung haben wir festgestellt, dass ${invoice}, noch nicht (vollständig) bezahlt ist. Vielleicht ist Ihnen die Zahlung entgangen.`,
        pay,
        'Sollten Sie in den letzten Tagen bezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
      ];
    case 'mahnung1':
      return [
        `${invoice}, ist${since} weiterhin offen. Wir verrechnen daher Verzugszinsen von 9,2 Prozentpunkten über dem Basiszinssatz (§ 456 UGB) und die Pauschale für Betreibungskosten von 40 € (§ 458 UGB).`,
        pay,
      ];
    case 'mahnung2':
      return [
        `${invoice}, ist${since} noch immer offen.`,
        pay,
        'Sollte der Betrag bis dahin nicht bei uns eingelangt sein, werden wir die Forderung ohne weitere Mahnung gerichtlich geltend machen.',
      ];
  }
}

export async function renderReminderPdf(d: ReminderDocument): Promise<Buffer> {
  const title = `${DUNNING_LEVEL_LABELS[d.level]} zu Rechnung Nr. ${d.invoice.number}`;
  const issuedAt = new Date(`${d.issuedOn}T12:00:00Z`);
  const doc = await newPdfDocument({
    ...PAGE,
    info: { Title: title, Author: d.issuer.name, CreationDate: issuedAt, ModDate: issuedAt },
  });
  const finished = pdfBytes(doc);
  const total = reminderTotalCents(d);
  const code = await paymentCode(d.issuer, total, d.invoice.number);
  const left = PAGE.margin;

  const frame = { left, width: WIDTH, margin: PAGE.margin };
  issuerLine(doc, d.issuer, frame);
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(10.5).fillColor('#111111');
  doc.text(pdfSafe(d.customer.name));
  for (const line of d.customer.address.split('\n')) doc.text(pdfSafe(line));

  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(16).text(pdfSafe(DUNNING_LEVEL_LABELS[d.level]));
  doc.moveDown(0.4);
  doc.fontSize(10);
  const facts: Array<[string, string]> = [
    ['Datum', formatDay(d.issuedOn)],
    ['Rechnung', `Nr. ${d.invoice.number} vom ${formatDay(d.invoice.issuedOn)}`],
    ['Fällig seit', formatDay(d.invoice.dueOn)],
    ['Zahlbar bis', formatDay(d.payBy)],
    ['Zahlungsreferenz', code.reference],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, left, y, { width: 140 });
    doc.font('Helvetica').text(pdfSafe(value), left + 140, y, { width: WIDTH - 140 });
  }

  doc.moveDown(1.2);
  doc.font('Helvetica').text('Sehr geehrte Damen und Herren,', left, doc.y, { width: WIDTH });
  for (const paragraph of letter(d)) {
    doc.moveDown(0.6);
    doc.text(pdfSafe(paragraph), left, doc.y, { width: WIDTH });
  }
  doc.moveDown(1);

  const lines = amountLines(doc, { left, width: WIDTH, amountWidth: 120 });
  const row = (label: string, cents: number, bold = false) => lines.row(label, money(cents), bold);
  const rule = lines.rule;
  rule();
  const corrected = d.invoice.grossCents - d.paidCents - d.openCents;
  const parts = [
    ...(d.paidCents > 0 ? [`davon bezahlt ${money(d.paidCents)}`] : []),
    ...(corrected !== 0 ? [`Korrektur ${money(-corrected)}`] : []),
  ];
  row(
    parts.length > 0
      ? `Offener Rechnungsbetrag (Rechnung ${money(d.invoice.grossCents)}, ${parts.join(', ')})`
      : 'Offener Rechnungsbetrag',
    d.openCents,
  );
  for (const p of d.interestPeriods) {
    row(
      `Verzugszinsen ${formatPercent(p.rateBp / 100)} p. a. vom ${formatDay(p.from)} bis ${formatDay(p.to)} (${p.days} Tage)`,
      p.cents,
    );
  }
  if (d.flatFeeCents > 0) row('Pauschale für Betreibungskosten (§ 458 UGB)', d.flatFeeCents);
  if (d.earlierChargesCents > 0) row('Zinsen und Pauschale aus früheren Mahnungen, noch offen', d.earlierChargesCents);
  rule();
  row('Zu zahlen', total, true);
  doc.moveDown(0.8);
  drawPaymentCode(doc, code, d.issuer, total, { left, width: WIDTH });

  issuerFooter(doc, d.issuer, frame);
  doc.end();
  return finished;
}
