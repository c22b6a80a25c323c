import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, link, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  newStorageKey,
  STORAGE_KEY_PATTERN,
  StorageUnavailableError,
  type FileStorage,
  type StoredEntry,
  type StoredObject,
} from './storage';
import { makePrivateDir, ownPrivateDir, PRIVATE_FILE_MODE } from './private-files';

/** Errors that mean the disk cannot take or give files right now (full, read-only, failing, gone). */
const UNAVAILABLE_CODES = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EIO',
  'EACCES',
  'EPERM',
  'ENOTDIR',
  'EMFILE',
  'ENFILE',
]);

function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNAVAILABLE_CODES.has(code);
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

/**
 * Files on the local disk under `root` (DATA_DIR/uploads): the default for one instance.
 * Folders 0700, files 0600 (lib/private-files): CVs and chat files are nobody else's on the machine.
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'disk' as const;
  private rootChecked = false;

  constructor(private readonly root: string) {}

  /** The root folder exists and is private (an older version's may be 0755); once per process. */
  private async ensureRoot(): Promise<void> {
    if (this.rootChecked) return;
    await ownPrivateDir(this.root);
    this.rootChecked = true;
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key);
  }

  async put(data: Buffer, ext: string): Promise<string> {
    const key = newStorageKey(ext);
    await this.write(key, data, 'wx');
    return key;
  }

  async putAt(key: string, data: Buffer): Promise<void> {
    await this.write(key, data, 'w');
  }

  async putStream(key: string, stream: Readable, size: number): Promise<void> {
    const file = this.pathOf(key);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
    try {
      await this.ensureRoot();
      await makePrivateDir(path.dirname(file));
      await pipeline(stream, createWriteStream(temporary, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
      const written = (await stat(temporary)).size;
      if (written !== size) throw new Error(`disk store: ${written} bytes written, ${size} expected`);
      await rename(temporary, file);
    } catch (error) {
      if (isUnavailable(error)) throw new StorageUnavailableError(`disk store: ${String(error)}`, { cause: error });
      throw error;
    } finally {
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  /** Writes to a temporary name and renames, so a reader never sees half a file. */
  private async write(key: string, data: Buffer, flag: 'w' | 'wx'): Promise<void> {
    const file = this.pathOf(key);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
    try {
      await this.ensureRoot();
      await makePrivateDir(path.dirname(file));
      await writeFile(temporary, data, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      // link() never replaces an existing file: a repeated key fails instead of overwriting.
      if (flag === 'wx') await link(temporary, file);
      else await rename(temporary, file);
    } catch (error) {
      if (isUnavailable(error)) throw new StorageUnavailableError(`disk store: ${String(error)}`, { cause: error });
      throw error;
    } finally {
      // A half-written temporary file (disk full mid-write) never stays behind.
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      if (isUnavailable(error)) throw new StorageUnavailableError(`disk store: ${String(error)}`, { cause: error });
      throw error;
    }
  }

  async stat(key: string): Promise<StoredEntry | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { key, size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      if (isUnavailable(error)) throw new StorageUnavailableError(`disk store: ${String(error)}`, { cause: error });
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<StoredEntry> {
    let folders: string[];
    try {
      folders = await readdir(this.root);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const folder of folders.sort()) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      for (const name of (await readdir(path.join(this.root, folder))).sort()) {
        const key = `${folder}/${name}`;
        if (!STORAGE_KEY_PATTERN.test(key)) continue;
        const info = await stat(path.join(this.root, key));
        if (info.isFile()) yield { key, size: info.size };
      }
    }
  }

  async check(): Promise<void> {
    try {
      await this.ensureRoot();
      await access(this.root, constants.W_OK);
    } catch (error) {
      throw new StorageUnavailableError(`disk store: ${String(error)}`, { cause: error });
    }
  }

  close(): void {
    // Nothing to release.
  }
}
