/**
 * npm run restore -- [--force] <Verzeichnis>
 * Puts a backup of `npm run backup` back: checks every checksum first, refuses a database
 * that is not empty unless --force is given, then restores the files into the configured
 * store and the database, and compares the row counts with the backup's manifest
 * (docs/operations.md, "Backups"). Stop the servers first.
 */
import { fileSizeText, formatNumber } from '@pb/core';
import { loadConfig } from '../config';
import { checkBackup, restoreBackup } from '../modules/backup/restore';
import { backupSettings, folderArgument, runCli, withLockAndStorage } from './run';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const dir = folderArgument(
    args.filter((arg) => arg !== '--force'),
    'npm run restore -- [--force] <Verzeichnis>',
  );
  if (!dir) return 1;
  const config = loadConfig();
  // Reads only: a damaged backup is reported before the lock is taken or anything is opened.
  const manifest = await checkBackup(dir, config.databaseUrl ? 'postgres' : 'pglite');
  return withLockAndStorage(config, async (storage) => {
    const result = await restoreBackup({
      dir,
      manifest,
      force,
      ...backupSettings(config, storage),
    });
    console.log(
      `Sicherung zurückgespielt: ${formatNumber(result.tables)} Tabellen, ${formatNumber(result.rows)} Zeilen, ` +
        `${formatNumber(result.files)} Dateien (${fileSizeText(result.fileBytes)}) aus ${dir}`,
    );
    if (result.otherFiles > 0) {
      console.log(
        `Hinweis: ${formatNumber(result.otherFiles)} weitere Dateien in der Dateiablage gehören nicht zur Sicherung und wurden belassen.`,
      );
    }
    if (!result.fingerprintKeyMatches) {
      console.error(
        'Achtung: FINGERPRINT_SECRET ist nicht derselbe wie bei der Sicherung. Frühere Vorstellungen lassen sich so nicht ' +
          'mehr abgleichen; bitte stellen Sie den ursprünglichen Schlüssel wieder her, bevor Sie den Server starten ' +
          '(docs/operations.md, „Backups“).',
      );
    }
    if (!result.registerKeyMatches) {
      console.error(
        'Achtung: REGISTER_SECRET ist nicht derselbe wie bei der Sicherung. Das Vorstellungsregister lässt sich so nicht ' +
          'prüfen und nimmt keine neuen Einträge an; bitte stellen Sie den ursprünglichen Schlüssel wieder her, bevor Sie ' +
          'den Server starten (docs/operations.md, „Backups“).',
      );
    }
    return 0;
  });
}

runCli(main);
