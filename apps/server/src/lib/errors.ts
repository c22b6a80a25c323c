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
  return status === 400 ? 'ValidationError' : httpErrorName(status);
}

const HTTP_ERROR_NAMES: Readonly<Record<number, string>> = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  408: 'RequestTimeoutError',
  409: 'ConflictError',
  413: 'PayloadTooLargeError',
  414: 'UriTooLongError',
  415: 'UnsupportedMediaTypeError',
  429: 'RateLimitError',
  431: 'RequestHeaderFieldsTooLargeError',
};

/** The envelope's `name` for a status (never an internal code such as FST_ERR_…). */
export function httpErrorName(status: number): string {
  return HTTP_ERROR_NAMES[status] ?? (status >= 500 ? 'InternalServerError' : 'ApplicationError');
}

const HTTP_LAYER_MESSAGES: Readonly<Record<number, string>> = {
  401: MSG.unauthorized,
  403: MSG.forbidden,
  404: MSG.notFound,
  408: MSG.requestTimeout,
  413: MSG.requestTooLarge,
  414: MSG.urlTooLong,
  415: MSG.unsupportedMediaType,
  429: MSG.rateLimited,
  431: MSG.headersTooLarge,
};

/**
 * The German message for a refusal of the HTTP layer (Node's parser, Fastify's body parsing or
 * router, a plugin's limit) — errors that never reach a route's own messages.
 */
export function httpLayerMessage(status: number, code?: string): string {
  if (code === 'FST_REQ_FILE_TOO_LARGE') return MSG.fileTooLarge;
  return HTTP_LAYER_MESSAGES[status] ?? MSG.badRequest;
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
