import type { ApiErrorBody } from '@pb/core';
import { MSG, toQueryString } from '@pb/core';
import { nextTask } from './nextTask';
import { storage } from './storage';

/** Error thrown for non-2xx answers; message is the server's German text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Json = Record<string, unknown> | unknown[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: Json | FormData | undefined;
  signal?: AbortSignal | undefined;
}

/** Listeners told when a stored token was rejected (the shell logs out). */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

async function send(path: string, options: RequestOptions, withToken: boolean): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = withToken ? storage.token : null;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal ?? null,
    });
  } catch (error) {
    // A cancelled request stays a cancellation; a network failure ('Failed to fetch') says so in German.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, MSG.offline, null);
  }
}

/**
 * The API client (spec §7): adds "Authorization: Bearer" from the stored token;
 * on a 401 it removes the token and retries once without it.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // A page's effects start its requests together (a signed-in page ~8), and each fetch() costs the
  // main thread a few ms (at 4x CPU ~15): one per task, they do not add up to one long task.
  await nextTask();
  const hadToken = Boolean(storage.token);
  let response = await send(path, options, true);
  if (response.status === 401 && hadToken) {
    storage.clearToken();
    unauthorizedListeners.forEach((l) => l());
    response = await send(path, options, false);
  }
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const message = (parsed as ApiErrorBody | null)?.error?.message ?? MSG.internal;
    throw new ApiError(response.status, message, parsed);
  }
  return parsed as T;
}

/** The German text to show for a failed call: the server's message, or a generic one when offline. */
export function errorText(error: unknown, fallback: string = MSG.internal): string {
  return error instanceof ApiError ? error.message : fallback;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Strapi-style query string: { filters: { id: { $eq: 1 } } } → ?filters[id][$eq]=1. */
export function toQuery(params: Record<string, unknown>): string {
  const text = toQueryString(params);
  return text ? `?${text}` : '';
}
