import { LRUCache } from 'lru-cache';
import qs from 'qs';

/** qs gives the nested objects of Strapi-style queries (pagination[limit]=20); the limits keep it cheap. */
export const QUERY_STRING_OPTIONS = { depth: 8, arrayLimit: 200, parameterLimit: 500, allowPrototypes: false } as const;

/**
 * What is kept: the texts the app's lists send (~100–300 characters, ~10 values). Anything larger
 * is parsed every time, so a hostile client filling the cache holds at most about
 * MAX_KEPT_SIZE of it, and a rare giant query never crowds out the common ones.
 */
const MAX_KEPT_LENGTH = 1024;
const MAX_KEPT_NODES = 64;
/** Estimated bytes per kept value (object, array or string slot), for the size bound. */
const BYTES_PER_NODE = 64;
const MAX_KEPT_SIZE = 2_000_000;

type Parsed = Record<string, unknown>;

/**
 * Fastify's query string parser. The lists' query texts repeat (every user's browser asks for the
 * same pages), and qs took ~8 µs per list query here (12 % of the server's CPU samples under the
 * district case, README, Benchmarks) where a kept result's copy takes ~0.4 µs; so the result is
 * kept per text, and each request gets its own copy: validation and the routes may change what
 * they were given, and no request may see another's.
 */
export class QueryStringParser {
  private readonly kept: LRUCache<string, Parsed>;

  constructor(maxEntries = 1000) {
    this.kept = new LRUCache({ max: maxEntries, maxSize: MAX_KEPT_SIZE });
  }

  parse(text: string): Parsed {
    if (text.length > MAX_KEPT_LENGTH) return qs.parse(text, QUERY_STRING_OPTIONS);
    const kept = this.kept.get(text);
    if (kept !== undefined) return copyOf(kept);
    const parsed = qs.parse(text, QUERY_STRING_OPTIONS);
    const nodes = countNodes(parsed);
    if (nodes > MAX_KEPT_NODES) return parsed;
    this.kept.set(text, parsed, { size: 2 * text.length + BYTES_PER_NODE * nodes });
    // The kept result stays untouched: this request gets a copy, as every later one does.
    return copyOf(parsed);
  }

  /** How many texts are kept (tests). */
  get size(): number {
    return this.kept.size;
  }
}

function countNodes(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, item) => n + countNodes(item), 1);
  if (value !== null && typeof value === 'object') {
    return Object.values(value).reduce((n: number, item) => n + countNodes(item), 1);
  }
  return 1;
}

/** qs builds strings, arrays and plain objects; the copy keeps each kind (and an object's prototype). */
export function copyOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (value !== null && typeof value === 'object') {
    const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
    for (const key of Object.keys(value)) {
      const item = copyOf((value as Record<string, unknown>)[key]);
      // A key named __proto__ (qs drops them today) must stay a plain key, never set the prototype.
      if (key === '__proto__') {
        Object.defineProperty(copy, key, { value: item, writable: true, enumerable: true, configurable: true });
      } else {
        copy[key] = item;
      }
    }
    return copy as T;
  }
  return value;
}
