import fc from 'fast-check';
import qs from 'qs';
import { jobDataSchema } from '@pb/core';
import { jobData, type TestUser } from '../factories';
import {
  asText,
  dateHostile,
  encode,
  hostile,
  hostileText,
  HOSTILE_CONSTANTS,
  numericHostile,
  RawNumber,
  textHostile,
  toJson,
} from './hostile-values';
import { ROLES, type JsonSchema, type Role, type Route } from './openapi-routes';

/**
 * Request plans for the input-property test (test/input-properties.test.ts): for one route, a
 * role, a path, a query (Strapi filters, sort, pagination) and a JSON body with hostile values at
 * any position, around known-good requests on the test's fixtures.
 */

export interface Fixtures {
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
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

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
export function seedBody(route: Route, fx: Fixtures): unknown {
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

export interface Plan {
  role: Role;
  path: string;
  query: string;
  body: string | undefined;
}

export function planFor(route: Route, fx: Fixtures): fc.Arbitrary<Plan> {
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
