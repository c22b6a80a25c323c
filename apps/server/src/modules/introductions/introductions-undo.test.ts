import { describe, expect, it } from 'vitest';
import type { IntroductionDetail } from '@pb/core';
import { createJob } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { appendRegisterEntry } from './register';
import { verifyRegister } from './register-verify';

/**
 * 'Rückgängig' after a stage change (issue 32): within seconds and only while nothing else happened;
 * the register keeps the move and its taking back, and an undone 'Interview' does not end the
 * 'Bereits bekannt' window. From the cheating side: another company, the agency, a late or repeated undo.
 */

const { ctx, company, otherCompany, consultant, at, introduced, detail, move } = introductionsSuite();

const undo = (token: string, id: number) =>
  ctx.request({ method: 'POST', url: `/api/introductions/${id}/status/undo`, token });

describe('Undo a stage change', () => {
  it('When the company takes back Interview within seconds, then it is Neu again, the register shows both and Bereits bekannt is still possible', async () => {
    at('2026-12-04T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 15 });
    const { data } = await introduced(consultant, job.id);
    at('2026-12-04T09:05:00Z');
    expect((await move(company, data.id, 'interview')).statusCode).toBe(200);
    expect((await detail(company, data.id)).body.data.canDeclareKnown).toBe(false);

    // Neither another company nor the agency can take it back.
    expect((await undo(otherCompany.token, data.id)).statusCode).toBe(404);
    expect((await undo(consultant.token, data.id)).statusCode).toBe(403);

    at('2026-12-04T09:05:08Z');
    const undone = await undo(company.token, data.id);
    expect(undone.statusCode, undone.body).toBe(200);
    const after: IntroductionDetail = (await detail(company, data.id)).body.data;
    expect(after.status).toBe('neu');
    expect(after.canDeclareKnown).toBe(true);
    // The candidate's confirmation (issue 35) precedes the move; its window runs from the release.
    expect(after.timeline.map((t) => t.kind)).toEqual([
      'introduced',
      'consent_confirmed',
      'identity_released',
      'status',
      'status_undone',
    ]);
    expect((await detail(consultant, data.id)).body.data.status).toBe('neu');
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);

    // Taken back once: a second undo finds nothing to take back.
    expect((await undo(company.token, data.id)).statusCode).toBe(409);
  });

  it('When the undo comes late, after another entry, or for Eingestellt, then it is refused and nothing changes', async () => {
    at('2026-12-07T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 15 });
    const late = (await introduced(consultant, job.id)).data;
    expect((await move(company, late.id, 'in_pruefung')).statusCode).toBe(200);
    at('2026-12-07T09:00:20Z');
    const refused = await undo(company.token, late.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('10 Sekunden');
    expect((await detail(company, late.id)).body.data.status).toBe('in_pruefung');

    const hired = (await introduced(consultant, job.id)).data;
    expect((await move(company, hired.id, 'eingestellt')).statusCode).toBe(200);
    expect((await undo(company.token, hired.id)).statusCode).toBe(409);
    expect((await detail(company, hired.id)).body.data.status).toBe('eingestellt');

    const rejected = (await introduced(consultant, job.id)).data;
    expect((await move(company, rejected.id, 'abgesagt', 'Nicht passend')).statusCode).toBe(200);
    expect((await undo(company.token, rejected.id)).statusCode).toBe(409);
  });

  it('When a taking-back entry names no matching move (written behind the rules), then the register check reports it', async () => {
    at('2026-12-09T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 15 });
    const { data } = await introduced(consultant, job.id);
    at('2026-12-09T10:00:00Z');
    expect((await move(company, data.id, 'angebot')).statusCode).toBe(200);
    // A minute later, through the register's own key: too late, and back to a stage it never came from.
    const late = new Date('2026-12-09T10:01:00Z');
    const [entry] = await ctx.database.query<{ id: number }>(
      'SELECT id FROM introduction_events WHERE introduction_id = $1 ORDER BY id DESC LIMIT 1',
      [data.id],
    );
    await ctx.app.db.transaction((tx) =>
      appendRegisterEntry(tx, ctx.config.registerSecret, {
        introductionId: data.id,
        kind: 'status_undone',
        at: late,
        data: { status: 'interview', undoes: entry!.id },
      }),
    );
    await ctx.database.query("UPDATE introductions SET status = 'interview', status_changed_at = $2 WHERE id = $1", [
      data.id,
      late,
    ]);
    const report = await verifyRegister(ctx.app.db, ctx.config.registerSecret);
    expect(report.problems.map((p) => p.problem)).toContain('Zurücknahme ohne passenden Statuswechsel davor');
  });
});
