import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARANTEE_MSG, MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { minimalPdf } from '../../../test/support/chat-fixtures';
import { multipartBody } from '../../../test/support/multipart';

/**
 * Issue 28, item 16: documents for a guarantee claim are authorised before the multipart body is
 * read — like the chat's file messages. A stranger company, a consultant or an admin is refused
 * whatever the body is (huge, malformed, or a valid PDF), nothing reaches the file store, and the
 * answer comes before the body has even been sent.
 */

let ctx: TestContext;
let port: number;
let company: TestUser;
let otherCompany: TestUser;
let consultant: TestUser;
let admin: TestUser;
let openClaimId: number;
let decidedClaimId: number;

/** A placement report and a claim on it, written straight into the database (the claim rules are not under test). */
async function claimOf(owner: TestUser, status: 'offen' | 'abgelehnt'): Promise<number> {
  const [report] = await ctx.database.query<{ id: number }>(
    `INSERT INTO placement_reports (variant, company_id, company_organisation_id, recruiter, recruiter_mail,
       company_name, job_title, contact_person, placement_bonus, actual_salary, placement_fee, service_fee, status)
     VALUES ('company', $1, (SELECT organisation_id FROM organisation_members WHERE user_id = $1),
       'Sabine Recruiting', 'sabine@example.test', 'Alpenhof GmbH', 'Nachtportier',
       'Frau Muster', 20, 60000, 12000, 1200, 'verrechnet') RETURNING id`,
    [owner.id],
  );
  const [claim] = await ctx.database.query<{ id: number }>(
    `INSERT INTO guarantee_claims (placement_report_id, company_id, employment_start, employment_end, ended_by, note, status)
     VALUES ($1, $2, current_date, current_date, 'arbeitnehmer', 'Kündigung', $3) RETURNING id`,
    [report!.id, owner.id, status],
  );
  return claim!.id;
}

const storedFiles = () =>
  existsSync(ctx.config.uploadDir)
    ? readdirSync(ctx.config.uploadDir, { recursive: true }).filter((f) => String(f).includes('.')).length
    : 0;
const uploadRows = async () =>
  (await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads'))[0]!.n;

function post(claimId: number, user: TestUser, body: { payload: Buffer; headers: Record<string, string> }) {
  return ctx.request({ method: 'POST', url: `/api/guarantee-claims/${claimId}/documents`, token: user.token, ...body });
}

const validBody = () => multipartBody([{ name: 'Kündigung.pdf', data: minimalPdf('Kündigung') }]);
const malformedBody = () => ({
  payload: Buffer.from('--nicht-die-grenze\r\nwhatever\r\n'),
  headers: { 'content-type': 'multipart/form-data; boundary=eine-andere-grenze' },
});
const hugeBody = () =>
  multipartBody([{ name: 'riesig.pdf', data: Buffer.concat([minimalPdf(), Buffer.alloc(6_000_000)]) }]);

/**
 * Sends the headers of a 50 MB upload and only its first bytes. Returns the status line the
 * server answers with meanwhile (null when it waits for the rest of the body) and whether it
 * then closed the connection (instead of reading and discarding the remaining 50 MB).
 */
function answerBeforeBody(claimId: number, user: TestUser): Promise<{ status: string | null; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    const statusLine = () => (received.includes('\r\n') ? received.split('\r\n')[0]! : null);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: statusLine(), closed });
    };
    const timer = setTimeout(() => finish(false), 3000);
    socket.on('error', () => finish(true));
    socket.on('end', () => finish(true));
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.write(
      `POST /api/guarantee-claims/${claimId}/documents HTTP/1.1\r\nHost: localhost\r\n` +
        `Authorization: Bearer ${user.token}\r\nContent-Type: multipart/form-data; boundary=grenze\r\n` +
        `Content-Length: 50000000\r\n\r\n--grenze\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4\n`,
    );
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' });
  otherCompany = await createUser(ctx, { role: 'company', username: 'Bergbau AG' });
  consultant = await createUser(ctx, { role: 'consultant' });
  admin = await createUser(ctx, { role: 'admin' });
  openClaimId = await claimOf(company, 'offen');
  decidedClaimId = await claimOf(company, 'abgelehnt');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await ctx?.close();
});

describe('Guarantee claim documents: authorised before the body is read', () => {
  it('When another company posts documents to a claim, then 404 whatever the body, and nothing is stored', async () => {
    const before = { files: storedFiles(), rows: await uploadRows() };
    for (const [label, body] of [
      ['valid', validBody()],
      ['malformed', malformedBody()],
      ['over 5 MB', hugeBody()],
    ] as const) {
      const res = await post(openClaimId, otherCompany, body);
      expect(res.statusCode, label).toBe(404);
      expect(res.json(), label).toMatchObject({ error: { status: 404, message: GUARANTEE_MSG.claimNotFound } });
    }
    expect({ files: storedFiles(), rows: await uploadRows() }).toEqual(before);
  });

  it('When a consultant or an admin posts documents to a claim, then 403 whatever the body', async () => {
    for (const user of [consultant, admin]) {
      for (const body of [validBody(), malformedBody()]) {
        const res = await post(openClaimId, user, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: { status: 403, message: MSG.forbidden } });
      }
    }
  });

  it('When the claim is decided, then its own company is refused with 409 before the body is read', async () => {
    const before = { files: storedFiles(), rows: await uploadRows() };
    for (const body of [validBody(), malformedBody()]) {
      const res = await post(decidedClaimId, company, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { message: GUARANTEE_MSG.documentsClosed } });
    }
    expect({ files: storedFiles(), rows: await uploadRows() }).toEqual(before);
  });

  it('When a stranger starts sending a 50 MB upload, then the refusal arrives before the body and the connection closes', async () => {
    const cases: Array<[number, TestUser, string]> = [
      [openClaimId, otherCompany, '404'],
      [decidedClaimId, company, '409'],
      [openClaimId, consultant, '403'],
    ];
    for (const [claimId, user, status] of cases) {
      const answer = await answerBeforeBody(claimId, user);
      expect(answer.status).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(answer.closed, `${status}: the server reads the unwanted body`).toBe(true);
    }
  });

  it('When the company adds a document to its open claim, then it is stored (the early check lets it through)', async () => {
    const res = await post(openClaimId, company, validBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0]).toMatchObject({ name: 'Kündigung.pdf' });
  });
});
