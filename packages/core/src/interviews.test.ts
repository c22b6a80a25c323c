import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { viennaLocalInstant, viennaParts } from './index';
import {
  checkInterviewSlots,
  formatAppointment,
  INTERVIEW_EARLIEST_START,
  INTERVIEW_LATEST_START,
  INTERVIEW_MSG,
  interviewFeedbackSchema,
  interviewProposalSchema,
} from './interviews';

describe('Vienna wall-clock time', () => {
  it('turns local times into instants across both changes of the clocks', () => {
    expect(viennaLocalInstant('2027-01-15', '10:00')?.toISOString()).toBe('2027-01-15T09:00:00.000Z');
    expect(viennaLocalInstant('2027-07-15', '10:00')?.toISOString()).toBe('2027-07-15T08:00:00.000Z');
    // 28 March 2027: 02:00 jumps to 03:00 — 02:30 does not exist, 01:59 and 03:00 do.
    expect(viennaLocalInstant('2027-03-28', '02:30')).toBeNull();
    expect(viennaLocalInstant('2027-03-28', '01:59')?.toISOString()).toBe('2027-03-28T00:59:00.000Z');
    expect(viennaLocalInstant('2027-03-28', '03:00')?.toISOString()).toBe('2027-03-28T01:00:00.000Z');
    // 31 October 2027: 03:00 goes back to 02:00 — 02:30 happens twice, the first (summer time) counts.
    expect(viennaLocalInstant('2027-10-31', '02:30')?.toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(viennaLocalInstant('2027-10-31', '10:00')?.toISOString()).toBe('2027-10-31T09:00:00.000Z');
  });

  it('names appointments with their weekday', () => {
    expect(formatAppointment('2027-10-31T09:00:00Z')).toBe('Sonntag, 31.10.2027, 10:00 Uhr');
    expect(formatAppointment('2026-12-15T09:00:00Z')).toBe('Dienstag, 15.12.2026, 10:00 Uhr');
  });
});

describe('Proposed interview times', () => {
  const now = new Date('2027-03-20T09:00:00Z');

  it('accepts any times the rules allow and only those: in the hours, ahead, apart by the duration', () => {
    const slot = fc.record({
      date: fc
        .integer({ min: -2, max: 100 })
        .map((d) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10)),
      time: fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
    });
    fc.assert(
      fc.property(
        fc.array(slot, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 15, max: 480 }),
        (slots, duration) => {
          const result = checkInterviewSlots(slots, duration, now);
          if ('problem' in result) {
            expect(typeof result.problem).toBe('string');
            return;
          }
          const starts = [...result.starts].sort((a, b) => a.getTime() - b.getTime());
          for (const start of starts) {
            const hour = Number(viennaParts(start).hour);
            expect(hour).toBeGreaterThanOrEqual(INTERVIEW_EARLIEST_START);
            expect(hour).toBeLessThanOrEqual(INTERVIEW_LATEST_START);
            expect(start.getTime()).toBeGreaterThan(now.getTime());
          }
          for (let i = 1; i < starts.length; i += 1) {
            expect(starts[i]!.getTime() - starts[i - 1]!.getTime()).toBeGreaterThanOrEqual(duration * 60_000);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers any body with the proposal or a German message of its own', () => {
    const own = new Set<unknown>(Object.values(INTERVIEW_MSG).filter((m) => typeof m === 'string'));
    fc.assert(
      fc.property(
        fc.record(
          {
            slots: fc.oneof(
              fc.array(fc.record({ date: fc.string(), time: fc.string() }), { maxLength: 7 }),
              fc.string(),
            ),
            durationMinutes: fc.oneof(fc.integer({ min: -10, max: 600 }), fc.double(), fc.string()),
            mode: fc.oneof(fc.constantFrom('vor_ort', 'video', 'telefon', 'brieftaube'), fc.integer()),
            location: fc.oneof(fc.string({ maxLength: 320 }), fc.constant('https://meet.example.at/x')),
            note: fc.option(fc.string({ maxLength: 1100 }), { nil: undefined }),
          },
          { requiredKeys: [] },
        ),
        (body) => {
          const result = interviewProposalSchema.safeParse(body);
          if (!result.success)
            for (const issue of result.error.issues) expect(own, issue.message).toContain(issue.message);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('needs a reason from the catalogue and a note for a rejection only', () => {
    expect(interviewFeedbackSchema.safeParse({ outcome: 'angebot' }).success).toBe(true);
    expect(interviewFeedbackSchema.safeParse({ outcome: 'abgesagt', note: 'x' }).error?.issues[0]?.message).toBe(
      INTERVIEW_MSG.reasonRequired,
    );
    expect(interviewFeedbackSchema.safeParse({ outcome: 'abgesagt', reason: 'gehalt' }).error?.issues[0]?.message).toBe(
      INTERVIEW_MSG.feedbackNoteRequired,
    );
    expect(interviewFeedbackSchema.safeParse({ outcome: 'abgesagt', reason: 'laune', note: 'x' }).success).toBe(false);
  });
});
