import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Transfer } from './browser';
import { ROOT } from './server';

/** Written by the web build (apps/web/chunkOwners.ts): each chunk's bytes before minification by owner. */
const OWNERS_FILE = path.join(ROOT, 'apps/web/dist-stats/chunk-owners.json');

/**
 * The bytes on the wire of `files` by owner (npm package, @pb/core or a folder of the web app):
 * each script's compressed bytes shared out in proportion to its owners' bytes in the bundle;
 * stylesheets are one owner. Largest first.
 */
export function bytesByOwner(files: Transfer[]): Array<{ owner: string; bytes: number }> {
  const owners = existsSync(OWNERS_FILE)
    ? (JSON.parse(readFileSync(OWNERS_FILE, 'utf8')) as Record<string, Record<string, number>>)
    : {};
  const total = new Map<string, number>();
  const add = (owner: string, bytes: number) => total.set(owner, (total.get(owner) ?? 0) + bytes);
  for (const file of files) {
    if (file.type === 'Stylesheet') {
      add('stylesheet (Bootstrap rules in use + the app’s CSS modules)', file.bytes);
      continue;
    }
    const chunk = owners[file.file.replace(/^\//, '')];
    const sum = chunk ? Object.values(chunk).reduce((a, b) => a + b, 0) : 0;
    if (!chunk || sum === 0) {
      add(`${path.basename(file.file)} (not in the build's chunk list)`, file.bytes);
      continue;
    }
    for (const [owner, size] of Object.entries(chunk)) add(owner, (file.bytes * size) / sum);
  }
  return [...total].map(([owner, bytes]) => ({ owner, bytes: Math.round(bytes) })).sort((a, b) => b.bytes - a.bytes);
}
