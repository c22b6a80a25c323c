/**
 * npm run seed:demo
 * Creates the demo companies, consultants, advertisements, conversations and introductions
 * (skips when demo accounts exist).
 */
import { loadConfig } from '../config';
import { demoLoginText, seedDemoData } from '../modules/demo/seed';
import { openFileStorage } from '../lib/file-storage';
import { seedDemoActivity } from '../modules/demo/activity';
import { runCli, withDatabase } from './run';

async function main(): Promise<number> {
  const config = loadConfig();
  const result = await withDatabase(config, async (db) => {
    const seeded = await seedDemoData(db);
    if (seeded.created) {
      await seedDemoActivity({
        db,
        storage: await openFileStorage(config.storage),
        fingerprintSecret: config.fingerprintSecret,
        registerSecret: config.registerSecret,
        publicUrl: config.publicUrl,
        officeEmail: config.officeEmail,
        invoiceIssuer: config.invoiceIssuer,
        now: new Date(),
      });
    }
    return seeded;
  });
  if (!result.created) console.log('Demo-Daten sind bereits vorhanden – nichts geändert.');
  console.log(demoLoginText(result));
  return 0;
}

runCli(main);
