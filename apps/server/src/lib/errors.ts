import type { z } from 'zod';
import { MSG } from '@pb/core';

/**
 * The one error type the app throws on purpose. Anything else reaching the
 * error handler is treated as a bug: logged in full, answered with a generic 500.
 */
export class AppError extends Error {
  override name: string;
  constructor(
    readonly status: number,
    message: string,
    name?: string,
    readonly details: unknown = {},
  ) {
    super(message);
    this.name = name ?? defaultName(status);
  }
}

function defaultName(status: number): string {
  switch (status) {
    case 400:
      return 'ValidationError';
    default:
      return httpErrorName(status);
  }
}

/** The envelope's `name` for a status (never an internal code such as FST_ERR_…). */
export function httpErrorName(status: number): string {
  switch (status) {
    case 400:
      return 'BadRequestError';
    case 401:
      return 'UnauthorizedError';
    case 403:
      return 'ForbiddenError';
    case 404:
      return 'NotFoundError';
    case 408:
      return 'RequestTimeoutError';
    case 409:
      return 'ConflictError';
    case 413:
      return 'PayloadTooLargeError';
    case 414:
      return 'UriTooLongError';
    case 415:
      return 'UnsupportedMediaTypeError';
    case 429:
      return 'RateLimitError';
    case 431:
      return 'RequestHeaderFieldsTooLargeError';
    default:
      return status >= 500 ? 'InternalServerError' : 'ApplicationError';
  }
}

/**
 * The German message for a refusal of the HTTP layer (Node's parser, Fastify's body parsing or
 * router, a plugin's limit) — errors that never reach a route's own messages.
 */
export function httpLayerMessage(status: number, code?: string): string {
  if (code === 'FST_REQ_FILE_TOO_LARGE') return MSG.fileTooLarge;
  switch (status) {
    case 401:
      return MSG.unauthorized;
    case 403:
      return MSG.forbidden;
    case 404:
      return MSG.notFound;
    case 408:
      return MSG.requestTimeout;
    case 413:
      return MSG.requestTooLarge;
    case 414:
      return MSG.urlTooLong;
    case 415:
      return MSG.unsupportedMediaType;
    case 429:
      return MSG.rateLimited;
    case 431:
      return MSG.headersTooLarge;
    default:
      return MSG.badRequest;
  }
}

export const badRequest = (message: string = MSG.badRequest, details?: unknown) =>
  new AppError(400, message, 'ValidationError', details);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

export interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: unknown };
}

export function errorBody(status: number, name: string, message: string, details: unknown = {}): ErrorBody {
  return { data: null, error: { status, name, message, details } };
}

/**
 * The German message of a failed parse. Our schemas carry German messages; zod's own defaults
 * ('Invalid input: …', 'Unrecognized key …') are English, so those become `fallback`.
 */
export function germanIssue(error: z.ZodError, fallback: string = MSG.badRequest): string {
  const message = error.issues[0]?.message;
  return message && !/^(Invalid|Unrecognized)/.test(message) ? message : fallback;
}

/** `value` parsed by `schema`, or a German 400. */
export function parseOrBadRequest<T extends z.ZodType>(schema: T, value: unknown, fallback?: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(germanIssue(parsed.error, fallback));
  return parsed.data;
}
