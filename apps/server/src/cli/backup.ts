/**
 * npm run backup -- <Verzeichnis>
 * Saves the database (pg_dump, or the embedded database's data folder) and every file of the
 * configured store into a new or empty folder, with manifest.json last (docs/operations.md,
 * "Backups"). With the embedded database the server must be stopped first (DATA_DIR lock).
 */
import { fileSizeText, formatNumber } from '@pb/core';
import { loadConfig } from '../config';
import { checkBackupFolder, createBackup } from '../modules/backup/backup';
import { backupSettings, folderArgument, runCli, withLockAndStorage } from './run';

async function main(): Promise<number> {
  const dir = folderArgument(process.argv.slice(2), 'npm run backup -- <Verzeichnis>');
  if (!dir) return 1;
  const config = loadConfig();
  // Before the lock: a wrong folder is reported even while the server runs.
  await checkBackupFolder(dir);
  return withLockAndStorage(config, async (storage) => {
    const result = await createBackup({
      dir,
      ...backupSettings(config, storage),
    });
    console.log(
      `Sicherung erstellt: ${formatNumber(result.tables)} Tabellen, ${formatNumber(result.rows)} Zeilen, ` +
        `${formatNumber(result.files)} Dateien (${fileSizeText(result.fileBytes)}) in ${dir}`,
    );
    if (result.foreignKeys > 0) {
      console.log(
        `Hinweis: ${formatNumber(result.foreignKeys)} Objekte im Bucket stammen nicht von der Prämienbörse und wurden nicht gesichert.`,
      );
    }
    console.log(
      'Nicht enthalten sind FINGERPRINT_SECRET und JWT_SECRET: Bitte sichern Sie diese getrennt (docs/operations.md, „Backups“).',
    );
    return 0;
  });
}

runCli(main);
