/**
 * Strapi-style query strings (spec §7), as the web sends them and the server parses them with
 * qs: nested objects and arrays in brackets, arrays with indices —
 * { filters: { id: { $eq: 1 } }, pagination: { limit: 20 }, sort: 'createdAt:desc' }
 * → filters[id][$eq]=1&pagination[limit]=20&sort=createdAt%3Adesc.
 *
 * Byte for byte what `qs.stringify(params, { encodeValuesOnly: true, skipNulls: true })` gives
 * (the unit test compares them on generated input), without qs's 17 KB in the browser:
 * - keys are written as they are (ours are fixed names); values are UTF-8 percent-encoded except
 *   A–Z a–z 0–9 - . _ ~ (RFC 3986), a lone surrogate as U+FFFD;
 * - null and undefined are left out, a Date is its ISO text, empty objects and arrays add nothing.
 */
export function toQueryString(params: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const key of Object.keys(params)) addPair(parts, key, params[key]);
  return parts.join('&');
}

function addPair(parts: string[], name: string, value: unknown): void {
  if (value === null || value === undefined) return;
  const plain = value instanceof Date ? value.toISOString() : value;
  if (typeof plain === 'object' || typeof plain === 'function') {
    const record = plain as Record<string, unknown>;
    for (const key of Object.keys(record)) addPair(parts, `${name}[${key}]`, record[key]);
    return;
  }
  parts.push(`${name}=${encodeValue(String(plain))}`);
}

/** A surrogate half without its partner: it has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent leaves ! ' ( ) * as they are; RFC 3986 reserves them. */
function encodeValue(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
