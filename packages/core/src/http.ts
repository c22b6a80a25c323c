/** The API's envelopes: lists, single items and errors (ARCHITECTURE.md, API contract). */

export interface Pagination {
  start: number;
  limit: number;
  /** Present when counted (pagination[withCount], default for signed-in lists); never an estimate. */
  total?: number;
}
export interface Collection<T> {
  data: T[];
  meta: { pagination: Pagination };
}
export interface Single<T> {
  data: T;
  meta: Record<string, never>;
}
export interface ApiErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: unknown };
}
