import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnS3, type OwnS3 } from '../../test/support/own-s3';
import { StorageUnavailableError, type FileStorage } from './storage';
import { LocalFileStorage } from './storage-disk';
import { S3FileStorage } from './storage-s3';

/**
 * One contract, two stores: the local disk and an S3-compatible bucket on a real
 * S3-protocol server (s3rver) started here. Whatever a feature does with files must
 * behave the same on both.
 */

interface StoreUnderTest {
  storage: FileStorage;
  /** Makes the store unreachable (S3: server killed) and back. */
  goDown?: () => Promise<void>;
  comeBack?: () => Promise<void>;
}

const PDF = Buffer.from('%PDF-1.4\n% contract test\n');

async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list()) keys.push(entry.key);
  return keys.sort();
}

function contract(name: string, setup: () => Promise<StoreUnderTest & { cleanup(): Promise<void> }>) {
  describe(`File storage contract: ${name}`, () => {
    let store: StoreUnderTest & { cleanup(): Promise<void> };
    beforeAll(async () => {
      store = await setup();
    });
    afterAll(async () => {
      await store?.cleanup();
    });

    it('When a file is put, then it opens with the same bytes and size, is listed and has a generated key', async () => {
      const key = await store.storage.put(PDF, 'PDF');
      expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.pdf$/);
      const opened = await store.storage.open(key);
      expect(opened?.size).toBe(PDF.length);
      expect(await readAll(opened!.stream)).toEqual(PDF);
      expect(await store.storage.stat(key)).toEqual({ key, size: PDF.length });
      expect(await keysOf(store.storage)).toContain(key);
    });

    it('When two files are put with the same extension, then their keys differ and an odd extension is cleaned', async () => {
      const a = await store.storage.put(PDF, 'pdf');
      const b = await store.storage.put(PDF, 'pdf');
      expect(a).not.toBe(b);
      expect(await store.storage.put(PDF, '../E X E')).toMatch(/\.exe$/);
      expect(await store.storage.put(PDF, '')).toMatch(/\.bin$/);
    });

    it('When a key is unknown, then open and stat answer null and remove is a no-op', async () => {
      const key = '0a/0a000000-0000-4000-8000-000000000000.pdf';
      expect(await store.storage.open(key)).toBeNull();
      expect(await store.storage.stat(key)).toBeNull();
      await expect(store.storage.remove(key)).resolves.toBeUndefined();
    });

    it('When a file is removed, then it is gone from open, stat and list', async () => {
      const key = await store.storage.put(PDF, 'pdf');
      await store.storage.remove(key);
      expect(await store.storage.open(key)).toBeNull();
      expect(await store.storage.stat(key)).toBeNull();
      expect(await keysOf(store.storage)).not.toContain(key);
    });

    it('When a file is put at a given key (migration, restore), then it is stored under exactly that key and replaced on repeat', async () => {
      const key = 'ff/ffffffff-0000-4000-8000-000000000001.png';
      await store.storage.putAt(key, Buffer.from('first'));
      await store.storage.putAt(key, Buffer.from('second version'));
      const opened = await store.storage.open(key);
      expect((await readAll(opened!.stream)).toString()).toBe('second version');
    });

    it('When a key is not one of ours (path tricks), then every operation refuses it', async () => {
      for (const key of ['../etc/passwd', 'ab/../../x.pdf', 'AB/x.pdf', '', 'ab/ab.pdf']) {
        await expect(store.storage.open(key)).rejects.toThrow(/invalid storage key/);
        await expect(store.storage.putAt(key, PDF)).rejects.toThrow(/invalid storage key/);
        await expect(store.storage.remove(key)).rejects.toThrow(/invalid storage key/);
      }
    });

    it('When the store answers, then check() resolves', async () => {
      await expect(store.storage.check()).resolves.toBeUndefined();
    });

    it.runIf(name === 's3 (s3rver)')(
      'When the store is down, then put, open and check fail fast with StorageUnavailableError, and work again once it is back',
      async () => {
        const kept = await store.storage.put(PDF, 'pdf');
        await store.goDown!();
        try {
          const started = Date.now();
          await expect(store.storage.put(PDF, 'pdf')).rejects.toBeInstanceOf(StorageUnavailableError);
          await expect(store.storage.open(kept)).rejects.toBeInstanceOf(StorageUnavailableError);
          await expect(store.storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
          expect(Date.now() - started).toBeLessThan(15_000);
        } finally {
          await store.comeBack!();
        }
        const opened = await store.storage.open(kept);
        expect(await readAll(opened!.stream)).toEqual(PDF);
      },
    );
  });
}

contract('disk', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-storage-'));
  return {
    storage: new LocalFileStorage(path.join(dir, 'uploads')),
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

contract('s3 (s3rver)', async () => {
  const s3: OwnS3 = await startOwnS3('contract-test');
  const storage = new S3FileStorage({ ...s3.config, connectTimeoutMs: 1000, requestTimeoutMs: 5000 });
  return {
    storage,
    goDown: () => s3.stop(),
    comeBack: () => s3.start(),
    async cleanup() {
      storage.close();
      await s3.cleanup();
    },
  };
});

describe('S3 store with wrong credentials', () => {
  let s3: OwnS3;
  beforeAll(async () => {
    s3 = await startOwnS3('refusing');
  });
  afterAll(async () => {
    await s3?.cleanup();
  });

  it('When the store refuses our credentials, then put and check are StorageUnavailableError (503), not a crash', async () => {
    const storage = new S3FileStorage({ ...s3.config, accessKeyId: 'SOMEONE-ELSE', secretAccessKey: 'wrong-secret' });
    try {
      await expect(storage.put(PDF, 'pdf')).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      storage.close();
    }
  });
});

/** A 64 KB tmpfs: writing a larger file fails with ENOSPC like a full disk. Needs mount rights (root). */
function mountTinyDisk(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

describe('Disk store on a full disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-full-disk-'));
  let mounted = false;
  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    mounted = mountTinyDisk(dir);
    if (!mounted) console.warn('Disk store on a full disk: mount not permitted here, test skipped');
  });
  afterAll(() => {
    if (mounted) execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('When the disk is full, then put is StorageUnavailableError and no partial file stays behind', async (ctx) => {
    if (!mounted) ctx.skip();
    const storage = new LocalFileStorage(dir);
    await expect(storage.put(Buffer.alloc(200_000, 1), 'pdf')).rejects.toBeInstanceOf(StorageUnavailableError);
    const leftovers = readdirSync(dir, { recursive: true }).filter((name) => String(name).includes('.'));
    expect(leftovers).toEqual([]);
    // Small files still fit: the store works again as soon as there is room.
    const key = await storage.put(PDF, 'pdf');
    expect(await storage.stat(key)).toEqual({ key, size: PDF.length });
  });
});
