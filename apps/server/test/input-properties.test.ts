import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import qs from 'qs';
import { jobDataSchema } from '@pb/core';
import { createTestContext, type TestContext } from './helpers';
import { createUser, jobData, type TestUser } from './factories';
import { connectChat, type ChatClient } from './support/socket-client';

/**
 * Property: whatever a client sends to any route — hostile values at any position of the
 * path, the query (Strapi filters, sort, pagination) or the JSON body, as visitor, company,
 * consultant or admin — the answer is never a 5xx, and every 4xx carries a German
 * `error.message`. Routes are read from the app's OpenAPI document, so routes added
 * later are covered without touching this file. Deterministic: fixed seeds, printed on failure.
 */

const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_123);
const RUNS_PER_ROUTE = Number(process.env.PROPERTY_RUNS ?? 40);
const SOCKET_RUNS = Number(process.env.PROPERTY_SOCKET_RUNS ?? 150);

// ---------- the routes, from the OpenAPI document ----------

type Role = 'visitor' | 'company' | 'consultant' | 'admin';
const ROLES: Role[] = ['visitor', 'company', 'consultant', 'admin'];

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  required?: string[];
  minimum?: number;
  maximum?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema | string;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Roles the route lets past its auth check (found by a preflight); runs favour these. */
  roles?: Role[];
  /** OpenAPI template: /api/jobs/{id}. */
  path: string;
  pathParams: string[];
  /** Strapi-style list query (the schema is a record of anything). */
  strapiQuery: boolean;
  queryParams: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

function routesOf(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(upper)) continue;
      const params = op.parameters ?? [];
      const queryParams: Record<string, JsonSchema> = {};
      let strapiQuery = false;
      for (const p of params) {
        if (p.in !== 'query') continue;
        // z.record(...) as a querystring comes out as the pseudo parameters 'type' and 'additionalProperties'.
        if (p.name === 'additionalProperties' || (p.name === 'type' && p.schema === 'object')) strapiQuery = true;
        else queryParams[p.name] = typeof p.schema === 'object' ? p.schema : {};
      }
      routes.push({
        method: upper as Route['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        strapiQuery,
        queryParams,
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

// ---------- hostile values ----------

/** A number literal JSON.stringify cannot write (400 digits): emitted verbatim by toJson. */
class RawNumber {
  constructor(readonly text: string) {}
}

const DIGITS_400 = '9'.repeat(400);

function deep(levels: number): unknown {
  let value: unknown = 'tief';
  for (let i = 0; i < levels; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Numbers int4, float8, numeric or JavaScript cannot hold, and their text forms. */
const NUMERIC_HOSTILES: unknown[] = [
  2 ** 31,
  2 ** 31 + 1,
  2 ** 32,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
  -1,
  0,
  1.5,
  -0.5,
  new RawNumber(DIGITS_400),
  new RawNumber(`-${DIGITS_400}`),
  new RawNumber(`0.${DIGITS_400}`),
  new RawNumber('1e400'),
  '2147483648',
  '4294967296',
  '-2147483649',
  DIGITS_400,
  `-${DIGITS_400}`,
  '1e400',
  'NaN',
  'Infinity',
];

/** Dates outside what PostgreSQL (or ISO 8601 with four-digit years) can hold. */
const DATE_HOSTILES: unknown[] = [
  '99999-01-01',
  '0000-01-01',
  '-004713-01-01',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20',
  '1899-12-31',
  '2020-02-30',
  '-infinity',
  'infinity',
];

/** Text PostgreSQL cannot store, or that is too long, empty or means something to SQL/LIKE/JS. */
const TEXT_HOSTILES: unknown[] = [
  '\uD800',
  'a\uDC00b',
  '\uDBFF\uDBFF',
  '\uDE00 am Anfang',
  '\u0000',
  'a\u0000b',
  '',
  ' ',
  'x'.repeat(10_001),
  'ä'.repeat(3000),
  '%_\\',
  "'; DROP TABLE users; --",
  '__proto__',
  'constructor',
  ...DATE_HOSTILES,
];

/** Wrong shapes: other types, deep nesting, prototype keys. */
const SHAPE_HOSTILES: unknown[] = [
  true,
  false,
  null,
  [],
  {},
  deep(60),
  { ['__proto__']: { admin: true } },
  { constructor: { prototype: { admin: true } } },
];

const HOSTILE_CONSTANTS: unknown[] = [...NUMERIC_HOSTILES, ...TEXT_HOSTILES, ...SHAPE_HOSTILES];

const numericHostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NUMERIC_HOSTILES) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);
const textHostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...TEXT_HOSTILES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
const dateHostile: fc.Arbitrary<unknown> = fc.constantFrom(...DATE_HOSTILES);

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(numericHostile, textHostile, fc.constantFrom(...SHAPE_HOSTILES));

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 3 }) },
);

const asText = (v: unknown): string =>
  v instanceof RawNumber ? v.text : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

/** Text for a path or query: a hostile value as the client would write it. */
const hostileText: fc.Arbitrary<string> = hostileScalar.map(asText);

/** JSON text, with lone surrogates escaped (as JSON.stringify does) and RawNumber verbatim. */
function toJson(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encoding that also writes lone surrogates (as WTF-8 bytes) instead of throwing. */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}

// ---------- request plans ----------

interface Fixtures {
  users: Record<Exclude<Role, 'visitor'>, TestUser>;
  jobId: number;
  conversationId: number;
  districtId: number;
}

/** Names that occur in bodies and filters; extra keys are drawn from these and prototype keys. */
const FILTER_FIELDS = [
  'id',
  'district',
  'district.id',
  'createdAt',
  'publishedAt',
  'lastLogin',
  'handledAt',
  'jobTitle',
  'companyId',
  'jobId',
  'actorId',
  'entityId',
  'status',
  'role',
  'public',
  'confirmed',
  'blocked',
  'users_permissions_user',
  'users_permissions_user.id',
  'advertisement',
  'advertisement.id',
  'chat_sender_p1.id',
  'chat_receiver_p2.id',
  'unread_message_p1',
  'name',
  'state',
  'assignment',
  'location.city',
];
const OPERATORS = ['$eq', '$ne', '$in', '$notIn', '$lt', '$lte', '$gt', '$gte', '$contains', '$containsi', '$null'];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

function nestDotted(path: string, value: unknown): Record<string, unknown> {
  return path
    .split('.')
    .reverse()
    .reduce<Record<string, unknown>>((inner, key) => ({ [key]: inner }), value as Record<string, unknown>);
}

/** Any field with a value hostile to dates, ids or text (each field is tried with each kind). */
const filterValue: fc.Arbitrary<string> = fc.oneof(dateHostile, numericHostile, textHostile).map(asText);

const strapiQuery: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      filters: fc.oneof(
        fc
          .array(fc.tuple(fc.constantFrom(...FILTER_FIELDS), fc.constantFrom(...OPERATORS), filterValue), {
            minLength: 1,
            maxLength: 3,
          })
          .map((parts) =>
            parts.reduce<Record<string, unknown>>(
              (all, [field, op, value]) => ({ ...all, ...nestDotted(`${field}.${op}`, value) }),
              {},
            ),
          ),
        fc
          .tuple(fc.constantFrom('$or', '$and'), fc.constantFrom(...FILTER_FIELDS), fc.constantFrom(...OPERATORS))
          .chain(([group, field, op]) =>
            filterValue.map((value) => ({ [group]: [nestDotted(`${field}.${op}`, value)] })),
          ),
        fc.dictionary(fc.constantFrom(...FILTER_FIELDS, ...PROTO_KEYS), hostileText, { maxKeys: 2 }),
      ),
      sort: fc.oneof(
        fc
          .tuple(fc.constantFrom(...FILTER_FIELDS), fc.constantFrom('asc', 'desc', 'DESC', ''))
          .map(([f, d]) => `${f}:${d}`),
        hostileText,
      ),
      pagination: fc.record(
        {
          start: hostileText,
          limit: hostileText,
          page: hostileText,
          pageSize: hostileText,
          withCount: fc.oneof(fc.constantFrom('true', 'false'), hostileText),
        },
        { requiredKeys: [] },
      ),
      populate: fc.oneof(fc.constant('*'), hostileText),
      [PROTO_KEYS[0]!]: hostileText,
    },
    { requiredKeys: [] },
  )
  .filter((q) => Object.keys(q).length > 0);

/** A value that passes the schema at this position (so hostile values elsewhere reach deeper code). */
function plausible(schema: JsonSchema | undefined, fx: Fixtures, key = ''): unknown {
  if (!schema) return 'Test';
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt && alt.length > 0) return plausible(alt[alt.length - 1], fx, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (/mail/i.test(key)) return 'jemand@example.test';
  if (/password/i.test(key)) return 'geheim123';
  switch (type) {
    case 'integer':
    case 'number':
      return /district/i.test(key) ? fx.districtId : /company/i.test(key) ? fx.users.company.id : fx.jobId;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items, fx, key)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = plausible(s, fx, k);
      return out;
    }
    case 'string':
      return /^\^\[1-9\]/.test(String((schema as { pattern?: string }).pattern ?? '')) ? String(fx.jobId) : 'Test';
    default:
      return 'Test';
  }
}

/** Known valid bodies for routes whose schema is only `{ data: {…} }` or multipart. */
function seedBody(route: Route, fx: Fixtures): unknown {
  const key = `${route.method} ${route.path}`;
  const job = jobData({ district: fx.districtId });
  switch (key) {
    case 'POST /api/jobs':
    case 'PUT /api/jobs/{id}':
    case 'PUT /api/admin/jobs/{id}':
      return { data: job };
    case 'POST /api/admin/jobs':
      return { companyId: fx.users.company.id, data: job };
    case 'POST /api/placement-bonuses':
      return { data: { advertisement: fx.jobId, bonus: 5 } };
    case 'POST /api/placement-reports':
      return {
        data: {
          variant: 'consultant',
          advertisement: fx.jobId,
          companyName: 'Muster GmbH',
          jobTitle: 'Buchhalter',
          contactPerson: 'Frau Muster',
          placementBonus: 10,
          actualSalary: 40_000,
        },
      };
    case 'POST /api/chat-communications':
      return { advertisement: fx.jobId, message: 'Hallo' };
    case 'POST /api/chat-communications/{id}/messages':
      return { message: 'Hallo' };
    default:
      return route.body ? plausible(route.body, fx) : {};
  }
}

/** Every position of a JSON value: [] is the root, ['data', 'district'] a nested field. */
function positions(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...positions(v, [...prefix, i])));
  else if (typeof value === 'object' && value !== null && !(value instanceof RawNumber)) {
    for (const [k, v] of Object.entries(value)) out.push(...positions(v, [...prefix, k]));
  }
  return out;
}

/** Sets an own property, also for '__proto__' (plain assignment would change the prototype). */
function put(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function setAt(root: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const source = (typeof root === 'object' && root !== null && !(root instanceof RawNumber) ? root : {}) as Record<
    string | number,
    unknown
  >;
  const copy: object = Array.isArray(root) && typeof head === 'number' ? [] : {};
  for (const [k, v] of Object.entries(source)) put(copy, Array.isArray(copy) ? Number(k) : k, v);
  put(copy, head!, setAt(Object.hasOwn(source, head!) ? source[head!] : undefined, rest, value));
  return copy;
}

/** One hostile change; the value is picked by what sits at the position (number, text or other). */
type Mutation = {
  at: number;
  kind: 'replace' | 'addKey';
  key: string;
  matched: boolean;
  numeric: unknown;
  text: unknown;
  any: unknown;
};

const KEY_NAMES = [...new Set([...Object.keys(jobDataSchema.shape), ...FILTER_FIELDS, ...PROTO_KEYS])];

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'replace', 'replace', 'addKey'),
  key: fc.constantFrom(...KEY_NAMES),
  matched: fc.boolean(),
  numeric: numericHostile,
  text: textHostile,
  any: hostile,
});

function valueFor(m: Mutation, current: unknown): unknown {
  if (!m.matched) return m.any;
  if (typeof current === 'number') return m.numeric;
  if (typeof current === 'string') return /^\d+$/.test(current) ? m.numeric : m.text;
  return m.any;
}

/** Positions holding a value (leaves) are where validation is decided; they are picked first. */
function leaves(all: Array<Array<string | number>>, body: unknown): Array<Array<string | number>> {
  const out = all.filter((path) => {
    const v = path.reduce<unknown>((node, k) => (node as Record<string | number, unknown>)?.[k], body);
    return typeof v !== 'object' || v === null;
  });
  return out.length > 0 ? out : all;
}

function mutate(base: unknown, mutations: Mutation[]): unknown {
  let body = base;
  for (const m of mutations) {
    const all = positions(body);
    if (m.kind === 'replace') {
      const candidates = m.at % 5 === 0 ? all : leaves(all, body);
      const path = candidates[m.at % candidates.length]!;
      const current = path.reduce<unknown>((node, k) => (node as Record<string | number, unknown>)?.[k], body);
      body = setAt(body, path, valueFor(m, current));
    } else {
      const objects = all.filter((path) => {
        const v = path.reduce<unknown>((node, k) => (node as Record<string | number, unknown>)?.[k], body);
        return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RawNumber);
      });
      const path = objects.length > 0 ? objects[m.at % objects.length]! : [];
      body = setAt(body, [...path, m.key], m.any);
    }
  }
  return body;
}

interface Plan {
  role: Role;
  path: string;
  query: string;
  body: string | undefined;
}

function planFor(route: Route, fx: Fixtures): fc.Arbitrary<Plan> {
  const realIds = [fx.jobId, fx.conversationId, fx.users.company.id, fx.users.consultant.id, fx.districtId, 1];
  // A DELETE with a real id could remove the fixtures: there every path value is hostile.
  const pathValue =
    route.method === 'DELETE'
      ? fc.constantFrom(...HOSTILE_CONSTANTS).map((v) => (v instanceof RawNumber ? v.text : String(v)))
      : fc.oneof(fc.constantFrom(...realIds.map(String)), hostileText);
  const pathArb = fc.tuple(...route.pathParams.map(() => pathValue)).map((values) => {
    let path = route.path;
    route.pathParams.forEach((name, i) => {
      path = path.replace(`{${name}}`, encode(values[i] ?? ''));
    });
    return path;
  });
  const declaredQuery =
    Object.keys(route.queryParams).length > 0
      ? fc.record(
          Object.fromEntries(
            Object.entries(route.queryParams).map(([name, s]) => [
              name,
              fc.oneof(fc.constant(String(plausible(s, fx, name))), hostileText),
            ]),
          ),
          { requiredKeys: [] },
        )
      : fc.constant({});
  const queryArb = fc
    .tuple(
      route.strapiQuery ? fc.option(strapiQuery, { nil: undefined, freq: 3 }) : fc.constant(undefined),
      declaredQuery,
      fc.option(fc.dictionary(fc.constantFrom(...PROTO_KEYS, 'x'), hostileText, { maxKeys: 1 }), { freq: 4 }),
    )
    .map(([strapi, declared, extra]) =>
      qs.stringify({ ...declared, ...strapi, ...extra }, { encoder: (s: unknown) => encode(String(s)) }),
    );
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const bodyArb = hasBody
    ? fc
        .oneof(
          { weight: 6, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) },
          { weight: 2, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) },
          { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
        )
        .map((ms) => toJson(mutate(seedBody(route, fx), ms)))
    : fc.constant(undefined);
  return fc
    .record({
      // Mostly a role that gets past the auth check, so hostile values reach validation and SQL.
      role:
        route.roles && route.roles.length > 0
          ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...route.roles) }, fc.constantFrom(...ROLES))
          : fc.constantFrom(...ROLES),
      path: pathArb,
      query: queryArb,
      body: bodyArb,
    })
    .map((p) => p satisfies Plan);
}

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
      `input properties: ${routes.length} routes, ${requests} requests in ${Date.now() - started} ms (seed ${SEED})`,
    );
    expect(failures, `Failing routes (reproduce with the seed shown):\n${failures.join('\n')}`).toEqual([]);
    // A guard against a hang, not a speed check: 122 routes × 40 runs take 26–32 s on 2 cores, 125 s
    // with the machine loaded four times over (2026-11-27).
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
