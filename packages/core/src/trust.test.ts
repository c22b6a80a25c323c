import { describe, expect, it } from 'vitest';
import {
  agencyTrackRecordSentences,
  companyTrustSentences,
  CONCRETE_REJECTION_REASONS,
  formatWorkingDuration,
  respondsWithinDays,
  responseSentence,
  TRUST_TOO_LITTLE,
  type AgencyTrackRecord,
  type CompanyTrustFigures,
} from './trust';

const company = (more: Partial<CompanyTrustFigures>): CompanyTrustFigures => ({
  introductions: 8,
  enoughData: true,
  medianResponseMinutes: 60,
  answeredInTimeShare: 0.875,
  rejectionsWithConcreteReasonShare: 0.8,
  rejections: 5,
  interviewsPerIntroduction: 0.625,
  openOverdue: 0,
  computedAt: '2026-11-29T13:00:00.000Z',
  ...more,
});

const agency = (more: Partial<AgencyTrackRecord>): AgencyTrackRecord => ({
  introductions: 6,
  enoughData: true,
  interviews: 4,
  hires: 1,
  guaranteeCases: 0,
  medianMinutesToFirstIntroduction: 732,
  computedAt: '2026-11-29T13:00:00.000Z',
  ...more,
});

describe('The trust sentences', () => {
  it('When the median is at a working day boundary, then it falls in the smaller bucket; above 5 working days it says so', () => {
    expect(respondsWithinDays(600)).toBe(1);
    expect(respondsWithinDays(601)).toBe(2);
    expect(respondsWithinDays(3000)).toBe(5);
    expect(respondsWithinDays(3001)).toBeNull();
    expect(responseSentence(0)).toBe('antwortet meist innerhalb von 1 Arbeitstag');
    expect(responseSentence(1200)).toBe('antwortet meist innerhalb von 2 Arbeitstagen');
    expect(responseSentence(3001)).toBe('antwortet meist erst nach mehr als 5 Arbeitstagen');
  });

  it('When durations are written, then hours below a working day and days with one decimal above', () => {
    expect(formatWorkingDuration(59)).toBe('unter 1 Arbeitsstunde');
    expect(formatWorkingDuration(60)).toBe('1 Arbeitsstunde');
    expect(formatWorkingDuration(150)).toBe('3 Arbeitsstunden');
    expect(formatWorkingDuration(600)).toBe('1 Arbeitstag');
    expect(formatWorkingDuration(900)).toBe('1,5 Arbeitstage');
  });

  it("When a company's figures are written, then each is one plain sentence; on too little data there are none", () => {
    expect(companyTrustSentences(company({}))).toEqual([
      'Das Unternehmen antwortet meist innerhalb von 1 Arbeitstag (Median: 1 Arbeitsstunde bis zur ersten Reaktion).',
      '88 % der Vorstellungen wurden innerhalb von 2 Arbeitstagen beantwortet.',
      '80 % der Absagen nennen einen konkreten Grund.',
      'Auf eine Vorstellung kommen im Schnitt 0,6 Interviews.',
      'Keine Vorstellung wartet länger als 5 Arbeitstage auf eine Entscheidung.',
    ]);
    expect(companyTrustSentences(company({ openOverdue: 1 })).at(-1)).toBe(
      '1 Vorstellung wartet länger als 5 Arbeitstage auf eine Entscheidung.',
    );
    expect(companyTrustSentences(company({ enoughData: false, introductions: 4 }))).toEqual([]);
    expect(companyTrustSentences(company({ medianResponseMinutes: 3001 }))[0]).toBe(
      'Das Unternehmen antwortet meist erst nach mehr als 5 Arbeitstagen (Median: mehr als 5 Arbeitstage bis zur ersten Reaktion).',
    );
  });

  it("When an agency's track record is written, then one hire is singular", () => {
    expect(agencyTrackRecordSentences(agency({}))).toEqual([
      'In den letzten 12 Monaten: 6 Vorstellungen, 4 davon mit Interview, 1 Einstellung.',
      'Kein Garantiefall.',
      'Erste Vorstellung im Median 1,2 Arbeitstage nach Veröffentlichung des Inserats.',
    ]);
    expect(agencyTrackRecordSentences(agency({ hires: 2, guaranteeCases: 1 })).slice(0, 2)).toEqual([
      'In den letzten 12 Monaten: 6 Vorstellungen, 4 davon mit Interview, 2 Einstellungen.',
      '1 Garantiefall.',
    ]);
  });

  it('When a figure is below its own minimum (null), then its sentence says too little data in its place', () => {
    expect(
      companyTrustSentences(
        company({ medianResponseMinutes: null, answeredInTimeShare: null, rejectionsWithConcreteReasonShare: null }),
      ).slice(0, 3),
    ).toEqual([
      'Zur Antwortzeit gibt es noch zu wenige Daten (erst ab 5 beantworteten oder überfälligen Vorstellungen).',
      'Zum Anteil rechtzeitiger Antworten gibt es noch zu wenige Daten (erst ab 5 beantworteten Vorstellungen oder abgelaufenen Antwortfristen).',
      'Zu Absagen mit konkretem Grund gibt es noch zu wenige Daten (erst ab 3 Absagen).',
    ]);
    expect(agencyTrackRecordSentences(agency({ medianMinutesToFirstIntroduction: null })).at(-1)).toBe(
      TRUST_TOO_LITTLE.speed,
    );
  });

  it("When reasons are concrete, then every catalogue reason but 'Sonstiges' is", () => {
    expect(CONCRETE_REJECTION_REASONS).toEqual([
      'qualifikation',
      'gehalt',
      'kulturelle_passung',
      'stelle_besetzt',
      'kandidat_abgesprungen',
    ]);
  });
});
