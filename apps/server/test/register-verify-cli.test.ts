import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/db/seed/demo';
import { prepareDatabase } from '../src/db/setup';
import { LocalFileStorage } from '../src/lib/storage-disk';
import { seedDemoActivity } from '../src/modules/demo/activity';
import { runCli } from './support/cli';
import { TEST_INVOICE_ISSUER } from './support/ports';

/**
 * `npm run register:verify` as the operator runs it: the real CLI on an embedded database
 * with the demo marketplace's register. Intact → exit 0; one entry edited in SQL behind the
 * trigger's back → exit 1 naming the entry.
 */

const SECRET = 'register-verify-test-secret-0123456789abcdef';
let dataDir: string;
const env = () => ({ DATA_DIR: dataDir, JWT_SECRET: SECRET, FINGERPRINT_SECRET: SECRET, REGISTER_SECRET: SECRET });

async function withDatabase(task: (query: (sql: string) => Promise<unknown>) => Promise<void>): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await task((sql) => database.query(sql));
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pb-register-'));
  const database = await openDatabase({ dataDir });
  try {
    await prepareDatabase(database);
    await seedDemoData(database.db);
    await seedDemoActivity({
      db: database.db,
      storage: new LocalFileStorage(path.join(dataDir, 'uploads')),
      fingerprintSecret: SECRET,
      registerSecret: SECRET,
      publicUrl: 'http://localhost:3000',
      officeEmail: 'office@example.test',
      invoiceIssuer: TEST_INVOICE_ISSUER,
      now: new Date(),
    });
  } finally {
    await database.close();
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run register:verify', () => {
  it('When the register is intact, then it exits 0; when an entry was edited in SQL, then it exits 1 and names it', async () => {
    const intact = await runCli('register-verify.ts', [], env());
    expect(intact.stderr).toBe('');
    expect(intact.code).toBe(0);
    expect(intact.stdout).toMatch(/^Register intakt: \d+ Einträge, 7 Vorstellungen/);

    await withDatabase(async (query) => {
      await query('ALTER TABLE introduction_events DISABLE TRIGGER USER');
      await query(`UPDATE introduction_events SET content = jsonb_set(content, '{bonus}', '50') WHERE id = 3`);
      await query('ALTER TABLE introduction_events ENABLE TRIGGER USER');
    });
    const broken = await runCli('register-verify.ts', [], env());
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('Register beschädigt');
    expect(broken.stderr).toContain('Eintrag 3');
  }, 60_000);
});
