import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agencyTrackRecordSentences, TRUST_TOO_LITTLE } from '@pb/core';
import { memberTrackRecords } from '../../db/schema';
import { trustSuite } from '../../../test/support/trust-fixtures';

/**
 * An agency's track record and each member's (docs/trust.md) on a hand-made timeline in February
 * 2027 (CET, UTC+1: 08:00Z is 09:00 in Vienna).
 */

const suite = trustSuite();
const { ctx, party, memberOf, advertisement, introduce, move, proposeInterview, chooseInterview, cancelInterview } =
  suite;

describe('An agency and its members over a month', () => {
  it('When seven introductions end in interviews, hires and a guarantee case, then the agency and each member get exact figures', async () => {
    const company = await party('company', 'Panorama Hotels AG');
    const founder = await party('consultant', 'Hochalm Personal');
    const colleague = await memberOf(founder, 'Moritz Berger', 'consultant');
    const j1 = await advertisement(company, '2027-02-01T08:00:00Z', 'Rezeptionist/in'); // Mon 09:00
    const j2 = await advertisement(company, '2027-02-05T16:00:00Z', 'Koch/Köchin'); // Fri 17:00
    const j3 = await advertisement(company, '2027-02-08T07:00:00Z', 'Barkeeper/in'); // Mon 08:00

    const b1 = await introduce(colleague, j1, '2027-02-01T09:00:00Z'); // 60 after J1: the agency's first
    const a1 = await introduce(founder, j1, '2027-02-01T10:00:00Z'); // 120: the founder's first on J1
    const a2 = await introduce(founder, j1, '2027-02-02T08:00:00Z');
    const b2 = await introduce(colleague, j2, '2027-02-08T08:00:00Z'); // Fri 60 + Mon 60
    const a3 = await introduce(founder, j2, '2027-02-08T09:00:00Z'); // Fri 60 + Mon 120
    const a4 = await introduce(founder, j3, '2027-02-10T11:00:00Z'); // Mon 600 + Tue 600 + Wed 240
    const a5 = await introduce(founder, j3, '2027-02-11T08:00:00Z');
    await introduce(founder, j3, '2027-02-11T09:00:00Z', { decline: true });

    // A1: an agreed interview, then hired.
    const first = await proposeInterview(company, a1, '2027-02-02T09:00:00Z', '2027-02-08');
    await chooseInterview(founder, first, '2027-02-02T10:00:00Z');
    await move(company, a1, 'eingestellt', '2027-02-09T09:00:00Z');
    // A2: the stage 'Interview' (as before interviews were scheduled here).
    await move(company, a2, 'interview', '2027-02-03T09:00:00Z');
    // A3: agreed, then called off before its time: no interview.
    const third = await proposeInterview(company, a3, '2027-02-08T11:00:00Z', '2027-02-12');
    await chooseInterview(founder, third, '2027-02-08T12:00:00Z');
    await cancelInterview(founder, third.interviewId, '2027-02-09T09:00:00Z');
    // A4 and A5 hired by an agency's report that stands (invoiced; a guarantee case). B2's report was
    // discarded; A2's can still be objected to by the company: neither is a hire (yet).
    await suite.placement(a4, 'verrechnet');
    await suite.placement(a5, 'garantiefall');
    await suite.placement(b2, 'verworfen');
    await suite.placement(a2, 'gemeldet');
    await move(company, b1, 'abgesagt', '2027-02-02T09:00:00Z');

    await suite.run('2027-03-01T10:00:00Z');
    const agency = await suite.agencyFigures(founder);
    expect(agency).toEqual({
      introductions: 7,
      enoughData: true,
      interviews: 2,
      hires: 3,
      guaranteeCases: 1,
      // J1: 60 (the colleague's), J2: 120 (the colleague's), J3: 1440.
      medianMinutesToFirstIntroduction: 120,
      computedAt: '2027-03-01T10:00:00.000Z',
    });
    expect(agencyTrackRecordSentences(agency!)).toEqual([
      'In den letzten 12 Monaten: 7 Vorstellungen, 2 davon mit Interview, 3 Einstellungen.',
      '1 Garantiefall.',
      'Erste Vorstellung im Median 2 Arbeitsstunden nach Veröffentlichung des Inserats.',
    ]);
    expect((await suite.stored(founder))?.companyFigures).toBeNull();

    const organisationId = await suite.organisation(founder);
    const member = async (userId: number) =>
      (
        await ctx.app.db
          .select()
          .from(memberTrackRecords)
          .where(and(eq(memberTrackRecords.organisationId, organisationId), eq(memberTrackRecords.userId, userId)))
      )[0]?.figures;
    expect(await member(founder.id)).toEqual({
      introductions: 5,
      enoughData: true,
      interviews: 2,
      hires: 3,
      guaranteeCases: 1,
      // The founder's own first introductions: J1 120, J2 180, J3 1440.
      medianMinutesToFirstIntroduction: 180,
      computedAt: '2027-03-01T10:00:00.000Z',
    });
    expect(await member(colleague.id)).toEqual({
      introductions: 2,
      enoughData: false,
      interviews: null,
      hires: null,
      guaranteeCases: null,
      medianMinutesToFirstIntroduction: null,
      computedAt: '2027-03-01T10:00:00.000Z',
    });

    // A year and a month later nothing is in the window: the members' rows go, the agency keeps a row with none.
    await suite.run('2028-03-02T10:00:00Z');
    expect(await member(founder.id)).toBeUndefined();
    expect(await suite.agencyFigures(founder)).toMatchObject({ introductions: 0, enoughData: false, hires: null });
  });
});

describe("The agency's speed: first introductions ever, on enough advertisements", () => {
  it('When an advertisement was introduced to before the window, then a later introduction to it is no first; below 3 advertisements there is no speed', async () => {
    const company = await party('company', 'Seehof Hotels KG');
    const founder = await party('consultant', 'Früh Personal');
    const old = await advertisement(company, '2027-02-01T08:00:00Z', 'Portier/in'); // Mon 09:00
    await introduce(founder, old, '2027-02-01T09:00:00Z'); // 60: the first ever, a year before
    const b = await advertisement(company, '2028-03-06T08:00:00Z', 'Hausdame/-herr'); // Mon 09:00
    const c = await advertisement(company, '2028-03-06T08:00:00Z', 'Zimmermädchen/-bursche');
    await introduce(founder, old, '2028-03-06T09:00:00Z'); // in the window, but not the first to it
    await introduce(founder, b, '2028-03-06T09:00:00Z'); // 60
    await introduce(founder, b, '2028-03-06T10:00:00Z');
    await introduce(founder, c, '2028-03-06T10:00:00Z'); // 120
    await introduce(founder, c, '2028-03-06T11:00:00Z');

    // Five introductions in the window, but firsts to two advertisements only: no speed.
    await suite.run('2028-03-07T10:00:00Z');
    const early = await suite.agencyFigures(founder);
    expect(early).toMatchObject({ introductions: 5, enoughData: true, medianMinutesToFirstIntroduction: null });
    expect(agencyTrackRecordSentences(early!).at(-1)).toBe(TRUST_TOO_LITTLE.speed);

    const d = await advertisement(company, '2028-03-06T08:00:00Z', 'Koch/Köchin');
    const e = await advertisement(company, '2028-03-06T08:00:00Z', 'Kellner/in');
    await introduce(founder, d, '2028-03-06T11:00:00Z'); // 180
    await introduce(founder, e, '2028-03-06T12:00:00Z'); // 240
    await suite.run('2028-03-08T10:00:00Z');
    // 60, 120, 180, 240: the second (the old advertisement's second introduction, a year of office
    // minutes after its publication, is no first and would have made it the third).
    expect(await suite.agencyFigures(founder)).toMatchObject({
      introductions: 7,
      medianMinutesToFirstIntroduction: 120,
    });
    const organisationId = await suite.organisation(founder);
    const [own] = await ctx.app.db
      .select()
      .from(memberTrackRecords)
      .where(and(eq(memberTrackRecords.organisationId, organisationId), eq(memberTrackRecords.userId, founder.id)));
    expect(own?.figures.medianMinutesToFirstIntroduction).toBe(120);
  });
});
