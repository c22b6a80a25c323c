/**
 * npm run retention [-- --dry-run]
 * Applies the retention rules now (or with --dry-run only lists what would happen).
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/setup';
import { LocalFileStorage } from '../lib/storage';
import { runRetention } from '../modules/retention/service';

async function main(): Promise<number> {
  const dryRun = process.argv.includes('--dry-run');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database);
    const result = await runRetention(database.db, {
      now: new Date(),
      dryRun,
      publicUrl: config.publicUrl,
      storage: new LocalFileStorage(config.uploadDir),
    });
    if (!result.ran) {
      console.log('Eine andere Instanz führt die Aufbewahrungsregeln gerade aus.');
      return 0;
    }
    const list = (ids: number[]) => (ids.length > 0 ? ids.join(', ') : '–');
    console.log(dryRun ? 'Probelauf – es wird nichts geändert:' : 'Aufbewahrungsregeln angewendet:');
    console.log(`  Warnung an Benutzer (${result.warnedUsers.length}): ${list(result.warnedUsers)}`);
    console.log(`  Benutzer löschen (${result.deletedUsers.length}): ${list(result.deletedUsers)}`);
    console.log(`  Inserate deaktivieren (${result.deactivatedJobs.length}): ${list(result.deactivatedJobs)}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
