import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Introduction } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser, createJob, type ChatUser } from '../../../test/support/chat-fixtures';
import { companyReportBody } from '../../../test/support/placement-fixtures';
import { confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';
import { verifyRegister, type RegisterProblem } from './register-verify';

/**
 * Issue 28 item 8: every fact that decides who is owed money is checked against the register,
 * from the side of someone who edits the database behind the application (and behind the
 * append-only trigger). Each case edits one fact, expects `register:verify` to name the
 * introduction, and puts the fact back so the next case starts from an intact register.
 */

let ctx: TestContext;
let clock = new Date('2027-03-01T09:00:00Z'); // Monday 10:00 in Vienna
let company: ChatUser;
let consultant: ChatUser;
let second: ChatUser;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock, env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createChatUser(ctx.app, 'company');
  consultant = await createChatUser(ctx.app, 'consultant');
  second = await createChatUser(ctx.app, 'consultant');
});
afterAll(async () => {
  await ctx?.close();
});

let people = 0;
function person() {
  people += 1;
  return {
    firstName: 'Lena',
    lastName: `Probe${people}`,
    email: `lena.${people}@example.at`,
    phone: `+43 676 2000${people}`,
  };
}

async function introduced(user: ChatUser, advertisement: number, candidate = person()): Promise<Introduction> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/introductions',
    token: user.token,
    payload: { advertisement, ...candidate, profile: TEST_PROFILE },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ data: Introduction }>().data;
  // The candidate agrees (issue 35): the company may then declare, move and report as before.
  await confirmCandidate(ctx, created.id);
  return created;
}

async function post(user: ChatUser, url: string, data: Record<string, unknown>) {
  const res = await ctx.request({ method: 'POST', url, token: user.token, payload: { data } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

const query = (sql: string, params: unknown[] = []) => ctx.database.query<Record<string, unknown>>(sql, params);

/** Runs `edit` (SQL behind the application), expects a problem of `introductionId`, then `undo`. */
async function expectFound(
  introductionId: number | null,
  pattern: RegExp,
  edit: string[],
  undo: string[],
): Promise<RegisterProblem[]> {
  expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  await query('ALTER TABLE introduction_events DISABLE TRIGGER USER');
  try {
    for (const statement of edit) await query(statement);
    const { problems } = await verifyRegister(ctx.app.db, ctx.config.registerSecret);
    expect(problems).toContainEqual(
      expect.objectContaining({ introductionId, problem: expect.stringMatching(pattern) }),
    );
    for (const statement of undo) await query(statement);
    return problems;
  } finally {
    await query('ALTER TABLE introduction_events ENABLE TRIGGER USER');
  }
}

describe('register:verify against edits of the facts that decide money', () => {
  it("When 'Bereits bekannt' is back-dated, given a new note, or declared in SQL without an entry, then verify names it", async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const known = await introduced(consultant, job.id);
    await post(company, `/api/introductions/${known.id}/already-known`, { note: 'Hat sich im Jänner beworben.' });
    const id = known.id;
    await expectFound(
      id,
      /Bereits bekannt/,
      [`UPDATE introductions SET already_known_at = already_known_at - interval '3 days' WHERE id = ${id}`],
      [`UPDATE introductions SET already_known_at = already_known_at + interval '3 days' WHERE id = ${id}`],
    );
    await expectFound(
      id,
      /Bereits bekannt/,
      [`UPDATE introductions SET already_known_note = 'Kannten wir seit 2020.' WHERE id = ${id}`],
      [`UPDATE introductions SET already_known_note = 'Hat sich im Jänner beworben.' WHERE id = ${id}`],
    );
    // The company voids a live claim in SQL, after its 2 working days.
    const live = await introduced(consultant, job.id);
    await expectFound(
      live.id,
      /Bereits bekannt/,
      [`UPDATE introductions SET already_known_at = now(), already_known_note = 'x' WHERE id = ${live.id}`],
      [`UPDATE introductions SET already_known_at = NULL, already_known_note = NULL WHERE id = ${live.id}`],
    );
  });

  it('When a lapsed claim is revived in SQL, or a live claim is made to lapse, then verify names it', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const rejected = await introduced(consultant, job.id);
    await post(company, `/api/introductions/${rejected.id}/status`, { status: 'abgesagt', reason: 'Kein Budget' });
    const [row] = await query('SELECT claim_lapsed_at FROM introductions WHERE id = $1', [rejected.id]);
    expect(row!['claim_lapsed_at']).not.toBeNull();
    await expectFound(
      rejected.id,
      /Anspruch/,
      [`UPDATE introductions SET claim_lapsed_at = NULL WHERE id = ${rejected.id}`],
      [`UPDATE introductions SET claim_lapsed_at = status_changed_at WHERE id = ${rejected.id}`],
    );
    const live = await introduced(consultant, job.id);
    await expectFound(
      live.id,
      /Anspruch/,
      [`UPDATE introductions SET claim_lapsed_at = now() - interval '9 months' WHERE id = ${live.id}`],
      [`UPDATE introductions SET claim_lapsed_at = NULL WHERE id = ${live.id}`],
    );
  });

  it("When 'nachrangig' or its prior date is edited, then verify names it", async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const candidate = person();
    const first = await introduced(consultant, job.id, candidate);
    clock = new Date(clock.getTime() + 86_400_000);
    const later = await introduced(second, job.id, candidate);
    expect(later.subordinate).toBe(true);
    await expectFound(
      later.id,
      /nachrangig/,
      [`UPDATE introductions SET subordinate = false, prior_introduced_at = NULL WHERE id = ${later.id}`],
      [
        `UPDATE introductions SET subordinate = true, prior_introduced_at = (SELECT introduced_at FROM introductions WHERE id = ${first.id}) WHERE id = ${later.id}`,
      ],
    );
    await expectFound(
      later.id,
      /nachrangig/,
      [`UPDATE introductions SET prior_introduced_at = prior_introduced_at + interval '2 days' WHERE id = ${later.id}`],
      [`UPDATE introductions SET prior_introduced_at = prior_introduced_at - interval '2 days' WHERE id = ${later.id}`],
    );
    // The first consultant's claim made subordinate in SQL.
    await expectFound(
      first.id,
      /nachrangig/,
      [`UPDATE introductions SET subordinate = true WHERE id = ${first.id}`],
      [`UPDATE introductions SET subordinate = false WHERE id = ${first.id}`],
    );
  });

  it('When the consultant is removed from an introduction in SQL while the account exists, then verify names it', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const intro = await introduced(consultant, job.id);
    await expectFound(
      intro.id,
      /Parteien/,
      [`UPDATE introductions SET consultant_id = NULL WHERE id = ${intro.id}`],
      [`UPDATE introductions SET consultant_id = ${consultant.id} WHERE id = ${intro.id}`],
    );
    await expectFound(
      intro.id,
      /Parteien/,
      [`UPDATE introductions SET company_id = NULL WHERE id = ${intro.id}`],
      [`UPDATE introductions SET company_id = ${company.id} WHERE id = ${intro.id}`],
    );
  });

  it('When fingerprints are swapped or dropped without a register entry, then verify names it against the commitment', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const a = await introduced(consultant, job.id);
    const b = await introduced(consultant, job.id);
    const [before] = await query(
      'SELECT email_fingerprint, phone_fingerprint, candidate_salt FROM introductions WHERE id = $1',
      [a.id],
    );
    const restore = `UPDATE introductions SET email_fingerprint = '${String(before!['email_fingerprint'])}', phone_fingerprint = '${String(before!['phone_fingerprint'])}', candidate_salt = '${String(before!['candidate_salt'])}' WHERE id = ${a.id}`;
    // a's fingerprints replaced by b's: a hire of b would then be matched to a's claim.
    await expectFound(
      a.id,
      /Fingerabdr/,
      [
        `UPDATE introductions SET email_fingerprint = (SELECT email_fingerprint FROM introductions WHERE id = ${b.id}) WHERE id = ${a.id}`,
      ],
      [restore],
    );
    // Dropped early, so a later hire of the person is not flagged.
    await expectFound(
      a.id,
      /Fingerabdr/,
      [
        `UPDATE introductions SET email_fingerprint = NULL, phone_fingerprint = NULL, candidate_salt = NULL WHERE id = ${a.id}`,
      ],
      [restore],
    );
  });

  it('When a circumvention flag is removed or a report is re-pointed in SQL, then verify names it', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const other = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const candidate = person();
    const claim = await introduced(consultant, job.id, candidate);
    const res = await post(
      company,
      '/api/placement-reports',
      companyReportBody(other.id, { candidateEmail: candidate.email }),
    );
    const reportId = res.json<{ data: { id: number } }>().data.id;
    const [report] = await query(
      'SELECT circumvention_at, circumvention_evidence FROM placement_reports WHERE id = $1',
      [reportId],
    );
    expect(report!['circumvention_at']).not.toBeNull();
    const evidence = report!['circumvention_evidence'];
    // The evidence says the claim was live: turned into 'lapsed', it would weaken the consultant's case.
    await expectFound(
      claim.id,
      /Umgehungsverdacht/,
      [
        `UPDATE placement_reports SET circumvention_evidence = jsonb_set(circumvention_evidence, '{0,claim}', '"lapsed"') WHERE id = ${reportId}`,
      ],
      [
        `UPDATE placement_reports SET circumvention_evidence = jsonb_set(circumvention_evidence, '{0,claim}', '"live"') WHERE id = ${reportId}`,
      ],
    );
    await expectFound(
      claim.id,
      /Umgehungsverdacht/,
      [`UPDATE introductions SET circumvention_at = NULL WHERE id = ${claim.id}`],
      [
        `UPDATE introductions SET circumvention_at = (SELECT circumvention_at FROM placement_reports WHERE id = ${reportId}) WHERE id = ${claim.id}`,
      ],
    );
    await expectFound(
      claim.id,
      /Umgehungsverdacht/,
      [`UPDATE placement_reports SET circumvention_at = NULL, circumvention_evidence = NULL WHERE id = ${reportId}`],
      [
        `UPDATE placement_reports SET circumvention_at = (SELECT circumvention_at FROM introductions WHERE id = ${claim.id}), circumvention_evidence = '${JSON.stringify(evidence)}' WHERE id = ${reportId}`,
      ],
    );
    // A report re-pointed at the claim: its locked bonus would apply to a hire nobody reported for it.
    await expectFound(
      claim.id,
      /Stellenbesetzung/,
      [`UPDATE placement_reports SET introduction_id = ${claim.id} WHERE id = ${reportId}`],
      [`UPDATE placement_reports SET introduction_id = NULL WHERE id = ${reportId}`],
    );
  });

  it('When the former company of an introduction (its account deleted) is swapped or cleared in SQL, then verify names it: that decides who owes the fee', async () => {
    const gone = await createChatUser(ctx.app, 'company');
    const other = await createChatUser(ctx.app, 'company');
    const job = await createJob(ctx.app.db, gone.id, { bonus: 12 });
    const intro = await introduced(consultant, job.id);
    await post(gone, `/api/introductions/${intro.id}/status`, { status: 'abgesagt', reason: 'Kein Budget' });
    const deleted = await ctx.request({ method: 'DELETE', url: `/api/users/${gone.id}`, token: gone.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await query('SELECT company_id, former_company_id FROM introductions WHERE id = $1', [intro.id]);
    expect(row).toEqual({ company_id: null, former_company_id: gone.id });
    const back = [`UPDATE introductions SET former_company_id = ${gone.id} WHERE id = ${intro.id}`];
    // Pinned on another former account: that company's new account would owe the fee instead.
    await expectFound(
      intro.id,
      /Frühere Firma/,
      [`UPDATE introductions SET former_company_id = ${other.id} WHERE id = ${intro.id}`],
      back,
    );
    // Cleared: the company registering again would no longer find its old claim.
    await expectFound(
      intro.id,
      /Frühere Firma/,
      [`UPDATE introductions SET former_company_id = NULL WHERE id = ${intro.id}`],
      back,
    );
  });

  it('When an introduction in the middle of the register is deleted while its entries stay, then verify names it instead of skipping it', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const middle = await introduced(consultant, job.id);
    await introduced(consultant, job.id); // a later one: the deleted introduction is not the tail
    const fk = 'introduction_events_introduction_id_fkey';
    await expectFound(
      middle.id,
      /fehlt/,
      [
        `CREATE TABLE saved_introduction AS SELECT * FROM introductions WHERE id = ${middle.id}`,
        `ALTER TABLE introduction_events DROP CONSTRAINT ${fk}`,
        `DELETE FROM introductions WHERE id = ${middle.id}`,
      ],
      [
        'INSERT INTO introductions SELECT * FROM saved_introduction',
        'DROP TABLE saved_introduction',
        `ALTER TABLE introduction_events ADD CONSTRAINT ${fk} FOREIGN KEY (introduction_id) REFERENCES introductions(id) ON DELETE RESTRICT`,
      ],
    );
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });

  it('When the newest introduction and its entries are deleted (a truncated tail), then verify says the register was cut', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const newest = await introduced(consultant, job.id);
    const problems = await expectFound(
      null,
      /gekürzt/,
      [
        `DELETE FROM introduction_events WHERE introduction_id = ${newest.id}`,
        `UPDATE chat_messages SET message = 'x' WHERE id = (SELECT message_id FROM introductions WHERE id = ${newest.id})`,
        `DELETE FROM introductions WHERE id = ${newest.id}`,
      ],
      [],
    );
    expect(problems.map((p) => p.problem).join('\n')).toMatch(/gekürzt/);
  });
});
