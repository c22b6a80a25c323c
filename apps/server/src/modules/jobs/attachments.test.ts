import { multipartBody } from '../../../test/support/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Job, type JobAttachment } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, jobData, type TestUser } from '../../../test/factories';

let ctx: TestContext;
let a: TestUser;
let b: TestUser;
let consultant: TestUser;
let jobId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6300010000050001ae0d0a2d0000000049454e44ae426082',
  'hex',
);

const multipart = (files: Array<{ name: string; data: Buffer; field?: string }>) =>
  multipartBody(files.map((f) => ({ ...f, type: 'application/octet-stream' })));

const upload = (token: string, id: number, files: Array<{ name: string; data: Buffer }>) =>
  ctx.request({ method: 'POST', url: `/api/jobs/${id}/attachments`, token, ...multipart(files) });

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createUser(ctx, { role: 'company' });
  b = await createUser(ctx, { role: 'company' });
  consultant = await createUser(ctx, { role: 'consultant' });
  const res = await ctx.request({ method: 'POST', url: '/api/jobs', token: a.token, payload: { data: jobData() } });
  jobId = (res.json() as { data: Job }).data.id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('Job attachments', () => {
  it('When the owner uploads two PDFs, then both are listed on the job and downloadable as attachments', async () => {
    const res = await upload(a.token, jobId, [
      { name: 'Stellenbeschreibung.pdf', data: PDF },
      { name: 'Über uns.pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const files = res.json().data as JobAttachment[];
    expect(files.map((f) => [f.name, f.ext, f.mime, f.size])).toEqual([
      ['Stellenbeschreibung.pdf', 'pdf', 'application/pdf', PDF.length],
      ['Über uns.pdf', 'pdf', 'application/pdf', PDF.length],
    ]);
    const job = await ctx.request({ method: 'GET', url: `/api/jobs/${jobId}`, token: consultant.token });
    expect(job.json().data.attachments).toEqual(files);
    const download = await ctx.request({ method: 'GET', url: files[1]!.url, token: consultant.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="_ber uns.pdf"; filename\*=UTF-8''%C3%9Cber%20uns.pdf$/,
    );
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await ctx.request({ method: 'GET', url: files[0]!.url })).statusCode).toBe(401);
    const listed = await ctx.request({ method: 'GET', url: `/api/jobs/${jobId}/attachments`, token: b.token });
    expect(listed.json().data).toHaveLength(2);
  });

  it('When someone else uploads or deletes, or the type is wrong, then it is refused', async () => {
    expect((await upload(b.token, jobId, [{ name: 'x.pdf', data: PDF }])).statusCode).toBe(403);
    expect((await upload(consultant.token, jobId, [{ name: 'x.pdf', data: PDF }])).statusCode).toBe(403);
    const png = await upload(a.token, jobId, [{ name: 'bild.pdf', data: PNG }]);
    expect(png.statusCode).toBe(400);
    expect(png.json().error.message).toBe(MSG.chatWrongType);
    const six = await upload(
      a.token,
      jobId,
      Array.from({ length: 6 }, (_, i) => ({ name: `d${i}.pdf`, data: PDF })),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().error.message).toBe(MSG.chatTooManyFiles);
    const listed = await ctx.request({ method: 'GET', url: `/api/jobs/${jobId}/attachments`, token: a.token });
    const first = (listed.json().data as JobAttachment[])[0]!;
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/jobs/${jobId}/attachments/${first.id}`, token: b.token }))
        .statusCode,
    ).toBe(403);
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/jobs/${jobId}/attachments/${first.id}`,
      token: a.token,
    });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: first.url, token: a.token })).statusCode).toBe(404);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/jobs/${jobId}/attachments`, token: a.token })).json().data,
    ).toHaveLength(1);
  });
});
