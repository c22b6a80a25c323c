import type { StorageConfig } from '../config';
import type { FileStorage } from './storage';
import { LocalFileStorage } from './storage-disk';

/**
 * The configured file store: S3-compatible bucket or the local disk (lib/storage.ts). The S3
 * client (the AWS SDK, several MB of code) is loaded only when a bucket is configured.
 */
export async function openFileStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.kind !== 's3') return new LocalFileStorage(config.dir);
  const { S3FileStorage } = await import('./storage-s3');
  return new S3FileStorage(config);
}
