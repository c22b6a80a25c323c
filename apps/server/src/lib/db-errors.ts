/**
 * Tells "the database is not reachable right now" (restart, terminated session,
 * frozen or overloaded server, timeouts) from real bugs. The first is a 503 that
 * the client may retry; everything else stays a logged 500.
 */

/** Socket-level codes (Node) and SQLSTATEs that mean the server is away, not that our SQL is wrong. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up / shutting down)
  '57P01',
  '57P02',
  '57P03',
  // query_canceled: our statement_timeout fired (the server is overloaded or a lock is held)
  '57014',
  // too_many_connections
  '53300',
]);

/** node-postgres reports these without a code. */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Client has encountered a connection error and is not queryable/i,
  /Query read timeout/i,
  /Client was closed and is not queryable/i,
];

/** Marks errors we raise ourselves for a database that does not answer (health check, silent connection). */
export const DB_UNAVAILABLE_CODE = 'PB_DB_UNAVAILABLE';

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code === DB_UNAVAILABLE_CODE)) return true;
    // Class 08: connection exceptions.
    if (typeof code === 'string' && /^08[0-9A-Z]{3}$/.test(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
    // Drizzle wraps driver errors (cause); Node reports a refused dual-stack connect as an AggregateError.
    queue.push((current as { cause?: unknown }).cause);
    if (current instanceof AggregateError) queue.push(...(current.errors as unknown[]));
  }
  return false;
}

export function databaseUnavailableError(message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code: DB_UNAVAILABLE_CODE });
}

/** Resolves like `work`, or rejects with a database-unavailable error after `ms` (the work is left to finish). */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(databaseUnavailableError(`${what}: no answer within ${ms} ms`)), ms);
  });
  // The losing side must never become an unhandled rejection.
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Code and message of the innermost cause, for the log: Drizzle's own message carries
 * the SQL and its parameters (personal data), the driver's does not.
 */
export function rootCause(error: unknown): { code: string | undefined; message: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (typeof cause !== 'object' || cause === null) break;
    current = cause;
  }
  const code = (current as { code?: unknown } | null)?.code;
  const message = (current as { message?: unknown } | null)?.message;
  return { code: typeof code === 'string' ? code : undefined, message: typeof message === 'string' ? message : '' };
}

/** True for PostgreSQL unique violations (SQLSTATE 23505), however the driver wraps them. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
