import { describe, expect, it } from 'vitest';
import type { Interview } from '@pb/core';
import { createJob } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';

/**
 * Interviews under concurrency on PostgreSQL (issue 35): two proposals at once leave one open
 * interview; the consultant and the candidate picking different times at once agree one time and
 * send one set of invitations.
 */

const suite = introductionsSuite();
const { ctx, company, consultant, at, introduced } = suite;

const proposal = {
  slots: [
    { date: '2026-12-09', time: '10:00' },
    { date: '2026-12-09', time: '14:00' },
  ],
  durationMinutes: 60,
  mode: 'telefon',
  location: '+43 1 234 5678',
};

async function count(sql: string, params: unknown[]): Promise<number> {
  return (await ctx.database.query<{ n: number }>(sql, params))[0]!.n;
}

describe('Interviews at the same moment', () => {
  it('When the company proposes twice at once, then one interview is open and the other request is refused', async () => {
    at('2026-12-04T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const { data } = await introduced(consultant, job.id);
    const send = () =>
      ctx.request({
        method: 'POST',
        url: `/api/introductions/${data.id}/interviews`,
        token: company.token,
        payload: { data: proposal },
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await count('SELECT count(*)::int AS n FROM interviews WHERE introduction_id = $1', [data.id])).toBe(1);
  });

  it('When the consultant and the candidate pick different times at once, then one time is agreed and invited once', async () => {
    at('2026-12-04T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const { data } = await introduced(consultant, job.id);
    const proposed = (
      await ctx.request({
        method: 'POST',
        url: `/api/introductions/${data.id}/interviews`,
        token: company.token,
        payload: { data: proposal },
      })
    ).json<{ data: Interview }>().data;
    await ctx.request({
      method: 'POST',
      url: `/api/interviews/${proposed.id}/candidate-link`,
      token: consultant.token,
    });
    await ctx.deliverMail();
    const mail = ctx.smtp.messages.find(
      (m) => m.subject.startsWith('Interviewtermin wählen') && m.text.includes('termin#'),
    );
    const token = /\/termin#([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const [byConsultant, byCandidate] = await Promise.all([
      ctx.request({
        method: 'POST',
        url: `/api/interviews/${proposed.id}/choice`,
        token: consultant.token,
        payload: { data: { slot: proposed.slots[0]!.id } },
      }),
      ctx.request({
        method: 'POST',
        url: '/api/interview-choice/choose',
        payload: { token, slot: proposed.slots[1]!.id },
      }),
    ]);
    expect([byConsultant.statusCode, byCandidate.statusCode].sort()).toEqual([200, 409]);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM introduction_events WHERE introduction_id = $1 AND kind = 'interview_scheduled'",
        [data.id],
      ),
    ).toBe(1);
    // Three participants, one invitation each.
    const invitations = await ctx.database.query<{ to_address: string }>(
      "SELECT to_address FROM mail_outbox WHERE event = 'interview.scheduled' AND calendar->>'content' LIKE $1",
      [`%Vorstellung Nr. ${data.id} %`],
    );
    expect(invitations).toHaveLength(3);
  });
});
