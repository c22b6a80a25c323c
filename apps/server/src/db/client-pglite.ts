import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { ownPrivateDirSync } from '../lib/private-files';
import type { Database, Db, Session } from './database';
import * as schema from './schema';

/** The embedded database (PGlite) in `dataDir`/pglite, or in memory without it (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    ownPrivateDirSync(dir);
  }
  const client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const session: Session = {
    async execScript(sqlText) {
      await client.exec(sqlText);
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const result = await client.query<T>(sqlText, params);
      return result.rows;
    },
  };
  return {
    db,
    driver: 'pglite',
    ...session,
    // PGlite is a single connection already.
    withSession: (fn) => fn(session),
    poolStats: () => undefined,
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
