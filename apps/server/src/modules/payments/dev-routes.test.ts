import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * The dev job runner exists only where DEV_JOBS=true outside production, answers only this machine,
 * and runs the reminder run or the agency-share settlement as of the day it is given (the reminders themselves: dunning.test.ts).
 */

let withJobs: TestContext;
let without: TestContext;

beforeAll(async () => {
  withJobs = await createTestContext({ env: { DEV_JOBS: 'true' } });
  without = await createTestContext();
});

afterAll(async () => {
  await withJobs?.close();
  await without?.close();
});

describe('dev job runner', () => {
  it('When DEV_JOBS is set, then this machine runs the reminder run as of a day; a bad day is a German 400, another machine gets 404', async () => {
    const run = await withJobs.request({ method: 'POST', url: '/dev/jobs/dunning', payload: { asOf: '2027-01-07' } });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ data: [] });
    const shares = await withJobs.request({
      method: 'POST',
      url: '/dev/jobs/agency-shares',
      payload: { asOf: '2027-01-07' },
    });
    expect(shares.statusCode, shares.body).toBe(200);
    expect(shares.json()).toEqual({ data: [] });
    const bad = await withJobs.request({ method: 'POST', url: '/dev/jobs/dunning', payload: { asOf: '2027-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Bitte geben Sie einen Tag an (JJJJ-MM-TT).');
    const remote = await withJobs.request({
      method: 'POST',
      url: '/dev/jobs/dunning',
      payload: { asOf: '2027-01-07' },
      remoteAddress: '203.0.113.7',
    });
    expect(remote.statusCode).toBe(404);
  });

  it('When DEV_JOBS is not set, then the route does not exist', async () => {
    for (const job of ['dunning', 'agency-shares']) {
      const res = await without.request({ method: 'POST', url: `/dev/jobs/${job}`, payload: { asOf: '2027-01-07' } });
      expect(res.statusCode).toBe(404);
    }
  });
});
