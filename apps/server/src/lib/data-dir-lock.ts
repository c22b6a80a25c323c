import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { makePrivateDirSync } from './private-files';

/**
 * The embedded database (PGlite in DATA_DIR) must be opened by one process at a time:
 * two processes on one directory lose writes and risk corrupting it. The server and
 * every CLI take this lock first (docs/operations.md, "One process per DATA_DIR").
 *
 * The lock is a file created exclusively (O_EXCL) holding the owner's pid. It is
 * removed on exit; after a crash (kill -9, power loss) the next process finds the pid
 * no longer running and takes the lock over. With DATABASE_URL (PostgreSQL) no lock
 * is taken: the server and CLIs share the database safely.
 */

export const DATA_DIR_LOCK_FILE = 'praemienboerse.lock';

export type LockRole = 'server' | 'cli';

interface LockOwner {
  pid: number;
  role: LockRole;
  since: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly owner: { pid: number; role: LockRole | 'unknown' },
  ) {
    super(
      owner.role === 'cli'
        ? `Die Datenbank in ${dataDir} wird gerade von einem anderen Befehl (npm run …, Prozess ${owner.pid}) verwendet. ` +
            'Bitte warten Sie, bis er fertig ist, und versuchen Sie es erneut.'
        : `Die Datenbank in ${dataDir} wird gerade vom laufenden Server verwendet. ` +
            'Bitte beenden Sie zuerst den Server (npm start) und versuchen Sie es erneut.' +
            `\n(Prozess ${owner.pid}; Sperrdatei ${path.join(dataDir, DATA_DIR_LOCK_FILE)})`,
    );
  }
}

export interface DataDirLock {
  file: string;
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return undefined;
    return { pid: parsed.pid, role: parsed.role === 'cli' ? 'cli' : 'server', since: String(parsed.since ?? '') };
  } catch {
    return undefined;
  }
}

function tryCreate(file: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Moves a stale lock file aside and deletes it — unless, between reading and moving,
 * another process already replaced it with a live lock; then that one is put back.
 */
function removeStale(file: string, stalePid: number | undefined): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = readOwner(aside);
  if (moved && moved.pid !== stalePid && moved.pid !== process.pid && isRunning(moved.pid)) {
    try {
      linkSync(aside, file);
    } catch {
      // A third process took the lock meanwhile; its lock stands.
    }
  }
  unlinkSync(aside);
}

/**
 * Takes the lock on `dataDir` for this process or throws DataDirLockedError. A lock
 * left by a process that no longer runs (or by an earlier run with our own pid, as
 * after a container restart) is taken over.
 */
export function acquireDataDirLock(dataDir: string, role: LockRole): DataDirLock {
  makePrivateDirSync(dataDir);
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const owner: LockOwner = { pid: process.pid, role, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(file, owner)) {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readOwner(file)?.pid === process.pid) unlinkSync(file);
      };
      process.on('exit', release);
      return { file, release };
    }
    const current = readOwner(file);
    if (current && current.pid !== process.pid && isRunning(current.pid)) {
      throw new DataDirLockedError(dataDir, { pid: current.pid, role: current.role });
    }
    if (!current) {
      // Unreadable: possibly being written this very moment. Give the writer a moment.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      const again = readOwner(file);
      if (again && again.pid !== process.pid && isRunning(again.pid)) {
        throw new DataDirLockedError(dataDir, { pid: again.pid, role: again.role });
      }
    }
    removeStale(file, current?.pid);
  }
  throw new DataDirLockedError(dataDir, { pid: readOwner(file)?.pid ?? 0, role: 'unknown' });
}
