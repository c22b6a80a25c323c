import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestContext, type TestContext } from './helpers';
import { createUser, jobData } from './factories';
import { hostile, toJson } from './support/hostile-values';
import { ROLES, routesOf, type Operation, type Role, type Route } from './support/openapi-routes';
import { planFor, PROTO_KEYS, seedBody, type Fixtures, type Plan } from './support/request-plans';
import { connectChat, type ChatClient } from './support/socket-client';

/**
 * Property: whatever a client sends to any route — hostile values at any position of the
 * path, the query (Strapi filters, sort, pagination) or the JSON body, as visitor, company,
 * consultant or admin — the answer is never a 5xx, and every 4xx carries a German
 * `error.message`. Routes are read from the app's OpenAPI document, so routes added
 * later are covered without touching this file. Deterministic: fixed seeds, printed on failure.
 * The routes, the hostile values and the request plans are in support/openapi-routes.ts,
 * support/hostile-values.ts and support/request-plans.ts.
 */

/**
 * With TEST_DATABASE_URL this file runs on both drivers (vitest.config.ts). The runs are then shared
 * between them instead of repeated: each driver takes half of them with seeds of its own (PGlite the
 * base seed, PostgreSQL the base seed + DRIVER_SEED_OFFSET), so the suite still sends 40 different
 * plans per route and 150 socket payloads, and neither driver gets the other's values again. On PGlite
 * alone (no TEST_DATABASE_URL) it takes them all. PROPERTY_RUNS / PROPERTY_SOCKET_RUNS set the runs
 * of the driver at hand.
 */
const BOTH_DRIVERS = Boolean(process.env.TEST_DATABASE_URL);
const ON_POSTGRES = process.env.TEST_DB_DRIVER === 'postgres';
const DRIVER_SEED_OFFSET = 1_000_000;
const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_123) + (ON_POSTGRES ? DRIVER_SEED_OFFSET : 0);
const share = (runs: number) => (BOTH_DRIVERS ? Math.ceil(runs / 2) : runs);
const RUNS_PER_ROUTE = Number(process.env.PROPERTY_RUNS ?? share(40));
const SOCKET_RUNS = Number(process.env.PROPERTY_SOCKET_RUNS ?? share(150));

// ---------- what every answer must look like ----------

/** English words zod, Fastify, Node or PostgreSQL would put into a message. */
const ENGLISH =
  /\b(the|is|are|must|should|invalid|expected|required|unexpected|received|input|string|number|object|array|route|body|params|querystring|unsupported|error|value|syntax|out of range|not found|failed)\b/i;

function germanProblem(message: unknown): string | undefined {
  if (typeof message !== 'string' || message.trim().length === 0) return 'no error.message';
  // Names the client sent are echoed in „…“ or after "Feld:"; only our own words are judged.
  const ownWords = message.replace(/„[^“]*“/g, '').replace(/Unbekanntes Feld: .*$/, '');
  return ENGLISH.test(ownWords) ? `not German: ${message}` : undefined;
}

function problemOf(res: { statusCode: number; body: string }): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return undefined;
  let parsed: { error?: { message?: unknown } };
  try {
    parsed = JSON.parse(res.body) as { error?: { message?: unknown } };
  } catch {
    return `status ${res.statusCode} without a JSON error body: ${res.body.slice(0, 200)}`;
  }
  const problem = germanProblem(parsed.error?.message);
  return problem ? `status ${res.statusCode} ${problem}` : undefined;
}

/** Long hostile values shortened for the report. */
const short = (text: string) => (text.length > 300 ? `${text.slice(0, 240)}… (${text.length} chars)` : text);

// ---------- the tests ----------

describe('Input properties over every route', () => {
  let ctx: TestContext;
  let fx: Fixtures;
  let routes: Route[];
  let requests = 0;

  const heal = async () => {
    // Runs may block, unconfirm or log out a fixture account or deactivate the fixture advertisement
    // (a placement report): each run starts from the same state.
    await ctx.database.query(
      `WITH healed AS (
         UPDATE users SET blocked = false, confirmed = true, token_version = 0 WHERE id = ANY($1) RETURNING id
       ), sessions AS (
         -- Signing out (here or everywhere) is a valid request too (decision 0028).
         UPDATE user_sessions SET revoked_at = NULL, token_version = 0 WHERE user_id = ANY($1) RETURNING id
       )
       UPDATE jobs SET published_at = COALESCE(published_at, now()) WHERE id = $2`,
      [Object.values(fx.users).map((u) => u.id), fx.jobId],
    );
  };

  /** Which roles a route lets through: its known-good request with an id that does not exist. */
  const preflight = async (route: Route): Promise<Role[]> => {
    const path = route.pathParams.reduce((p, name) => p.replace(`{${name}}`, '2147483647'), route.path);
    const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : toJson(seedBody(route, fx));
    const allowed: Role[] = [];
    for (const role of ROLES) {
      await heal();
      const res = await ctx.request({
        method: route.method,
        url: path,
        token: role === 'visitor' ? undefined : fx.users[role].token,
        ...(body !== undefined ? { payload: body, headers: { 'content-type': 'application/json' } } : {}),
      });
      if (res.statusCode !== 401 && res.statusCode !== 403) allowed.push(role);
    }
    return allowed;
  };

  beforeAll(async () => {
    // Rate limits would turn most runs into 429s and hide what is behind them.
    ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '1000' } });
    const users = {
      company: await createUser(ctx, { role: 'company' }),
      consultant: await createUser(ctx, { role: 'consultant' }),
      admin: await createUser(ctx, { role: 'admin' }),
    };
    const [district] = await ctx.database.query<{ id: number }>('SELECT id FROM districts ORDER BY id LIMIT 1');
    const job = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: users.company.token,
      payload: { data: jobData({ district: district!.id }) },
    });
    expect(job.statusCode).toBe(201);
    const jobId = job.json<{ data: { id: number } }>().data.id;
    const chat = await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: users.consultant.token,
      payload: { advertisement: jobId, message: 'Hallo' },
    });
    expect(chat.statusCode).toBe(201);
    fx = { users, jobId, conversationId: chat.json<{ data: { id: number } }>().data.id, districtId: district!.id };
    routes = routesOf(ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> });
    for (const route of routes) route.roles = await preflight(route);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When any route gets hostile path, query and body values as any role, then no 5xx and every 4xx is German', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const started = Date.now();
    for (const [index, route] of routes.entries()) {
      const seed = SEED + index;
      const result = await fc.check(
        fc.asyncProperty(planFor(route, fx), async (plan) => {
          await heal();
          requests += 1;
          const token = plan.role === 'visitor' ? undefined : fx.users[plan.role].token;
          const res = await ctx.request({
            method: route.method,
            url: plan.query ? `${plan.path}?${plan.query}` : plan.path,
            token,
            ...(plan.body !== undefined ? { payload: plan.body, headers: { 'content-type': 'application/json' } } : {}),
          });
          const problem = problemOf(res);
          if (problem) throw new Error(problem);
        }),
        { seed, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (result.failed) {
        const plan = result.counterexample?.[0] as Plan | undefined;
        const url = `${plan?.path}${plan?.query ? `?${plan.query}` : ''}`;
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(
          `${route.method} ${route.path} (seed ${seed}): ${error.slice(0, 400)}\n` +
            `    as ${plan?.role} ${route.method} ${short(url)}\n` +
            `    body ${short(plan?.body ?? '')}`,
        );
      }
    }
    console.info(
      `input properties: ${routes.length} routes × ${RUNS_PER_ROUTE} runs, ${requests} requests in ${Date.now() - started} ms (seed ${SEED})`,
    );
    expect(failures, `Failing routes (reproduce with the seed shown):\n${failures.join('\n')}`).toEqual([]);
    // A guard against a hang, not a speed check: 122 routes × 40 runs take 26–32 s on 2 cores, 125 s
    // with the machine loaded four times over (2026-11-27); with both drivers each takes 20.
  }, 300_000);

  it('When chat:send and chat:read get hostile payloads, then every ack is an error or a success, never a 5xx, and the server keeps serving', async () => {
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    // The last route runs may have signed the fixtures' sessions out.
    await heal();
    const sockets: Record<'company' | 'consultant', ChatClient> = {
      company: await connectChat(baseUrl, fx.users.company.token),
      consultant: await connectChat(baseUrl, fx.users.consultant.token),
    };
    try {
      const payload = fc.oneof(
        hostile,
        fc.record(
          {
            chatId: fc.oneof(fc.constant(fx.conversationId), hostile),
            message: fc.oneof(fc.constant('Hallo'), hostile),
            [PROTO_KEYS[0]!]: hostile,
          },
          { requiredKeys: [] },
        ),
      );
      const emit = (socket: ChatClient, event: string, data: unknown) =>
        (socket.timeout(5000).emitWithAck as (e: string, p: unknown) => Promise<unknown>)(event, data);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('company' as const, 'consultant' as const),
          fc.constantFrom('chat:send', 'chat:read'),
          payload,
          async (who, event, data) => {
            const ack = (await emit(sockets[who], event, data)) as {
              ok: boolean;
              error?: { status: number; message: string };
            };
            if (ack.ok) return;
            expect(ack.error?.status).toBeGreaterThanOrEqual(400);
            expect(ack.error?.status).toBeLessThan(500);
            expect(germanProblem(ack.error?.message)).toBeUndefined();
          },
        ),
        { seed: SEED, numRuns: SOCKET_RUNS, endOnFailure: true },
      );
      // Still alive and serving the same sockets.
      const read = (await emit(sockets.consultant, 'chat:read', { chatId: fx.conversationId })) as { ok: boolean };
      expect(read.ok).toBe(true);
    } finally {
      sockets.company.close();
      sockets.consultant.close();
    }
  }, 60_000);
});
