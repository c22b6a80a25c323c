/**
 * npm run seed:demo
 * Creates the demo companies, consultants and advertisements (skips when demo accounts exist).
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/setup';
import { demoLoginText, seedDemoData } from '../db/seed/demo';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database);
    const result = await seedDemoData(database.db);
    if (!result.created) console.log('Demo-Daten sind bereits vorhanden – nichts geändert.');
    console.log(demoLoginText(result));
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
