/**
 * npm run seed:demo
 * Creates the demo companies, consultants and advertisements (skips when demo accounts exist).
 */
import { loadConfig } from '../config';
import { demoLoginText, seedDemoData } from '../db/seed/demo';
import { runCli, withDatabase } from './run';

async function main(): Promise<number> {
  const result = await withDatabase(loadConfig(), seedDemoData);
  if (!result.created) console.log('Demo-Daten sind bereits vorhanden – nichts geändert.');
  console.log(demoLoginText(result));
  return 0;
}

runCli(main);
