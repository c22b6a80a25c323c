import { z } from 'zod';

/**
 * zod for the schema modules: they import `z` from here, not from 'zod'.
 * In a browser zod compiles no parsers (`jitless`). Otherwise it probes `new Function` when its first
 * object schema is built, which the web's Content-Security-Policy (script-src 'self') forbids and
 * reports as a violation on every page that loads a schema (an issue in DevTools, a failed audit in
 * Lighthouse's best practices). The probe fails there anyway, so parsing in the browser is as before;
 * the server keeps zod's compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
