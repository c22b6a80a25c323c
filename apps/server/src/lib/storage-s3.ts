import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertStorageKey,
  contentTypeOf,
  newStorageKey,
  StorageUnavailableError,
  type FileStorage,
  type StoredEntry,
  type StoredObject,
} from './storage';

export interface S3StorageOptions {
  /** Unset → AWS's own endpoint for the region. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO, Ceph, Garage, s3rver) instead of in the host name. */
  forcePathStyle: boolean;
  /** Opening a connection to the store; then the request fails (503). */
  connectTimeoutMs?: number;
  /** A request whose socket stays silent this long fails. */
  requestTimeoutMs?: number;
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isNotFound(error: unknown): boolean {
  return (
    statusOf(error) === 404 || (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound'))
  );
}

/**
 * Files in an S3-compatible bucket through the official AWS SDK v3 client. Every failure
 * to reach or use the bucket (refused, timed out, 5xx, access denied, no such bucket) is a
 * StorageUnavailableError: the caller answers 503 and writes nothing to the database.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 requires them: many S3-compatible servers do not know the
      // newer flexible-checksum headers or aws-chunked uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that is down should cost a request seconds, not minutes.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: options.connectTimeoutMs ?? 2000,
        requestTimeout: options.requestTimeoutMs ?? 30_000,
      },
    });
  }

  private unavailable(action: string, error: unknown): StorageUnavailableError {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new StorageUnavailableError(`S3 ${action} failed (${detail})`, { cause: error });
  }

  async put(data: Buffer, ext: string): Promise<string> {
    const key = newStorageKey(ext);
    await this.putAt(key, data);
    return key;
  }

  putAt(key: string, data: Buffer): Promise<void> {
    return this.putObject(key, data, data.length);
  }

  async putStream(key: string, stream: Readable, size: number): Promise<void> {
    try {
      await this.putObject(key, stream, size);
    } catch (error) {
      stream.destroy();
      throw error;
    }
  }

  /** One PUT with a known length: S3 stores the object whole or not at all. */
  private async putObject(key: string, body: Buffer | Readable, length: number): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentLength: length,
          ContentType: contentTypeOf(key),
        }),
      );
    } catch (error) {
      throw this.unavailable('put', error);
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = result.Body;
      if (!(body instanceof Readable)) throw new Error('S3 body is not a Node stream');
      return { stream: body, size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw this.unavailable('get', error);
    }
  }

  async stat(key: string): Promise<StoredEntry | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw this.unavailable('head', error);
    }
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return;
      throw this.unavailable('delete', error);
    }
  }

  async *list(): AsyncIterable<StoredEntry> {
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, ...(token ? { ContinuationToken: token } : {}) }),
        );
      } catch (error) {
        throw this.unavailable('list', error);
      }
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw this.unavailable('head bucket', error);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
