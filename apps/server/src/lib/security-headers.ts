import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet sets, computed once. They depend only on the options, never on
 * the request (no CSP nonces), yet @fastify/helmet built helmet's middleware — and parsed the
 * CSP directives — anew for every request: 3–4 % of a cached list request's CPU (issue 14).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  // helmet's middleware is synchronous; anything else would be a change of helmet to look at.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return Object.fromEntries(headers);
}

/** Sets the headers on every answer (pages, API, files, errors), before any route runs. */
export const securityHeadersPlugin = fp<{ headers: Readonly<Record<string, string>> }>(
  async (app, { headers }) => {
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
