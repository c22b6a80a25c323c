import { LRUCache } from 'lru-cache';
import qs from 'qs';

/** qs gives the nested objects of Strapi-style queries (pagination[limit]=20); the limits keep it cheap. */
export const QUERY_STRING_OPTIONS = { depth: 8, arrayLimit: 200, parameterLimit: 500, allowPrototypes: false } as const;

/** Longer query texts are parsed every time: a rare giant query must not crowd out the common ones. */
const MAX_KEPT_LENGTH = 2048;

type Parsed = Record<string, unknown>;

/**
 * Fastify's query string parser. The lists' query texts repeat (every user's browser asks for the
 * same pages), and parsing one with qs cost ~8 µs, a tenth of a kept list answer's whole server
 * time (README, Benchmarks); so the result is kept per text, and each request gets its own copy:
 * validation and the routes may change what they were given, and no request may see another's.
 */
export class QueryStringParser {
  private readonly kept: LRUCache<string, Parsed>;

  constructor(maxEntries = 1000) {
    this.kept = new LRUCache({ max: maxEntries });
  }

  parse(text: string): Parsed {
    let parsed = this.kept.get(text);
    if (parsed === undefined) {
      parsed = qs.parse(text, QUERY_STRING_OPTIONS);
      if (text.length <= MAX_KEPT_LENGTH) this.kept.set(text, parsed);
    }
    return copyOf(parsed);
  }

  /** How many texts are kept (tests). */
  get size(): number {
    return this.kept.size;
  }
}

/** qs builds strings, arrays and plain objects; the copy keeps each kind (and an object's prototype). */
function copyOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (value !== null && typeof value === 'object') {
    const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
    for (const key of Object.keys(value)) copy[key] = copyOf((value as Record<string, unknown>)[key]);
    return copy as T;
  }
  return value;
}
