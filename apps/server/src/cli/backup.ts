/**
 * npm run backup -- <Verzeichnis>
 * Saves the database (pg_dump, or the embedded database's data folder) and every file of the
 * configured store into a new or empty folder, with manifest.json last (docs/operations.md,
 * "Backups"). With the embedded database the server must be stopped first (DATA_DIR lock).
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { checkBackupFolder, createBackup } from '../modules/backup/backup';
import { countText, sizeText } from '../modules/backup/format';
import { runCli, withLockAndStorage } from './run';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const [target] = args;
  if (args.length !== 1 || !target || target.startsWith('-')) {
    console.error('Aufruf: npm run backup -- <Verzeichnis>');
    return 1;
  }
  const dir = path.resolve(target);
  const config = loadConfig();
  // Before the lock: a wrong folder is reported even while the server runs.
  await checkBackupFolder(dir);
  return withLockAndStorage(config, async (storage) => {
    const result = await createBackup({
      dir,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      storage,
      fingerprintSecret: config.fingerprintSecret,
      now: new Date(),
    });
    console.log(
      `Sicherung erstellt: ${countText(result.tables)} Tabellen, ${countText(result.rows)} Zeilen, ` +
        `${countText(result.files)} Dateien (${sizeText(result.fileBytes)}) in ${dir}`,
    );
    if (result.foreignKeys > 0) {
      console.log(
        `Hinweis: ${countText(result.foreignKeys)} Objekte im Bucket stammen nicht von der Prämienbörse und wurden nicht gesichert.`,
      );
    }
    console.log(
      'Nicht enthalten sind FINGERPRINT_SECRET und JWT_SECRET: Bitte sichern Sie diese getrennt (docs/operations.md, „Backups“).',
    );
    return 0;
  });
}

runCli(main);
