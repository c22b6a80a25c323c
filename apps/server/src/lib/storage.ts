import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_MIME_TYPES } from './uploads';

/**
 * Where files live: the local disk under DATA_DIR/uploads by default, an S3-compatible
 * bucket when S3_BUCKET is configured (lib/storage-s3.ts). Files get generated keys
 * (never the client's name), grouped in two-character folders; both stores use the same
 * keys, so `npm run storage:migrate` copies a disk store into a bucket unchanged.
 *
 * Downloads always stream through the server after its authorisation check (decision 0020):
 * no store is ever reachable by a client directly.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under a new key; throws StorageUnavailableError when the store cannot take them. */
  put(data: Buffer, ext: string): Promise<string>;
  /** Stores the bytes under a key of ours (storage:migrate and restore keep a store's keys). */
  putAt(key: string, data: Buffer): Promise<void>;
  /**
   * Stores `size` bytes read from the stream under a key of ours (large files, e.g. a data
   * export); a reader never sees a partial file. On disk the file is readable by the server's
   * user only. Throws StorageUnavailableError when the store cannot take them.
   */
  putStream(key: string, stream: Readable, size: number): Promise<void>;
  /** Opens a stored file for streaming; null when there is no such file. */
  open(key: string): Promise<StoredObject | null>;
  /** The file's size, or null when there is no such file. */
  stat(key: string): Promise<StoredEntry | null>;
  /** Deletes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored file (backups, migration), in no particular order. */
  list(): AsyncIterable<StoredEntry>;
  /** Resolves when the store answers and takes writes (readiness); throws otherwise. */
  check(): Promise<void>;
  /** Releases connections (S3 client sockets); the store is unusable afterwards. */
  close(): void;
}

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface StoredEntry {
  key: string;
  size: number;
}

/** The store does not answer, refuses us or is full: the request gets a German 503 and nothing is written. */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  /**
   * A write or delete that may still take effect, or left an object behind: the store was sent
   * the request but did not answer in time (services/storage-orphans removes the object later).
   */
  readonly key: string | undefined;
  constructor(message: string, options?: { cause?: unknown; key?: string | undefined }) {
    super(message, options);
    this.key = options?.key;
  }
}

export const STORAGE_KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

/** Throws for anything that is not a key we generated (no path tricks reach a store). */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}

/** A fresh key for a file with this extension (cleaned to ≤ 5 lowercase letters or digits). */
export function newStorageKey(ext: string): string {
  const safeExt =
    ext
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 5) || 'bin';
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}.${safeExt}`;
}

/** The MIME type of a stored file by its key's extension (the same types uploads accept). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return Object.hasOwn(UPLOAD_MIME_TYPES, ext)
    ? UPLOAD_MIME_TYPES[ext as keyof typeof UPLOAD_MIME_TYPES]
    : 'application/octet-stream';
}
