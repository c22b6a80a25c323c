import { describe, expect, it } from 'vitest';
import { introductionDetailSchema, type IntroductionDetail } from '@pb/core';
import { renderIntroductionProof } from './proof-pdf';
import { pdfSafe } from '../../services/pdf-parts';

const issuer = {
  company: 'Prämienbörse GmbH',
  address: 'Stephansplatz 1, 1010 Wien',
  publicUrl: 'https://praemienboerse.at',
};
const generatedAt = new Date('2026-11-23T09:30:00Z');
const hash = 'a'.repeat(64);

function detail(overrides: Partial<IntroductionDetail> = {}): IntroductionDetail {
  return introductionDetailSchema.parse({
    id: 17,
    advertisement: { id: 42, jobTitle: 'Rezeptionist/in' },
    company: { id: 7, name: 'Alpenblick Hotels GmbH' },
    agency: { id: 3, name: 'Huber Personal OG' },
    consultant: { id: 9, name: 'Sabine Huber Personalberatung' },
    introducedAt: '2026-11-02T08:15:00.000Z',
    bonus: 12.5,
    status: 'interview',
    statusChangedAt: '2026-11-10T10:00:00.000Z',
    candidate: { firstName: 'Jürgen', lastName: 'Größ', email: 'juergen@example.at', phone: '+436641234567' },
    pitch: 'Fünf Jahre Rezeption',
    cv: null,
    // Since issue 35 the person agrees herself by the mailed link; that releases her identity.
    consentAt: '2026-11-02T10:00:00.000Z',
    consent: {
      state: 'confirmed',
      requestedAt: '2026-11-02T08:15:00.000Z',
      expiresAt: null,
      remindedAt: null,
      answeredAt: '2026-11-02T10:00:00.000Z',
      withdrawnAt: null,
    },
    identityReleasedAt: '2026-11-02T10:00:00.000Z',
    profile: {
      position: 'Rezeptionistin',
      experienceYears: 5,
      region: 'Wien',
      skills: ['Opera PMS'],
      salaryExpectationCents: null,
      noticePeriod: null,
      availableFrom: null,
      languages: [],
    },
    keepLonger: false,
    subordinate: false,
    priorIntroducedOn: null,
    claim: 'live',
    revivalDeadline: null,
    alreadyKnown: null,
    alreadyKnownDeadline: '2026-11-04',
    canDeclareKnown: false,
    nextStatuses: [],
    rejectionReason: null,
    lastReaction: null,
    conversationId: 3,
    seen: true,
    flags: [],
    hash,
    personalDataDeletedAt: null,
    timeline: [
      { kind: 'introduced', at: '2026-11-02T08:15:00.000Z', status: 'neu', note: null, hash },
      { kind: 'consent_confirmed', at: '2026-11-02T10:00:00.000Z', status: null, note: null, hash: 'c'.repeat(64) },
      { kind: 'identity_released', at: '2026-11-02T10:00:00.000Z', status: null, note: null, hash: 'd'.repeat(64) },
      { kind: 'status', at: '2026-11-10T10:00:00.000Z', status: 'interview', note: null, hash: 'b'.repeat(64) },
    ],
    ...overrides,
  });
}

/** The text of an uncompressed pdfkit page: its hex-encoded WinAnsi strings, decoded. */
function pageText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts = [...raw.matchAll(/<([0-9a-f]+)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
  return parts.join('');
}

const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('Nachweis (PDF)', () => {
  it('When an introduction is rendered, then it is one PDF page with the facts and the locked bonus, and says in plain German what the proof means — no hashes, no technical words, no contact data', async () => {
    const pdf = await renderIntroductionProof(detail(), issuer, generatedAt, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf)).toBe(1);
    const text = pageText(pdf);
    for (const expected of [
      'Nachweis der Kandidatenvorstellung',
      'Vorstellung Nr. 17',
      'Rezeptionist/in (Nr. 42)',
      'Alpenblick Hotels GmbH',
      'Huber Personal OG',
      'Personalberater/in',
      'Sabine Huber Personalberatung',
      'Jürgen Größ',
      '12,5 %',
      '02.11.2026',
      '(von der Prämienbörse erfasst)',
      'angefragt am 09:15, 02.11.2026, selbst bestätigt am 11:00, 02.11.2026',
      'Einwilligung bestätigt',
      'Identität freigegeben',
      'Interview',
      'Was dieser Nachweis bedeutet',
      'Dieser Nachweis ist im fälschungssicheren Register der Prämienbörse gespeichert; die Prämienbörse',
      'bestätigt ihn auf Anfrage (bitte die Vorstellung Nr. 17 angeben).',
      'Alle Zeitangaben in österreichischer Zeit.',
    ]) {
      expect(text).toContain(expected);
    }
    // Verifying the register is the back office's: the customers' proof shows no hash and no command.
    expect(text).not.toContain(hash.slice(0, 12));
    expect(text).not.toContain('b'.repeat(12));
    expect(text).not.toMatch(/Hash|SHA-256|npm|register:verify|Serverzeit|Europe\/Vienna|HR-Consultant/);
    expect(text).not.toContain('juergen@example.at');
    expect(text).not.toContain('1234567');
  });

  it('When the history is long and the notes are 2,000 characters, then it still fits one page and says how many entries are left out', async () => {
    const note = 'Begründung '.repeat(200).slice(0, 2000);
    const timeline = Array.from({ length: 60 }, (_, i) => ({
      kind: 'status' as const,
      at: new Date(Date.UTC(2026, 10, 2, 8, i)).toISOString(),
      status: 'in_pruefung' as const,
      note,
      hash: i.toString(16).padStart(64, '0'),
    }));
    const pdf = await renderIntroductionProof(
      detail({ timeline, alreadyKnown: { at: '2026-11-03T09:00:00.000Z', note, file: null } }),
      issuer,
      generatedAt,
      { compress: false },
    );
    expect(pages(pdf)).toBe(1);
    expect(pageText(pdf)).toMatch(/\d+ ältere Einträge/);
  });

  it('When the candidate data was deleted and the consultant account too, then the proof says so', async () => {
    const pdf = await renderIntroductionProof(
      detail({
        candidate: null,
        personalDataDeletedAt: '2027-06-01T02:00:00.000Z',
        consultant: { id: null, name: null },
      }),
      issuer,
      generatedAt,
      { compress: false },
    );
    const text = pageText(pdf);
    expect(text).toContain('Personenbezogene Daten gelöscht am 01.06.2027');
    expect(text).toContain('Konto gelöscht');
  });

  it('When names use letters the standard PDF fonts lack, then they are transliterated (never broken bytes) and the rest stays as written', async () => {
    const pdf = await renderIntroductionProof(
      detail({
        candidate: { firstName: 'Łukasz', lastName: 'Đorđević Жуков 😀', email: null, phone: null },
        consultant: { id: 9, name: 'Jürgen Größ' },
      }),
      issuer,
      generatedAt,
      { compress: false },
    );
    const hexStrings = [...pdf.toString('latin1').matchAll(/<([0-9a-f]+)>/g)].map((m) => m[1]!);
    expect(hexStrings.every((h) => h.length % 2 === 0)).toBe(true);
    const text = pageText(pdf);
    expect(text).toContain('Lukasz Dordevic ????? ?');
    expect(text).toContain('Jürgen Größ');
    expect(pdfSafe('Zoë – „Ärztin“ €')).toBe('Zoë – „Ärztin“ €');
  });
});
