import type { Database } from './client';
import { migrate } from './migrate';
import { seedDistricts } from './seed/districts';

/** Everything a fresh or existing database needs before the app serves: schema and fact data. */
export async function prepareDatabase(database: Database, log: (msg: string) => void = () => {}): Promise<void> {
  await migrate(database, log);
  const added = await seedDistricts(database.db);
  if (added > 0) log(`districts seeded: ${added}`);
}
