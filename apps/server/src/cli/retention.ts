/**
 * npm run retention [-- --dry-run]
 * Applies the retention rules now (or with --dry-run only lists what would happen).
 */
import { loadConfig } from '../config';
import { openFileStorage } from '../lib/file-storage';
import { runRetention } from '../modules/retention/service';
import { runCli, withDatabase } from './run';

async function main(): Promise<number> {
  const dryRun = process.argv.includes('--dry-run');
  const config = loadConfig();
  const result = await withDatabase(config, async (db) =>
    runRetention(db, {
      now: new Date(),
      dryRun,
      publicUrl: config.publicUrl,
      registerSecret: config.registerSecret,
      storage: await openFileStorage(config.storage),
    }),
  );
  if (!result.ran) {
    console.log('Eine andere Instanz führt die Aufbewahrungsregeln gerade aus.');
    return 0;
  }
  console.log(dryRun ? 'Probelauf – es wird nichts geändert:' : 'Aufbewahrungsregeln angewendet:');
  const users = (action: 'warn' | 'delete') => result.details.users.filter((u) => u.action === action);
  const print = (title: string, lines: string[]) => {
    console.log(`  ${title} (${lines.length})${lines.length === 0 ? ': –' : ':'}`);
    for (const line of lines) console.log(`    ${line}`);
  };
  print(
    'Warnung per E-Mail an Benutzer',
    users('warn').map((u) => `#${u.id} ${u.email}`),
  );
  print(
    'Benutzer löschen',
    users('delete').map((u) => `#${u.id} ${u.email}`),
  );
  print(
    'Inserate deaktivieren',
    result.details.jobs.map((j) => `#${j.id} ${j.jobTitle}`),
  );
  print(
    'Kandidatendaten von Vorstellungen löschen',
    (result.introductionPersonalData ?? []).map((id) => `Vorstellung Nr. ${id}`),
  );
  print(
    'Kandidaten-Fingerabdrücke löschen',
    (result.introductionFingerprints ?? []).map((id) => `Vorstellung Nr. ${id}`),
  );
  console.log(`  Datenexporte (ZIP) löschen, heruntergeladen oder abgelaufen: ${result.dataExports ?? 0}`);
  return 0;
}

runCli(main);
