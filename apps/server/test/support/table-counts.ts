import { openDatabase, type OpenDatabaseOptions } from '../../src/db/client';

/** Exact row count of every table in the public schema, counted by the test itself (not by the tool under test). */
export async function tableCounts(target: OpenDatabaseOptions): Promise<Record<string, number>> {
  const database = await openDatabase({ ...target, poolSize: 1 });
  try {
    const tables = await database.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
      counts[name] = row!.n;
    }
    return counts;
  } finally {
    await database.close();
  }
}
