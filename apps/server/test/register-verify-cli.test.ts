import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemoData } from '../src/modules/demo/seed';
import { prepareDatabase } from '../src/db/setup';
import { LocalFileStorage } from '../src/lib/storage-disk';
import { seedDemoActivity } from '../src/modules/demo/activity';
import { forgetConsultant } from '../src/modules/introductions/service';
import { runCliProcess } from './support/cli';
import { rewriteChainWithoutKey } from './support/register-tampering';
import { TEST_INVOICE_ISSUER } from './support/ports';

/**
 * `npm run register:verify` as the operator runs it: the real CLI on an embedded database
 * with the demo marketplace's register. Intact → exit 0; one entry edited in SQL behind the
 * trigger's back → exit 1 naming the entry; a register from before the key sealed once with
 * `--seal-legacy`.
 */

const SECRET = 'register-verify-test-secret-0123456789abcdef';
let dataDir: string;
const env = (dir = dataDir) => ({
  DATA_DIR: dir,
  JWT_SECRET: SECRET,
  FINGERPRINT_SECRET: SECRET,
  REGISTER_SECRET: SECRET,
});

type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

async function withDatabase(task: (query: Query, database: Database) => Promise<void>, dir = dataDir): Promise<void> {
  const database = await openDatabase({ dataDir: dir });
  try {
    await task((sql, params) => database.query(sql, params), database);
  } finally {
    await database.close();
  }
}

/** A copy of the register's database to damage (the original stays intact for the next case). */
function copyOfData(name: string): string {
  const copy = path.join(dataDir, '..', `${path.basename(dataDir)}-${name}`);
  cpSync(dataDir, copy, { recursive: true });
  return copy;
}

const headHash = (stdout: string) => /Hash ([0-9a-f]{64})\./.exec(stdout)?.[1] ?? '';

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
  it('When an anchor (a head mailed to the office) is given, then it is proven while the chain extends it, and refused in German once the chain was rewritten or cut', async () => {
    const first = await runCliProcess('register-verify.ts', [], env());
    expect(first.code).toBe(0);
    const anchor = headHash(first.stdout);
    expect(anchor).toMatch(/^[0-9a-f]{64}$/);
    const proven = await runCliProcess('register-verify.ts', ['--anchor', anchor], env());
    expect(proven.stderr).toBe('');
    expect(proven.stdout).toMatch(
      /Anker bestätigt: Eintrag \d+ mit Hash [0-9a-f]{64} steht unverändert in der Kette; 0 Einträge folgen ihm\./,
    );

    // The register grows by a real command: the old anchor still holds.
    await withDatabase(async (query, database) => {
      const [row] = await query<{ id: number }>(
        'SELECT consultant_id AS id FROM introductions WHERE consultant_id IS NOT NULL ORDER BY id LIMIT 1',
      );
      await database.db.transaction((tx) => forgetConsultant(tx, row!.id, new Date(), SECRET));
    });
    const extended = await runCliProcess('register-verify.ts', ['--anchor', anchor.toUpperCase()], env());
    expect(extended.code).toBe(0);
    expect(extended.stdout).toMatch(/Anker bestätigt: .*; [1-9]\d* Einträge folgen ihm\./);
    const latest = headHash(extended.stdout);

    // Rewritten from the second entry on with recomputed hashes (no key): the anchor is gone.
    const rewrittenDir = copyOfData('rewritten');
    await withDatabase(async (query) => {
      await query('ALTER TABLE introduction_events DISABLE TRIGGER USER');
      await rewriteChainWithoutKey(query, (index, content) =>
        index === 1 ? { ...content, note: 'umgeschrieben' } : content,
      );
    }, rewrittenDir);
    const rewritten = await runCliProcess('register-verify.ts', ['--anchor', anchor], env(rewrittenDir));
    expect(rewritten.code).toBe(1);
    expect(rewritten.stderr).toContain(`Anker nicht in der Kette: Kein Eintrag hat den Hash ${anchor}.`);
    expect(rewritten.stderr).toContain('MAC ungültig');

    // The newest introduction and its entries deleted: the latest anchor is gone, the head says cut.
    const cutDir = copyOfData('cut');
    await withDatabase(async (query) => {
      await query('ALTER TABLE introduction_events DISABLE TRIGGER USER');
      // The introduction of the newest entry: the tail goes with it.
      const [newest] = await query<{ id: number }>(
        'SELECT e.introduction_id AS id FROM introduction_events e ORDER BY e.id DESC LIMIT 1',
      );
      await query('UPDATE placement_reports SET introduction_id = NULL WHERE introduction_id = $1', [newest!.id]);
      await query('DELETE FROM introduction_events WHERE introduction_id = $1', [newest!.id]);
      // …and what refers to it (issue 36: its trust facts and ratings): the cut is thorough.
      await query('DELETE FROM introduction_trust_facts WHERE introduction_id = $1', [newest!.id]);
      await query('DELETE FROM ratings WHERE introduction_id = $1', [newest!.id]);
      await query('DELETE FROM introductions WHERE id = $1', [newest!.id]);
    }, cutDir);
    const cut = await runCliProcess('register-verify.ts', ['--anchor', latest], env(cutDir));
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain('Anker nicht in der Kette');
    expect(cut.stderr).toMatch(/Register am Ende gekürzt oder verändert: der Registerkopf nennt Eintrag \d+/);

    const wrong = await runCliProcess('register-verify.ts', ['--anchor', 'abc'], env());
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^Ungültiger Anker „abc“: erwartet wird ein SHA-256-Hash aus 64 Hexadezimalzeichen\./);
  }, 120_000);

  it('When a register from before the key (no MACs, no head) is to be sealed, then only --seal-legacy with the count from before the update seals it, and only once', async () => {
    const legacyDir = copyOfData('legacy');
    let entries = 0;
    await withDatabase(async (query) => {
      await query('ALTER TABLE introduction_events DISABLE TRIGGER USER');
      await query('UPDATE introduction_events SET mac = NULL');
      await query('DELETE FROM register_head');
      const [row] = await query<{ n: number }>('SELECT count(*)::int AS n FROM introduction_events');
      entries = row!.n;
    }, legacyDir);
    const unsealed = await runCliProcess('register-verify.ts', [], env(legacyDir));
    expect(unsealed.code).toBe(1);
    expect(unsealed.stderr).toContain('Register ohne Registerkopf und ohne MAC');

    const wrongCount = await runCliProcess(
      'register-verify.ts',
      ['--seal-legacy', String(entries + 1)],
      env(legacyDir),
    );
    expect(wrongCount.code).toBe(1);
    expect(wrongCount.stderr).toContain(
      `Nicht versiegelt: Das Register hat ${entries} Einträge, angegeben wurden ${entries + 1}.`,
    );
    const sealed = await runCliProcess('register-verify.ts', ['--seal-legacy', String(entries)], env(legacyDir));
    expect(sealed.stderr).toBe('');
    expect(sealed.stdout).toContain(`Register versiegelt: ${entries} Einträge aus der Zeit vor dem Registerschlüssel`);
    const intact = await runCliProcess('register-verify.ts', [], env(legacyDir));
    expect(intact.code).toBe(0);
    expect(intact.stdout).toContain(`davon ${entries} Alteinträge vor dem Registerschlüssel`);
    const again = await runCliProcess('register-verify.ts', ['--seal-legacy', String(entries)], env(legacyDir));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Nicht versiegelt: Das Register hat bereits einen Registerkopf/);
  }, 120_000);

  it('When the register is intact, then it exits 0; when an entry was edited in SQL, then it exits 1 and names it', async () => {
    const intact = await runCliProcess('register-verify.ts', [], env());
    expect(intact.stderr).toBe('');
    expect(intact.code).toBe(0);
    expect(intact.stdout).toMatch(/^Register intakt: \d+ Einträge, 27 Vorstellungen/);

    await withDatabase(async (query) => {
      await query('ALTER TABLE introduction_events DISABLE TRIGGER USER');
      await query(`UPDATE introduction_events SET content = jsonb_set(content, '{bonus}', '50') WHERE id = 3`);
      await query('ALTER TABLE introduction_events ENABLE TRIGGER USER');
    });
    const broken = await runCliProcess('register-verify.ts', [], env());
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('Register beschädigt');
    expect(broken.stderr).toContain('Eintrag 3');
  }, 60_000);
});
