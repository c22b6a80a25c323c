import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageConfig } from '../../src/config';
import { freePort, localServerProcess } from './ports';

/**
 * A real S3-protocol server of the test's own: s3rver (npm) in a child process on a free
 * loopback port, with one bucket. It checks request signatures (credentials S3RVER/S3RVER)
 * and keeps its objects in a temporary folder, so a restart keeps the files — like a bucket.
 */

export interface OwnS3 {
  endpoint: string;
  bucket: string;
  /** S3_* variables for a server process. */
  env: Record<string, string>;
  /** StorageConfig for an in-process store. */
  config: Extract<StorageConfig, { kind: 's3' }>;
  start(): Promise<void>;
  /** Kills the server (SIGKILL): connections are refused until start(). */
  stop(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections are still accepted by the kernel, nothing answers. */
  freeze(): void;
  /** Lets a frozen server go on (SIGCONT): it then handles what arrived meanwhile. */
  thaw(): void;
  cleanup(): Promise<void>;
}

const S3RVER_BIN = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');

export async function startOwnS3(bucket = 'praemienboerse'): Promise<OwnS3> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-own-s3-'));
  const server = localServerProcess(
    process.execPath,
    [S3RVER_BIN, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', bucket],
    port,
    's3rver',
  );
  await server.start();

  const endpoint = `http://127.0.0.1:${port}`;
  const config = {
    kind: 's3' as const,
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    connectTimeoutMs: 2000,
    requestTimeoutMs: 30_000,
  };
  return {
    endpoint,
    bucket,
    config,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    start: () => server.start(),
    stop: () => server.stop(),
    freeze: () => void server.signal('SIGSTOP'),
    thaw: () => void server.signal('SIGCONT'),
    async cleanup() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
