import { hasUnsafeText, INPUT_MSG } from '@pb/core';
import { badRequest } from './errors';

/**
 * PostgreSQL text cannot hold U+0000 and its jsonb refuses lone UTF-16 surrogates
 * ("\uD800"): either would fail in the query (a 500). Every request input — JSON
 * body, query, path, multipart fields, socket payloads — is checked here once and
 * refused with a German 400, keys included.
 */
export function assertSafeInput(...values: unknown[]): void {
  for (const value of values) if (hasUnsafeText(value)) throw badRequest(INPUT_MSG.invalidCharacters);
}

export { hasUnsafeText };
