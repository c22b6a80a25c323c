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
  /**
   * One operation (retries included) until the store's answer starts; then it fails (503).
   * A body already streaming to a client (download) is not cut by it.
   */
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
  private readonly requestTimeoutMs: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.client = new S3Client({
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 requires them: many S3-compatible servers do not know the
      // newer flexible-checksum headers or aws-chunked uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that is down should cost a request seconds, not minutes. The retry helps after a
      // quick failure (reset connection, 503 SlowDown); after a timeout the deadline has passed.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: options.connectTimeoutMs ?? 2000,
        requestTimeout: this.requestTimeoutMs,
        // Without it the SDK only logs a warning when requestTimeout passes and waits on: a
        // frozen store (accepting connections, answering nothing) held every file request forever.
        throwOnRequestTimeout: true,
      },
    });
  }

  /**
   * Runs one operation (all its attempts) under the deadline. The timer stops once the answer
   * starts, so a download that streams to a slow client afterwards is not cut.
   */
  private async withDeadline<T>(operation: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new Error(`S3 gave no answer within ${this.requestTimeoutMs} ms`)),
      this.requestTimeoutMs,
    );
    try {
      return await operation(deadline.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  private unavailable(action: string, error: unknown, options: { key?: string } = {}): StorageUnavailableError {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new StorageUnavailableError(`S3 ${action} failed (${detail})`, { cause: error, ...options });
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
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      Body: body,
      ContentLength: length,
      ContentType: contentTypeOf(key),
    });
    try {
      await this.withDeadline((abortSignal) => this.client.send(command, { abortSignal }));
    } catch (error) {
      // We gave up, but the store may still write the object (it got the bytes, then froze):
      // the key goes with the error so the object can be removed later (services/storage-orphans).
      throw this.unavailable('put', error, { key });
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key });
    try {
      const result = await this.withDeadline((abortSignal) => this.client.send(command, { abortSignal }));
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
    const command = new HeadObjectCommand({ Bucket: this.bucket, Key: key });
    try {
      const head = await this.withDeadline((abortSignal) => this.client.send(command, { abortSignal }));
      return { key, size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw this.unavailable('head', error);
    }
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    const command = new DeleteObjectCommand({ Bucket: this.bucket, Key: key });
    try {
      await this.withDeadline((abortSignal) => this.client.send(command, { abortSignal }));
    } catch (error) {
      if (isNotFound(error)) return;
      throw this.unavailable('delete', error, { key });
    }
  }

  async *list(): AsyncIterable<StoredEntry> {
    let token: string | undefined;
    do {
      const command = new ListObjectsV2Command({
        Bucket: this.bucket,
        ...(token ? { ContinuationToken: token } : {}),
      });
      let page;
      try {
        page = await this.withDeadline((abortSignal) => this.client.send(command, { abortSignal }));
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
    const command = new HeadBucketCommand({ Bucket: this.bucket });
    try {
      await this.withDeadline((abortSignal) => this.client.send(command, { abortSignal }));
    } catch (error) {
      throw this.unavailable('head bucket', error);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
