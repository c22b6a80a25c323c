import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionToken } from '../../test/support/sessions';
import { startInstancePair, type Instance, type InstancePair } from '../../test/support/instances';

/**
 * Two instances on one PostgreSQL database and no Redis: an account blocked through one instance
 * is refused by the other at once, although the other had its sign-in cached (services/auth.ts).
 */

let pair: InstancePair;
let a: Instance;
let b: Instance;
let adminToken: string;
let consultantId: number;
let consultantToken: string;

beforeAll(async () => {
  pair = await startInstancePair('the account cache across instances', { redis: false });
  ({ a, b } = pair);
  const users = await a.database.query<{ id: number; role: string }>(
    `INSERT INTO users (username, email, password_hash, role, confirmed) VALUES
       ('Backoffice Cache', 'admin-cache@example.test', 'x', 'admin', true),
       ('Berater Cache', 'berater-cache@example.test', 'x', 'consultant', true)
     RETURNING id, role`,
  );
  adminToken = await sessionToken(a.database, a.app.jwt, users.find((u) => u.role === 'admin')!.id, {
    secondFactor: true,
  });
  consultantId = users.find((u) => u.role === 'consultant')!.id;
  consultantToken = await sessionToken(a.database, a.app.jwt, consultantId);
});

afterAll(async () => {
  await pair?.close();
});

async function meStatus(instance: Instance): Promise<number> {
  const res = await fetch(`${instance.url}/api/users/me`, { headers: { authorization: `Bearer ${consultantToken}` } });
  await res.arrayBuffer();
  return res.status;
}

describe('account cache across instances', () => {
  it('an account blocked on one instance is refused by the other with the next request', async () => {
    expect(await meStatus(b)).toBe(200);
    const hitsBefore = b.app.accountCache.stats.hits;
    expect(await meStatus(b)).toBe(200);
    expect(b.app.accountCache.stats.hits).toBe(hitsBefore + 1);

    const block = await fetch(`${a.url}/api/admin/users/${consultantId}/block`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ blocked: true }),
    });
    expect(block.status).toBe(200);
    expect(await meStatus(b)).toBe(401);
    expect(await meStatus(a)).toBe(401);
  });
});
