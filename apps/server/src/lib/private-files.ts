import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';

/**
 * What the server writes to disk holds personal data or keys (CVs and chat files in
 * DATA_DIR/uploads, backups, the generated secrets): nobody else on the machine may read it.
 * Folders are created 0700 and files 0600. The mode is given at creation, and a umask can only
 * take permission bits away, never add them — so Node's defaults (0777/0666 less the umask,
 * i.e. world-readable under the usual 022 or a 000 umask) never apply. Folders that are ours
 * alone and may exist already (the uploads folder of an older version, an empty backup folder
 * the operator made) are tightened as well.
 */

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) 0700; an existing one is left as it is. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export function makePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates the folder 0700, or takes group and other permissions away from an existing one.
 * A folder of another owner is left alone (chmod would fail; writing to it fails on its own).
 */
export async function ownPrivateDir(dir: string): Promise<void> {
  await makePrivateDir(dir);
  const { mode, uid } = await stat(dir);
  if ((mode & 0o077) !== 0 && isOurs(uid)) await chmod(dir, PRIVATE_DIR_MODE);
}

export function ownPrivateDirSync(dir: string): void {
  makePrivateDirSync(dir);
  const { mode, uid } = statSync(dir);
  if ((mode & 0o077) !== 0 && isOurs(uid)) chmodSync(dir, PRIVATE_DIR_MODE);
}

function isOurs(uid: number): boolean {
  return typeof process.getuid !== 'function' || process.getuid() === uid;
}
