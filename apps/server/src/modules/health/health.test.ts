import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';

describe('system routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When the database answers, then /api/health reports it up', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: { status: 'up', driver: ctx.database.driver },
      storage: { status: 'up', kind: 'disk' },
      redis: { status: 'off' },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('When the liveness probe is asked, then it answers 200 without the database', async () => {
    const query = ctx.database.query;
    ctx.database.query = () => Promise.reject(new Error('must not be called'));
    try {
      const res = await ctx.request({ method: 'GET', url: '/api/health/live' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    } finally {
      ctx.database.query = query;
    }
  });

  it('When the database does not answer, then /api/health and /api/health/ready are 503 within DB_HEALTH_TIMEOUT_MS', async () => {
    const query = ctx.database.query;
    ctx.database.query = () => new Promise(() => undefined);
    try {
      for (const url of ['/api/health', '/api/health/ready']) {
        const started = performance.now();
        const res = await ctx.request({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          status: 'degraded',
          database: { status: 'down', driver: ctx.database.driver },
          storage: { status: 'up' },
        });
        expect(performance.now() - started).toBeLessThan(ctx.config.dbTimeouts.healthMs + 500);
      }
    } finally {
      ctx.database.query = query;
    }
    expect((await ctx.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('When the disk store does not answer or refuses, then readiness is 503 naming the store', async () => {
    const check = ctx.app.storage.check;
    try {
      ctx.app.storage.check = () => new Promise(() => undefined);
      const hanging = await ctx.request({ method: 'GET', url: '/api/health/ready' });
      expect(hanging.statusCode).toBe(503);
      expect(hanging.json()).toMatchObject({
        status: 'degraded',
        database: { status: 'up' },
        storage: { status: 'down' },
      });
      ctx.app.storage.check = () => Promise.reject(new Error('disk gone'));
      expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      ctx.app.storage.check = check;
    }
    expect((await ctx.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('When the instance is stopping, then readiness is 503 "stopping" while liveness stays 200', async () => {
    ctx.app.lifecycle.stopping = true;
    try {
      const res = await ctx.request({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'stopping', database: { status: 'up' }, storage: { status: 'up' } });
      expect((await ctx.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.stopping = false;
    }
  });

  it('When an unknown /api path is asked for, then it is a 404 in the error shape', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: null, error: { status: 404, name: 'NotFoundError' } });
  });

  it('When the OpenAPI document is requested, then it lists the routes', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/districts', '/api/contact']));
  });

  it('When a bearer token is garbage, then the API answers 401 so the client drops it', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health', token: 'garbage' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.status).toBe(401);
  });
});
