import { expect } from 'vitest';
import { MSG } from '@pb/core';
import type { FileStorage } from '../../src/lib/storage';

/** Checks shared by the suites that run the app on a bucket (storage-s3*.test.ts). */

/** Every key in the store, sorted. */
export async function storeKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list()) keys.push(entry.key);
  return keys.sort();
}

/** The German 503 of a store that is down, refusing or frozen, with its Retry-After. */
export function expectStorage503(res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({
    data: null,
    error: { status: 503, name: 'ServiceUnavailableError', message: MSG.storageUnavailable },
  });
  expect(res.headers['retry-after']).toBe('5');
}
