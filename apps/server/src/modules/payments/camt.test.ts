import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { camtXml } from '../../../test/support/camt';
import { parseCamt } from './camt';

const IBAN = 'AT611904300234573201';

function refusal(xml: string): string {
  try {
    parseCamt(Buffer.from(xml));
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).message;
  }
  throw new Error('not refused');
}

describe('reading camt.053 and camt.054', () => {
  it.each(['02', '08'] as const)(
    'When a camt.053.001.%s holds credits, then each is read with amount, dates, debtor, reference and text',
    (version) => {
      const message = parseCamt(
        Buffer.from(
          camtXml({
            version,
            iban: IBAN,
            statementId: 'AUSZUG-2026-231',
            messageId: 'MSG-1',
            credits: [
              { cents: 1_584_000, reference: 'RF462026000123', bankReference: 'B1', debtor: 'Alpenhof GmbH' },
              { cents: 50_000, text: ['Rechnung 2026-000124', 'Danke'], bankReference: 'B2', bookedOn: '2026-11-26' },
            ],
          }),
        ),
      );
      expect(message).toMatchObject({ kind: 'camt.053', version: `camt.053.001.${version}`, messageId: 'MSG-1' });
      expect(message.statements).toHaveLength(1);
      const [statement] = message.statements;
      expect(statement).toMatchObject({ id: 'AUSZUG-2026-231', accountIban: IBAN });
      expect(statement!.entries).toEqual([
        {
          key: 'B1',
          amountCents: 1_584_000,
          currency: 'EUR',
          credit: true,
          booked: true,
          reversal: false,
          bookedOn: '2026-11-27',
          valueOn: '2026-11-27',
          debtorName: 'Alpenhof GmbH',
          debtorIban: 'AT483200000012345864',
          reference: 'RF462026000123',
          remittance: null,
          endToEndId: 'NOTPROVIDED',
        },
        expect.objectContaining({
          key: 'B2',
          amountCents: 50_000,
          remittance: 'Rechnung 2026-000124 Danke',
          bookedOn: '2026-11-26',
        }),
      ]);
    },
  );

  it('When a camt.054 uses a namespace prefix and a batch booking, then each transfer of the batch is its own credit', () => {
    const message = parseCamt(
      Buffer.from(
        camtXml({
          kind: 'camt.054',
          prefix: 'ns2',
          iban: IBAN,
          credits: [
            {
              cents: 30_000,
              bankReference: 'BATCH-7',
              parts: [
                { cents: 10_000, text: ['2026-000001'] },
                { cents: 20_000, reference: 'RF18539007547034' },
              ],
            },
          ],
        }),
      ),
    );
    expect(message.kind).toBe('camt.054');
    expect(message.statements[0]!.entries.map((e) => [e.key, e.amountCents, e.remittance, e.reference])).toEqual([
      ['BATCH-7#1', 10_000, '2026-000001', null],
      ['BATCH-7#2', 20_000, null, 'RF18539007547034'],
    ]);
  });

  it('When an entry has no bank reference, then its key is its place in the statement', () => {
    const message = parseCamt(
      Buffer.from(camtXml({ iban: IBAN, statementId: 'S-9', credits: [{ cents: 100, bankReference: null }] })),
    );
    expect(message.statements[0]!.entries[0]!.key).toBe('S-9/#1');
  });

  it('When debits, pending entries and other currencies are read, then they are marked as such', () => {
    const [a, b, c, d] = parseCamt(
      Buffer.from(
        camtXml({
          iban: IBAN,
          credits: [
            { cents: 100, direction: 'DBIT' },
            { cents: 100, status: 'PDNG' },
            { cents: 100, currency: 'CHF' },
            { cents: 100, reversal: true },
          ],
        }),
      ),
    ).statements[0]!.entries;
    expect([a!.credit, b!.booked, c!.currency, d!.reversal]).toEqual([false, false, 'CHF', true]);
  });
});

describe('refusing what is not a bank statement', () => {
  it('When the file is not XML, not well-formed, has a DOCTYPE or is another message, then a German 400 names it', () => {
    expect(refusal('%PDF-1.7')).toMatch(/kein XML-Dokument/);
    expect(refusal('<Document><Unclosed></Document>')).toMatch(/kein wohlgeformtes XML \(Zeile 1, Spalte \d+/);
    expect(refusal('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')).toMatch(/DOCTYPE/);
    expect(
      refusal('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>'),
    ).toMatch(
      /kein Kontoauszug im Format camt\.053 oder camt\.054 \(gefunden: urn:iso:std:iso:20022:tech:xsd:pain\.001\.001\.09\)/,
    );
    expect(refusal('<rss><channel/></rss>')).toMatch(/gefunden: rss/);
  });

  it('When an entry lacks its amount or date, then the 400 names the statement and the entry', () => {
    const good = camtXml({ iban: IBAN, statementId: 'S-1', credits: [{ cents: 100 }, { cents: 250 }] });
    expect(refusal(good.replace('>2.50<', '>2,50<'))).toMatch(
      /Auszug „S-1“, Eintrag 2: Der Betrag \(Amt\) fehlt oder ist ungültig \(„2,50“\)/,
    );
    expect(refusal(good.replace(/<BookgDt>[\s\S]*?<\/BookgDt>\s*<ValDt>[\s\S]*?<\/ValDt>/, ''))).toMatch(
      /Eintrag 1: Das Buchungsdatum/,
    );
    expect(refusal(good.replace(/<IBAN>AT61[^<]*<\/IBAN>/, ''))).toMatch(/Auszug „S-1“: Das Konto/);
  });

  it('When any bytes arrive, then the parser answers a statement or a German 400, never anything else', () => {
    const good = camtXml({ iban: IBAN, credits: [{ cents: 12_345, text: ['2026-000001'] }] });
    fc.assert(
      fc.property(fc.nat(good.length), fc.nat(good.length), fc.string({ maxLength: 20 }), (from, to, insert) => {
        const [start, end] = from <= to ? [from, to] : [to, from];
        const mangled = good.slice(0, start) + insert + good.slice(end);
        try {
          parseCamt(Buffer.from(mangled));
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).status).toBe(400);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
