import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, rootCause, withDeadline } from './db-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** Drizzle wraps the driver's error: the SQL in the message, the driver error as cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a refused dual-stack connect (AggregateError)', new AggregateError([withCode('ECONNREFUSED')], 'connect')],
    ['an admin shutdown (57P01) wrapped by Drizzle', wrapped(withCode('57P01', 'terminating connection'))],
    ['crash shutdown (57P02)', withCode('57P02')],
    ['the database starting up (57P03)', withCode('57P03')],
    ['a connection exception (class 08)', withCode('08006')],
    ['our statement timeout (57014)', wrapped(withCode('57014', 'canceling statement due to statement timeout'))],
    ['too many connections (53300)', withCode('53300')],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a connection that ended mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a silent connection we dropped', withCode('ETIMEDOUT')],
  ])('When the error is %s, then it is a 503', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', wrapped(withCode('23505', 'duplicate key'))],
    ['a syntax error in our SQL (42601)', wrapped(withCode('42601'))],
    ['a numeric overflow (22003)', withCode('22003')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'boom'],
  ])('When the error is %s, then it stays a 500', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('When an error is wrapped, then the log gets the driver error without the SQL', () => {
    expect(rootCause(wrapped(withCode('57P01', 'terminating connection')))).toEqual({
      code: '57P01',
      message: 'terminating connection',
    });
  });

  it('When work does not finish in time, then withDeadline rejects with an unavailable error', async () => {
    const started = performance.now();
    const error = await withDeadline(new Promise(() => undefined), 50, 'probe').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(withDeadline(Promise.resolve(7), 50, 'probe')).resolves.toBe(7);
  });
});
