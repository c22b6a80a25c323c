import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionToken } from '../../../test/support/sessions';
import { foundOrganisation } from '../../services/memberships';
import type { Job } from '@pb/core';
import { startInstancePair, type Instance, type InstancePair } from '../../../test/support/instances';
import { jobData } from '../../../test/factories';

/**
 * Two instances on one PostgreSQL database and no Redis: a write on one is in the other's
 * cached lists at once (the caches key on the version the database raises at commit).
 */

let pair: InstancePair;
let a: Instance;
let b: Instance;
let companyToken: string;
let consultantToken: string;

beforeAll(async () => {
  pair = await startInstancePair('the list cache across instances', { redis: false });
  ({ a, b } = pair);
  const users = await a.database.query<{ id: number; role: string }>(
    `INSERT INTO users (username, email, password_hash, role, confirmed) VALUES
       ('Firma Cache', 'firma-cache@example.test', 'x', 'company', true),
       ('Beraterin Cache', 'beraterin-cache@example.test', 'x', 'consultant', true)
     RETURNING id, role`,
  );
  // Each founds its organisation of one, as registration does (issue 31).
  for (const user of users) {
    await foundOrganisation(a.database.db, {
      kind: user.role === 'company' ? 'company' : 'agency',
      name: `Organisation ${user.id}`,
      userId: user.id,
      now: new Date(),
    });
  }
  companyToken = await sessionToken(a.database, a.app.jwt, users.find((u) => u.role === 'company')!.id);
  consultantToken = await sessionToken(a.database, a.app.jwt, users.find((u) => u.role === 'consultant')!.id);
});

afterAll(async () => {
  await pair?.close();
});

async function firstPage(instance: Instance, token?: string): Promise<{ ids: number[]; total?: number }> {
  const url = token
    ? `${instance.url}/api/jobs?pagination[start]=0&pagination[limit]=20&pagination[withCount]=true`
    : `${instance.url}/api/jobs?pagination[limit]=20`;
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Job[]; meta: { pagination: { total?: number } } };
  return { ids: body.data.map((j) => j.id), total: body.meta.pagination.total };
}

describe('list caches across instances', () => {
  it('an advertisement published on one instance is listed by the other at once', async () => {
    expect(await firstPage(b, consultantToken)).toEqual({ ids: [], total: 0 });
    expect((await firstPage(b)).ids).toEqual([]);
    for (let round = 1; round <= 3; round += 1) {
      const res = await fetch(`${a.url}/api/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${companyToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: jobData({ jobTitle: `Runde ${round}` }) }),
      });
      expect(res.status).toBe(201);
      const { id } = ((await res.json()) as { data: Job }).data;
      const onB = await firstPage(b, consultantToken);
      expect(onB.ids[0]).toBe(id);
      expect(onB.total).toBe(round);
      expect((await firstPage(b)).ids[0]).toBe(id);
    }
  });
});
