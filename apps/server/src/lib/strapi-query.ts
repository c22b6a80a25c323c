import {
  and,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { DECIMAL_TEXT, INPUT_MSG, INT4_MAX, MAX_PAGE_LIMIT, parseDateInput } from '@pb/core';
import { badRequest } from './errors';

/**
 * Strapi-style list queries (ARCHITECTURE.md "Query syntax"), parsed from the
 * object qs produced: filters[field][$op]=v, filters[$or|$and][i][…],
 * sort=field:asc|desc, pagination[start|limit|page|pageSize|withCount], populate.
 * Every field and operator is whitelisted per resource; anything else → 400.
 */

export type FieldType = 'int' | 'number' | 'string' | 'boolean' | 'date';
export type Operator =
  | '$eq'
  | '$ne'
  | '$in'
  | '$notIn'
  | '$lt'
  | '$lte'
  | '$gt'
  | '$gte'
  | '$contains'
  | '$containsi'
  | '$null'
  | '$notNull';

export interface FilterField {
  /** Column or SQL expression the filter compares against. */
  expr: AnyColumn | SQL;
  type: FieldType;
  ops: readonly Operator[];
}

export interface ResourceQuerySpec {
  /** Keys are dotted paths as the client nests them: 'id', 'district.id', 'users_permissions_user.id'. */
  fields: Record<string, FilterField>;
  /** Sortable fields: name → column. */
  sort: Record<string, AnyColumn | SQL>;
  /** Fields that sort one way only (the other is a German 400): name → the one direction. */
  sortDirections?: Record<string, 'asc' | 'desc'>;
  defaultSort: Array<{ field: string; dir: 'asc' | 'desc' }>;
  defaultLimit: number;
  maxLimit?: number;
  /** Nesting depth of $or/$and groups. */
  maxDepth?: number;
}

/** One page of a parsed (whitelisted) list query and the total. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface ParsedListQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The sort as asked for (field names of the spec), which orderBy spells out. */
  sort: SortField[];
  start: number;
  limit: number;
  withCount: boolean;
  populate: boolean;
}

const ALL_OPS = new Set<string>([
  '$eq',
  '$ne',
  '$in',
  '$notIn',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$contains',
  '$containsi',
  '$null',
  '$notNull',
]);
const MAX_IN_VALUES = 200;
const MAX_TEXT = 200;

type Raw = unknown;

/** A whitelist entry by its own key only: 'constructor' or '__proto__' must not find Object.prototype's. */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function isPlainObject(v: Raw): v is Record<string, Raw> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** qs turns a[0]=x into arrays, but a[25]=x (over arrayLimit) into objects: accept both. */
function asList(v: Raw): Raw[] {
  if (Array.isArray(v)) return v;
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    if (keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => v[k]);
  }
  return [v];
}

function coerce(value: Raw, type: FieldType, path: string): string | number | boolean | Date {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    throw badRequest(`Ungültiger Filterwert für ${path}.`);
  }
  const text = String(value);
  switch (type) {
    case 'int': {
      if (!/^-?\d{1,10}$/.test(text)) throw badRequest(`Ungültiger Filterwert für ${path}.`);
      const n = Number(text);
      if (!Number.isSafeInteger(n) || Math.abs(n) > INT4_MAX) throw badRequest(`Ungültiger Filterwert für ${path}.`);
      return n;
    }
    case 'number': {
      // Plain decimals only: no 400-digit numbers, exponents or hex reach a numeric column.
      if (!DECIMAL_TEXT.test(text)) throw badRequest(`Ungültiger Filterwert für ${path}.`);
      return Number(text);
    }
    case 'boolean':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw badRequest(`Ungültiger Filterwert für ${path}.`);
    case 'date': {
      // Bounded (core/input): year 99999, year 0 or BC dates would fail in PostgreSQL, not here.
      const d = parseDateInput(text);
      if (!d) throw badRequest(`Ungültiger Filterwert für ${path}: ${INPUT_MSG.invalidDate}`);
      return d;
    }
    case 'string':
      if (text.length > MAX_TEXT) throw badRequest(`Suchbegriff zu lang (max. ${MAX_TEXT} Zeichen).`);
      // Control characters have no place in a search and would only confuse LIKE.
      if (/[\u0000-\u001f]/.test(text)) throw badRequest(`Ungültiger Filterwert für ${path}.`);
      return text;
  }
}

/** Escapes LIKE wildcards so user text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function compare(field: FilterField, op: Operator, raw: Raw, path: string): SQL {
  // Wrapping gives one SQL type for columns and expressions alike.
  const expr: SQL = sql`${field.expr}`;
  switch (op) {
    case '$null':
    case '$notNull': {
      const flag = coerce(raw, 'boolean', path);
      const wantNull = op === '$null' ? flag : !flag;
      return wantNull ? isNull(expr) : isNotNull(expr);
    }
    case '$in':
    case '$notIn': {
      const values = asList(raw);
      if (values.length === 0 || values.length > MAX_IN_VALUES) throw badRequest(`Ungültiger Filterwert für ${path}.`);
      const coerced = values.map((v) => coerce(v, field.type, path));
      return op === '$in' ? inArray(expr, coerced) : not(inArray(expr, coerced));
    }
    case '$contains':
    case '$containsi': {
      const text = String(coerce(raw, 'string', path));
      const pattern = `%${escapeLike(text)}%`;
      return op === '$containsi' ? ilike(expr, pattern) : like(expr, pattern);
    }
    default: {
      const value = coerce(raw, field.type, path);
      const fn = { $eq: eq, $ne: ne, $lt: lt, $lte: lte, $gt: gt, $gte: gte }[op];
      return fn(expr, value);
    }
  }
}

function parseFilterNode(node: Raw, spec: ResourceQuerySpec, prefix: string[], depth: number): SQL[] {
  if (!isPlainObject(node)) throw badRequest('Ungültiger Filter.');
  const maxDepth = spec.maxDepth ?? 4;
  if (depth > maxDepth) throw badRequest('Filter zu tief verschachtelt.');
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$or' || key === '$and') {
      if (prefix.length > 0) throw badRequest(`Ungültiger Filter: ${key}.`);
      const groups = asList(value).map((child) => {
        const inner = parseFilterNode(child, spec, [], depth + 1);
        return inner.length === 1 ? inner[0]! : and(...inner)!;
      });
      if (groups.length === 0) continue;
      if (groups.length > MAX_IN_VALUES) throw badRequest('Zu viele Filterbedingungen.');
      parts.push(key === '$or' ? or(...groups)! : and(...groups)!);
      continue;
    }
    if (key.startsWith('$')) {
      const path = prefix.join('.');
      const field = own(spec.fields, path);
      if (!field) throw badRequest(`Filtern nach „${path || key}“ ist nicht erlaubt.`);
      if (!ALL_OPS.has(key) || !field.ops.includes(key as Operator)) {
        throw badRequest(`Operator ${key} ist für „${path}“ nicht erlaubt.`);
      }
      parts.push(compare(field, key as Operator, value, path));
      continue;
    }
    if (!/^[A-Za-z_][\w]{0,63}$/.test(key)) throw badRequest('Ungültiger Filter.');
    const path = [...prefix, key];
    // filters[field]=value is shorthand for $eq.
    if (!isPlainObject(value)) {
      const field = own(spec.fields, path.join('.'));
      if (!field || !field.ops.includes('$eq')) throw badRequest(`Filtern nach „${path.join('.')}“ ist nicht erlaubt.`);
      parts.push(compare(field, '$eq', value, path.join('.')));
      continue;
    }
    if (path.length > 3) throw badRequest('Filter zu tief verschachtelt.');
    parts.push(...parseFilterNode(value, spec, path, depth));
  }
  return parts;
}

function parseInteger(raw: Raw, name: string, min: number, max: number): number {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badRequest(`Ungültiger Wert für ${name}.`);
  const text = String(raw);
  if (!/^\d{1,9}$/.test(text)) throw badRequest(`Ungültiger Wert für ${name}.`);
  const n = Number(text);
  if (n < min || n > max) throw badRequest(`${name} muss zwischen ${min} und ${max} liegen.`);
  return n;
}

export interface SortField {
  field: string;
  dir: 'asc' | 'desc';
}

function parseSort(raw: Raw, spec: ResourceQuerySpec): SortField[] {
  const entries = raw === undefined ? [] : asList(raw).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  const wanted =
    entries.length > 0
      ? entries.map((entry) => {
          if (typeof entry !== 'string') throw badRequest('Ungültige Sortierung.');
          const [field = '', dir = 'asc'] = entry.split(':');
          if (!own(spec.sort, field)) throw badRequest(`Sortieren nach „${field}“ ist nicht erlaubt.`);
          const lower = dir.toLowerCase();
          if (lower !== 'asc' && lower !== 'desc') throw badRequest('Ungültige Sortierrichtung.');
          const only = spec.sortDirections ? own(spec.sortDirections, field) : undefined;
          if (only !== undefined && lower !== only) {
            throw badRequest(
              `Nach „${field}“ kann nur ${only === 'asc' ? 'aufsteigend' : 'absteigend'} sortiert werden.`,
            );
          }
          return { field, dir: lower as 'asc' | 'desc' };
        })
      : spec.defaultSort;
  return wanted;
}

function orderByOf(sort: SortField[], spec: ResourceQuerySpec): SQL[] {
  return sort.map(({ field, dir }) => {
    const col = spec.sort[field]!;
    return dir === 'desc' ? sql`${col} desc` : sql`${col} asc`;
  });
}

const TOP_LEVEL_KEYS = new Set(['filters', 'sort', 'pagination', 'populate', 'fields', 'locale', 'publicationState']);

export function parseListQuery(query: Raw, spec: ResourceQuerySpec): ParsedListQuery {
  const q = isPlainObject(query) ? query : {};
  for (const key of Object.keys(q)) {
    if (!TOP_LEVEL_KEYS.has(key)) throw badRequest(`Unbekannter Parameter „${key}“.`);
  }
  const filterParts = q['filters'] === undefined ? [] : parseFilterNode(q['filters'], spec, [], 0);
  const maxLimit = spec.maxLimit ?? MAX_PAGE_LIMIT;
  let start = 0;
  let limit = spec.defaultLimit;
  let withCount = true;
  const pagination = q['pagination'];
  if (pagination !== undefined) {
    if (!isPlainObject(pagination)) throw badRequest('Ungültige Paginierung.');
    for (const key of Object.keys(pagination)) {
      if (!['start', 'limit', 'page', 'pageSize', 'withCount'].includes(key)) {
        throw badRequest(`Unbekannter Paginierungsparameter „${key}“.`);
      }
    }
    if (pagination['limit'] !== undefined) limit = parseInteger(pagination['limit'], 'pagination[limit]', 1, maxLimit);
    if (pagination['start'] !== undefined)
      start = parseInteger(pagination['start'], 'pagination[start]', 0, 10_000_000);
    if (pagination['pageSize'] !== undefined)
      limit = parseInteger(pagination['pageSize'], 'pagination[pageSize]', 1, maxLimit);
    if (pagination['page'] !== undefined)
      start = (parseInteger(pagination['page'], 'pagination[page]', 1, 1_000_000) - 1) * limit;
    if (pagination['withCount'] !== undefined)
      withCount = coerce(pagination['withCount'], 'boolean', 'withCount') as boolean;
  }
  const sort = parseSort(q['sort'], spec);
  return {
    where: filterParts.length === 0 ? undefined : filterParts.length === 1 ? filterParts[0] : and(...filterParts),
    orderBy: orderByOf(sort, spec),
    sort,
    start,
    limit,
    withCount,
    populate: q['populate'] !== undefined,
  };
}
