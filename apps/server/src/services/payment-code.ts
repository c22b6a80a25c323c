import { createRequire } from 'node:module';
import { creditorReferenceOf, formatCreditorReference, formatIban, type InvoiceIssuer } from '@pb/core';
import { pdfMoney, pdfSafe } from './pdf-parts';

/**
 * The EPC payment code ('Zahlen mit Code', EPC069-12 version 002): a QR code a banking app reads
 * into a SEPA credit transfer — recipient, IBAN, BIC, amount and the invoice's structured creditor
 * reference (RF, ISO 11649), which the bank statement brings back for matching. Printed on
 * invoices and reminders; error correction M as the standard asks.
 */

type EpcFields = {
  name: string;
  iban: string;
  bic?: string;
  amount: number | null;
  structuredReference?: string;
  unstructuredReference?: string;
  information?: string;
};

// A CommonJS module without types of its own: loaded through require, its one function typed here.
const generateEpcPayload = createRequire(import.meta.url)('sepa-payment-qr-code') as (fields: EpcFields) => string;

/** The EPC069-12 text the QR code carries for paying `cents` of invoice `invoiceNumber`. */
export function epcPayload(
  issuer: Pick<InvoiceIssuer, 'name' | 'iban' | 'bic'>,
  cents: number,
  invoiceNumber: string,
): string {
  return generateEpcPayload({
    // At most 70 characters (AT-21); an issuer name is far shorter.
    name: issuer.name.slice(0, 70),
    iban: issuer.iban.replace(/\s/g, ''),
    bic: issuer.bic.replace(/\s/g, ''),
    amount: cents / 100,
    structuredReference: creditorReferenceOf(invoiceNumber),
  });
}

export interface PaymentCode {
  png: Buffer;
  /** The reference as printed beside the code: 'RF46 2026 0001 23'. */
  reference: string;
}

/** The QR code as PNG (black on white, quiet zone 4 modules) and the printed reference. */
export async function paymentCode(
  issuer: Pick<InvoiceIssuer, 'name' | 'iban' | 'bic'>,
  cents: number,
  invoiceNumber: string,
): Promise<PaymentCode> {
  const { default: QRCode } = await import('qrcode');
  const png = await QRCode.toBuffer(epcPayload(issuer, cents, invoiceNumber), {
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: 4,
    type: 'png',
  });
  return { png, reference: formatCreditorReference(creditorReferenceOf(invoiceNumber)) };
}

/**
 * 'Zahlen mit Code' on a PDF page at the current line: the code on the left, what the banking app
 * will fill in beside it (recipient, IBAN, amount, reference). Leaves the cursor below the code.
 */
export function drawPaymentCode(
  doc: PDFKit.PDFDocument,
  code: PaymentCode,
  issuer: Pick<InvoiceIssuer, 'name' | 'iban' | 'bic'>,
  cents: number,
  frame: { left: number; width: number },
): void {
  const size = 96;
  const top = doc.y + 12;
  doc.image(code.png, frame.left, top, { width: size, height: size });
  const x = frame.left + size + 16;
  const width = frame.width - size - 16;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Zahlen mit Code', x, top + 6, { width });
  doc.font('Helvetica').fontSize(9.5);
  for (const line of [
    'Scannen Sie den Code mit Ihrer Banking-App.',
    `Empfänger: ${issuer.name}`,
    `IBAN: ${formatIban(issuer.iban)} · BIC: ${issuer.bic}`,
    `Betrag: ${pdfMoney(cents)}`,
    `Zahlungsreferenz: ${code.reference}`,
  ]) {
    doc.text(pdfSafe(line), x, doc.y + 2, { width });
  }
  doc.y = top + size;
}
