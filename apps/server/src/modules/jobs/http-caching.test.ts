import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema, jobSchema, singleSchema } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { etagMatches } from '../../lib/json-response';

/**
 * The advertisement list and detail on the wire (issue 14): compressed when the client accepts
 * it, an ETag that changes with every write the answer shows, 304 for a current copy, and cache
 * headers that never let one caller's answer reach another.
 */

let ctx: TestContext;
let company: TestUser;
let consultant: TestUser;
let jobId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await createUser(ctx, { role: 'company' });
  consultant = await createUser(ctx, { role: 'consultant' });
  for (let i = 0; i < 25; i += 1) {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: company.token,
      payload: { data: jobData({ jobTitle: `Controller ${i}`, assignment: ['Monatsabschluss', 'Reporting'] }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    jobId = (res.json() as { data: { id: number } }).data.id;
  }
});
afterAll(async () => {
  await ctx?.close();
});

const listUrl = '/api/jobs?pagination[limit]=200&pagination[withCount]=true';

describe('Advertisement answers on the wire', () => {
  it('When the client accepts brotli or gzip, then the list comes compressed and decodes to the same JSON', async () => {
    const plain = await ctx.request({ method: 'GET', url: listUrl, token: consultant.token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(collectionSchema(jobSchema).parse(plain.json()).data).toHaveLength(25);

    const br = await ctx.request({
      method: 'GET',
      url: listUrl,
      token: consultant.token,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary'])).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await ctx.request({
      method: 'GET',
      url: listUrl,
      token: consultant.token,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('When an answer is under 1 KB, then it is sent uncompressed', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/jobs/count',
      token: consultant.token,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBe(25);
  });

  it('When the client sends the current ETag, then it gets 304 without a body; after a write, 200 with a new ETag', async () => {
    const first = await ctx.request({ method: 'GET', url: listUrl, token: consultant.token });
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers['vary'])).toMatch(/authorization/i);

    const again = await ctx.request({
      method: 'GET',
      url: listUrl,
      token: consultant.token,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const changed = await ctx.request({
      method: 'POST',
      url: '/api/placement-bonuses',
      token: company.token,
      payload: { data: { bonus: 7.5, advertisement: jobId } },
    });
    expect(changed.statusCode, changed.body).toBe(201);
    const after = await ctx.request({
      method: 'GET',
      url: listUrl,
      token: consultant.token,
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(etag);
    const changedJob = (after.json() as { data: { id: number; placementBonus: number }[] }).data.find(
      (j) => j.id === jobId,
    );
    expect(changedJob?.placementBonus).toBe(7.5);
  });

  it('When a visitor and a consultant read the same address, then each gets their own answer and ETag', async () => {
    const visitor = await ctx.request({ method: 'GET', url: '/api/jobs' });
    const signedIn = await ctx.request({ method: 'GET', url: '/api/jobs', token: consultant.token });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('public, no-cache');
    expect(String(visitor.headers['vary'])).toMatch(/authorization/i);
    expect(visitor.headers['etag']).not.toBe(signedIn.headers['etag']);
    // The visitor's copy hides the details; the consultant's carries them.
    const visitorJob = (visitor.json() as { data: { assignment: string[] }[] }).data[0];
    const signedInJob = (signedIn.json() as { data: { assignment: string[] }[] }).data[0];
    expect(visitorJob?.assignment).toEqual([]);
    expect(signedInJob?.assignment).toEqual(['Monatsabschluss', 'Reporting']);

    // A visitor's current copy is 304; the consultant's ETag does not match the visitor answer.
    const revalidated = await ctx.request({
      method: 'GET',
      url: '/api/jobs',
      headers: { 'if-none-match': String(visitor.headers['etag']) },
    });
    expect(revalidated.statusCode).toBe(304);
    const crossed = await ctx.request({
      method: 'GET',
      url: '/api/jobs',
      headers: { 'if-none-match': String(signedIn.headers['etag']) },
    });
    expect(crossed.statusCode).toBe(200);
  });

  it('When one advertisement is read, then it carries an ETag and answers 304 to it', async () => {
    const first = await ctx.request({ method: 'GET', url: `/api/jobs/${jobId}`, token: consultant.token });
    expect(first.statusCode).toBe(200);
    expect(singleSchema(jobSchema).parse(first.json()).data.id).toBe(jobId);
    const etag = String(first.headers['etag']);
    const again = await ctx.request({
      method: 'GET',
      url: `/api/jobs/${jobId}`,
      token: consultant.token,
      headers: { 'if-none-match': `W/${etag}, "other"` },
    });
    expect(again.statusCode).toBe(304);
  });

  it('When If-None-Match lists tags, then the weak comparison of RFC 9110 decides', () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", W/"a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"ab"', '"a"')).toBe(false);
  });
});
