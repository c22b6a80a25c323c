import { asc, count, eq } from 'drizzle-orm';
import type { District } from '@pb/core';
import type { Db } from '../../db/client';
import { districts } from '../../db/schema';
import type { ParsedListQuery } from '../../lib/strapi-query';

/** Reads of Austria's districts (public list, count, one) and the shape they leave the server in. */

export const districtColumns = { id: districts.id, name: districts.name, state: districts.state };

export async function listDistricts(db: Db, q: ParsedListQuery): Promise<{ rows: District[]; total: number }> {
  const rows = await db
    .select(districtColumns)
    .from(districts)
    .where(q.where)
    .orderBy(...q.orderBy, asc(districts.id))
    .limit(q.limit)
    .offset(q.start);
  const [total] = await db.select({ n: count() }).from(districts).where(q.where);
  return { rows, total: total?.n ?? 0 };
}

export async function countDistricts(db: Db): Promise<number> {
  const [total] = await db.select({ n: count() }).from(districts);
  return total?.n ?? 0;
}

export async function findDistrict(db: Db, id: number): Promise<District | undefined> {
  const [row] = await db.select(districtColumns).from(districts).where(eq(districts.id, id));
  return row;
}
