import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * File store on local disk under DATA_DIR/uploads. Files get generated names
 * (never the client's), grouped in two-character folders. An S3-compatible store
 * can implement the same interface.
 */
export interface FileStorage {
  put(data: Buffer, ext: string): Promise<string>;
  read(key: string): ReadStream;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(data: Buffer, ext: string): Promise<string> {
    const safeExt =
      ext
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 5) || 'bin';
    const id = randomUUID();
    const key = `${id.slice(0, 2)}/${id}.${safeExt}`;
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
    return key;
  }

  read(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
