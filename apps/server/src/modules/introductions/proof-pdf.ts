import {
  CLAIM_STATE_LABELS,
  CONSENT_STATE_LABELS,
  formatDate,
  formatDateTime,
  formatNumber,
  INTRODUCTION_STATUS_LABELS,
  REGISTER_EVENT_LABELS,
  type IntroductionDetail,
} from '@pb/core';
import { A4, a4Page, newPdfDocument, pdfBytes, pdfSafe } from '../../services/pdf-parts';

/** The candidate's consent in words: by their own link since issue 35, by the consultant's word before. */
function consentText(detail: IntroductionDetail): string {
  const { consent } = detail;
  if (consent.requestedAt === null) {
    return detail.consentAt ? `${formatDateTime(detail.consentAt)} (von der Personalvermittlung bestätigt)` : '–';
  }
  const requested = `angefragt am ${formatDateTime(consent.requestedAt)}`;
  const confirmed = detail.consentAt ? `, selbst bestätigt am ${formatDateTime(detail.consentAt)}` : '';
  switch (consent.state) {
    case 'pending':
      return `${requested}, noch nicht bestätigt`;
    case 'confirmed':
      return `${requested}${confirmed} (Link in der E-Mail an die Person)`;
    case 'withdrawn':
      return `${requested}${confirmed}, widerrufen am ${formatDateTime(consent.withdrawnAt!)}`;
    default:
      return `${requested}: ${CONSENT_STATE_LABELS[consent.state]}`;
  }
}

/**
 * 'Nachweis (PDF)': one A4 page per introduction for both parties — advertisement, company,
 * consultant, the time the platform recorded, locked bonus and status history, in plain German.
 * Hashes and how to verify the register are the back office's (admin register page,
 * `register:verify`): the customers' proof names the introduction's number, by which the office
 * confirms it on request. Made with pdfkit (the built-in Helvetica covers German text and €).
 * Never contact data: the proof may be forwarded, the e-mail and phone stay in the product.
 */

export interface ProofIssuer {
  company: string;
  address: string;
  publicUrl: string;
}

const { textWidth: WIDTH, ...PAGE } = a4Page(50);
/** Below this the page ends: the footer (what the proof means) needs the rest. */
const TIMELINE_BOTTOM = A4.height - PAGE.margin - 120;
const NOTE_MAX = 160;
const TIMELINE_NOTE_MAX = 90;

/** "20 %", "12,5 %", "12,25 %" — as many decimals as the bonus has (at most two). */
const percent = (n: number) => `${formatNumber(n, Number.isInteger(n) ? 0 : Number.isInteger(n * 10) ? 1 : 2)} %`;

/** The footer in plain words: where the proof is kept, who confirms it, what it leaves out. */
export function proofMeaning(id: number): string {
  return (
    'Dieser Nachweis ist im fälschungssicheren Register der Prämienbörse gespeichert; die Prämienbörse ' +
    `bestätigt ihn auf Anfrage (bitte die Vorstellung Nr. ${id} angeben). Einträge im Register können ` +
    'nachträglich nicht unbemerkt verändert werden. Kontaktdaten der Person sind in diesem Nachweis bewusst ' +
    'nicht enthalten.'
  );
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

export async function renderIntroductionProof(
  detail: IntroductionDetail,
  issuer: ProofIssuer,
  generatedAt: Date,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const doc = await newPdfDocument({
    ...PAGE,
    compress: options.compress ?? true,
    autoFirstPage: true,
    info: {
      Title: `Nachweis der Kandidatenvorstellung Nr. ${detail.id}`,
      Author: issuer.company,
      Subject: 'Registerauszug Prämienbörse',
      CreationDate: generatedAt,
      ModDate: generatedAt,
    },
  });
  const finished = pdfBytes(doc);
  // Never a second page: text past the bottom is cut by the limits below, not moved on.
  doc.on('pageAdded', () => {
    throw new Error('proof must stay one page');
  });

  const left = PAGE.margin;
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text(pdfSafe(`${issuer.company} · ${issuer.address} · ${issuer.publicUrl}`), left, PAGE.margin, { width: WIDTH });
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(17).fillColor('#111111').text('Nachweis der Kandidatenvorstellung');
  doc.font('Helvetica').fontSize(10).fillColor('#333333').text(`Vorstellung Nr. ${detail.id} · Registerauszug`);
  doc.moveDown(1);

  const rows: Array<[string, string]> = [
    [
      'Inserat',
      `${detail.advertisement.jobTitle}${detail.advertisement.id ? ` (Nr. ${detail.advertisement.id})` : ''}`,
    ],
    ['Unternehmen', detail.company.name],
    ['Personalvermittlung', detail.agency.name ?? '–'],
    ['Personalberater/in', detail.consultant.name ?? 'Konto gelöscht'],
    [
      'Kandidat/in',
      detail.candidate
        ? `${detail.candidate.firstName} ${detail.candidate.lastName}`
        : detail.personalDataDeletedAt
          ? `Personenbezogene Daten gelöscht am ${formatDate(detail.personalDataDeletedAt)}`
          : '–',
    ],
    ['Vorgestellt am', `${formatDateTime(detail.introducedAt)} (von der Prämienbörse erfasst)`],
    ['Prämie bei Vorstellung', `${percent(detail.bonus)} des Bruttojahresgehalts`],
    ['Zustimmung der Person', consentText(detail)],
    [
      'Identität freigegeben',
      detail.identityReleasedAt ? formatDateTime(detail.identityReleasedAt) : 'nein (nur anonymisiertes Profil)',
    ],
    [
      'Aktueller Status',
      `${INTRODUCTION_STATUS_LABELS[detail.status]} (seit ${formatDateTime(detail.statusChangedAt)})`,
    ],
    ['Anspruch', CLAIM_STATE_LABELS[detail.claim]],
  ];
  if (detail.subordinate && detail.priorIntroducedOn) {
    rows.push(['Nachrangig', `Bereits am ${detail.priorIntroducedOn.split('-').reverse().join('.')} vorgestellt`]);
  }
  if (detail.alreadyKnown) {
    rows.push([
      'Bereits bekannt',
      `erklärt am ${formatDateTime(detail.alreadyKnown.at)}: ${shorten(detail.alreadyKnown.note, NOTE_MAX)}`,
    ]);
  }
  const labelWidth = 150;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#111111').text(label, left, y, { width: labelWidth });
    doc.font('Helvetica').text(pdfSafe(value), left + labelWidth, y, { width: WIDTH - labelWidth });
    doc.y = Math.max(doc.y, y) + 4;
  }

  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(12).text('Verlauf (Registereinträge)', left, doc.y, { width: WIDTH });
  doc.moveDown(0.3);
  const columns = [left, left + 95, left + 250, left + 330];
  const widths = [90, 150, 75, WIDTH - 330];
  const header = ['Zeitpunkt', 'Ereignis', 'Status', 'Notiz'];
  doc.font('Helvetica-Bold').fontSize(8.5);
  const headerY = doc.y;
  header.forEach((h, i) => doc.text(h, columns[i]!, headerY, { width: widths[i]! }));
  doc.y = headerY + 12;
  doc
    .moveTo(left, doc.y - 2)
    .lineTo(left + WIDTH, doc.y - 2)
    .strokeColor('#999999')
    .stroke();

  // Newest entries matter most when the page is full: show the last ones that fit.
  doc.font('Helvetica').fontSize(8.5);
  const lines = detail.timeline.map((entry) =>
    [
      formatDateTime(entry.at),
      REGISTER_EVENT_LABELS[entry.kind],
      entry.status ? INTRODUCTION_STATUS_LABELS[entry.status] : '',
      [entry.detail, entry.note ? shorten(entry.note, TIMELINE_NOTE_MAX) : null].filter(Boolean).join(' – '),
    ].map(pdfSafe),
  );
  const heightOf = (line: string[]) =>
    Math.max(...line.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! }))) + 3;
  let available = TIMELINE_BOTTOM - doc.y - 14;
  let first = lines.length;
  while (first > 0 && heightOf(lines[first - 1]!) <= available) {
    available -= heightOf(lines[first - 1]!);
    first -= 1;
  }
  if (first > 0) {
    doc
      .fillColor('#555555')
      .text(`… ${first} ältere Einträge (vollständig im Register)`, left, doc.y, { width: WIDTH });
    doc.y += 2;
  }
  doc.fillColor('#111111');
  for (const line of lines.slice(first)) {
    const y = doc.y;
    const height = heightOf(line);
    line.forEach((cell, i) => doc.text(cell, columns[i]!, y, { width: widths[i]! }));
    doc.y = y + height;
  }

  const footerY = TIMELINE_BOTTOM + 10;
  doc
    .moveTo(left, footerY)
    .lineTo(left + WIDTH, footerY)
    .strokeColor('#999999')
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#111111')
    .text('Was dieser Nachweis bedeutet', left, footerY + 10, { width: WIDTH });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#333333')
    .text(pdfSafe(proofMeaning(detail.id)), left, doc.y + 4, { width: WIDTH });
  doc.text(`Erstellt am ${formatDateTime(generatedAt)}. Alle Zeitangaben in österreichischer Zeit.`, left, doc.y + 6, {
    width: WIDTH,
  });
  doc.end();
  return finished;
}
