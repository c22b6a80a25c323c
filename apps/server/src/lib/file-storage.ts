import type { StorageConfig } from '../config';
import type { FileStorage } from './storage';
import { LocalFileStorage } from './storage-disk';
import { S3FileStorage } from './storage-s3';

/** The configured file store: S3-compatible bucket or the local disk (lib/storage.ts). */
export function openFileStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? new S3FileStorage(config) : new LocalFileStorage(config.dir);
}
