/** What the command-line tools share: a prepared database for the task, and the exit code. */
import path from 'node:path';
import { ConfigError, type Config } from '../config';
import { openDatabase, type Db } from '../db/client';
import { prepareDatabase } from '../db/setup';
import { acquireDataDirLock, DataDirLockedError } from '../lib/data-dir-lock';
import { openFileStorage } from '../lib/file-storage';
import { StorageUnavailableError, type FileStorage } from '../lib/storage';
import { BackupError } from '../modules/backup/format';

/**
 * Opens and migrates the configured database, runs `task` on it, and always closes it.
 * The embedded database is locked first: while the server (or another command) has it
 * open, this throws DataDirLockedError and nothing is touched. PostgreSQL needs no lock.
 */
export async function withDatabase<T>(config: Config, task: (db: Db) => Promise<T>): Promise<T> {
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir, 'cli');
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await prepareDatabase(database);
      return await task(database.db);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

/**
 * For commands that open the database themselves (backup, restore): the embedded database's
 * DATA_DIR lock (none with PostgreSQL) and the configured file store, both released afterwards.
 */
export async function withLockAndStorage<T>(config: Config, task: (storage: FileStorage) => Promise<T>): Promise<T> {
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir, 'cli');
  const storage = await openFileStorage(config.storage);
  try {
    return await task(storage);
  } finally {
    storage.close();
    lock?.release();
  }
}

/** What backup and restore both need of the configuration, with the storage the lock opened. */
export function backupSettings(config: Config, storage: FileStorage) {
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    storage,
    fingerprintSecret: config.fingerprintSecret,
    registerSecret: config.registerSecret,
    now: new Date(),
  };
}

/**
 * The one folder a command takes (`npm run backup -- <Verzeichnis>`), resolved; null after
 * printing `usage` when there is none, more than one, or an unknown option.
 */
export function folderArgument(args: readonly string[], usage: string): string | null {
  const [folder] = args;
  if (args.length !== 1 || !folder || folder.startsWith('-')) {
    console.error(`Aufruf: ${usage}`);
    return null;
  }
  return path.resolve(folder);
}

/** Runs a tool's main and exits with its code (1 after printing an unexpected error). */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      // Errors an operator can act on print as one line; anything else with its stack.
      if (err instanceof StorageUnavailableError) {
        console.error(`Die Dateiablage ist nicht erreichbar (${err.message}).`);
      } else if (err instanceof DataDirLockedError || err instanceof ConfigError || err instanceof BackupError) {
        console.error(err.message);
      } else {
        console.error(err);
      }
      process.exit(1);
    },
  );
}
