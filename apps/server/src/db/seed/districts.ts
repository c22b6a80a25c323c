import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

interface DistrictSeed {
  name: string;
  state: string;
  kind: string;
}

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'districts.json');

export function districtSeedList(): DistrictSeed[] {
  return (JSON.parse(readFileSync(FILE, 'utf8')) as { districts: DistrictSeed[] }).districts;
}

/** Inserts Austria's districts; existing names are left alone, so it can run on every start. */
export async function seedDistricts(db: Db): Promise<number> {
  const list = districtSeedList();
  const values = sql.join(
    list.map((d) => sql`(${d.name}, ${d.state}, ${d.kind})`),
    sql`, `,
  );
  const result = await db.execute(
    sql`INSERT INTO districts (name, state, kind) VALUES ${values} ON CONFLICT (name) DO NOTHING RETURNING id`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}
