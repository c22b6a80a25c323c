import { formatCents, formatIban, type InvoiceIssuer } from '@pb/core';

/**
 * The building blocks of the product's PDFs (the introduction proof, invoices, the demo's
 * documents): the A4 page, the document and its bytes, text the standard fonts can show, money.
 * Made with pdfkit; the built-in Helvetica covers German text and €.
 */

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** An A4 page with this margin and the width left for text. */
export function a4Page(margin: number) {
  return { size: 'A4' as const, margin, textWidth: A4.width - 2 * margin };
}

/** pdfkit takes about 160 ms to load: it is loaded with the first PDF, not at server start. */
export async function newPdfDocument(options?: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument(options);
}

/** The document's bytes once it has ended (call before writing; `doc.end()` resolves it). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Characters of Windows-1252 beyond Latin-1 that the standard PDF fonts can show. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SUBSTITUTES: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', ẞ: 'SS', Ø: 'Ø', ø: 'ø' };

/**
 * The built-in Helvetica/Courier cover Windows-1252 only; pdfkit writes anything else as
 * broken bytes. Names like 'Łukasz' or 'Đorđe' become 'Lukasz', 'Dorde' (accents dropped),
 * other scripts '?'. (A Unicode font would show them as written; see docs/introductions.md.)
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) || ch === '\n') {
      out += ch;
      continue;
    }
    if (SUBSTITUTES[ch]) {
      out += SUBSTITUTES[ch];
      continue;
    }
    if (/\s/.test(ch)) {
      out += ' ';
      continue;
    }
    const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    out += base.length > 0 && [...base].every((c) => c.codePointAt(0)! < 0x7f) ? base : /\p{Cf}/u.test(ch) ? '' : '?';
  }
  return out;
}

/** Helvetica's WinAnsi has '€' but pdfkit needs the no-break space Intl puts in as a plain one. */
export function pdfMoney(cents: number): string {
  return pdfSafe(formatCents(cents).replace(/\s/g, ' '));
}

/**
 * Lines of a label and an amount, right-aligned, between thin rules: the sums of invoices and
 * reminders. `amountWidth` is the amount column's width at the frame's right edge.
 */
export function amountLines(doc: PDFKit.PDFDocument, frame: { left: number; width: number; amountWidth: number }) {
  const amountX = frame.left + frame.width - frame.amountWidth;
  return {
    row(label: string, amount: string, bold = false): void {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(pdfSafe(label), frame.left, y, {
        width: frame.width - frame.amountWidth - 10,
      });
      // A label over two lines: the next row starts below it, not below the one-line amount.
      const labelBottom = doc.y;
      doc.text(amount, amountX, y, { width: frame.amountWidth, align: 'right' });
      doc.y = Math.max(doc.y, labelBottom);
      doc.moveDown(0.3);
    },
    rule(): void {
      doc
        .moveTo(frame.left, doc.y)
        .lineTo(frame.left + frame.width, doc.y)
        .strokeColor('#999999')
        .stroke();
      doc.moveDown(0.4);
    },
  };
}

type Frame = { left: number; width: number; margin: number };

/** The issuer's line above the addressee (invoices, reminders, statements of account). */
export function issuerLine(doc: PDFKit.PDFDocument, issuer: InvoiceIssuer, frame: Frame): void {
  doc.font('Helvetica').fontSize(8.5).fillColor('#555555');
  doc.text(pdfSafe(`${issuer.name} · ${issuer.address} · UID ${issuer.uid}`), frame.left, frame.margin, {
    width: frame.width,
  });
}

/**
 * The foot of the page under a thin rule: the issuer with register, UID and e-mail, its bank, and
 * the document's own last line if it has one (§ 11 UStG issuer data on every money document).
 */
export function issuerFooter(doc: PDFKit.PDFDocument, issuer: InvoiceIssuer, frame: Frame, lastLine?: string): void {
  const lines = [
    `${issuer.name} · ${issuer.address} · ${issuer.register} · UID ${issuer.uid} · ${issuer.email}`,
    `${issuer.bank} · IBAN ${formatIban(issuer.iban)} · BIC ${issuer.bic}`,
    ...(lastLine ? [lastLine] : []),
  ];
  const text = pdfSafe(lines.join('\n'));
  doc.font('Helvetica').fontSize(8).fillColor('#555555');
  // Measured, not counted: a long issuer line wraps, and text below the bottom margin opens a new page.
  const y = A4.height - frame.margin - doc.heightOfString(text, { width: frame.width }) - 8;
  doc
    .moveTo(frame.left, y)
    .lineTo(frame.left + frame.width, y)
    .strokeColor('#cccccc')
    .stroke();
  doc.text(text, frame.left, y + 6, { width: frame.width, lineBreak: true });
}
