import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../src/lib/storage-disk';
import { S3FileStorage } from '../src/lib/storage-s3';
import { runCliProcess } from './support/cli';
import { startOwnS3, type OwnS3 } from './support/own-s3';

/** `npm run storage:migrate` as the operator runs it: disk files into a real S3-protocol server, twice. */

let s3: OwnS3;
let dataDir: string;
const env = () => ({
  DATA_DIR: dataDir,
  JWT_SECRET: 'storage-migrate-test-secret-0123456789abcdef',
  FINGERPRINT_SECRET: 'storage-migrate-test-secret-0123456789abcdef',
  REGISTER_SECRET: 'storage-migrate-test-secret-0123456789abcdef',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  ...s3.env,
});
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  s3 = await startOwnS3();
  dataDir = mkdtempSync(path.join(tmpdir(), 'pb-migrate-'));
});
afterAll(async () => {
  await s3?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run storage:migrate', () => {
  it('When run twice over a disk store, then every file is in the bucket under its key with the same bytes, and the second run copies nothing', async () => {
    const disk = new LocalFileStorage(path.join(dataDir, 'uploads'));
    const originals = new Map<string, string>();
    for (let i = 0; i < 12; i += 1) {
      const data = Buffer.from(`%PDF-1.4 Datei ${i} ${'x'.repeat(i * 1000)}`);
      originals.set(await disk.put(data, i % 3 === 0 ? 'png' : 'pdf'), sha256(data));
    }

    const dry = await runCliProcess('storage-migrate.ts', ['--dry-run'], env());
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toMatch(/^12 Dateien würden kopiert/);

    const first = await runCliProcess('storage-migrate.ts', [], env());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^12 Dateien kopiert .*, 0 bereits im Bucket/);

    const bucket = new S3FileStorage(s3.config);
    try {
      const found = new Map<string, string>();
      for await (const entry of bucket.list()) {
        const opened = await bucket.open(entry.key);
        found.set(entry.key, sha256(await readAll(opened!.stream)));
      }
      expect(found).toEqual(originals);
    } finally {
      bucket.close();
    }

    // One more file later (the servers still wrote to disk): only that one is copied.
    await disk.put(Buffer.from('%PDF-1.4 neu'), 'pdf');
    const second = await runCliProcess('storage-migrate.ts', [], env());
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^1 Dateien kopiert .*, 12 bereits im Bucket/);
  });

  it('When S3 is not configured or not reachable, then it exits 1 with a one-line German message', async () => {
    const unset = await runCliProcess('storage-migrate.ts', [], {
      DATA_DIR: dataDir,
      JWT_SECRET: 'storage-migrate-test-secret-0123456789abcdef',
      FINGERPRINT_SECRET: 'storage-migrate-test-secret-0123456789abcdef',
      REGISTER_SECRET: 'storage-migrate-test-secret-0123456789abcdef',
    });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toMatch(/^S3 ist nicht konfiguriert/);

    await s3.stop();
    try {
      const down = await runCliProcess('storage-migrate.ts', [], env());
      expect(down.code).toBe(1);
      expect(down.stderr.trim().split('\n')).toHaveLength(1);
      expect(down.stderr).toMatch(/^Die Dateiablage ist nicht erreichbar \(S3 head bucket failed/);
    } finally {
      await s3.start();
    }
  });
});
