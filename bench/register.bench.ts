/**
 * npx tsx bench/register.bench.ts [--introductions 2000 --concurrency 20 --entries 100000]
 *
 * The introductions register on PostgreSQL (BENCH_DATABASE_URL, default the local server;
 * a throw-away database is created and dropped):
 *   1. 'Kandidat vorstellen' through the real command (chat message, claim checks, register
 *      entry, mail) with `--concurrency` callers at once: every append waits for the one
 *      register lock, so this is the lock's price — introductions/s and latency p50/p99;
 *   2. `verifyRegister` over `--entries` register entries (appended in bulk with the real
 *      chain function): the time `npm run register:verify` takes at that size.
 * Prints a markdown table (docs/introductions.md). Not a test: nothing asserts timings.
 */
import { activeMembershipById, foundOrganisation } from '../apps/server/src/services/memberships';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { openDatabase } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/db/setup';
import { jobs, placementBonuses, users } from '../apps/server/src/db/schema';
import { LocalFileStorage } from '../apps/server/src/lib/storage-disk';
import { introduceCandidate } from '../apps/server/src/modules/introductions/introduce';
import { verifyRegister } from '../apps/server/src/modules/introductions/register-verify';
import { chainEntry, entryMac, GENESIS_HASH, headMac } from '../apps/server/src/modules/introductions/register-chain';
import { createPostgresDatabase, tempDataDir } from '../apps/server/test/support/instances';
import { TEST_PROFILE } from '../apps/server/test/support/candidate-consent';

function arg(name: string, fallback: string): number {
  const i = process.argv.indexOf(`--${name}`);
  return Number(i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback);
}
const INTRODUCTIONS = arg('introductions', '2000');
const CONCURRENCY = arg('concurrency', '20');
const ENTRIES = arg('entries', '100000');
const REGISTER_SECRET = 'bench-register-secret-0123456789abcdef';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main(): Promise<void> {
  const pg = await createPostgresDatabase(DATABASE_URL);
  const dataDir = tempDataDir();
  const database = await openDatabase({ databaseUrl: pg.url, dataDir, poolSize: CONCURRENCY + 2 });
  try {
    await prepareDatabase(database);
    const db = database.db;
    const [company] = await db
      .insert(users)
      .values({
        username: 'Bench GmbH',
        email: 'bench@example.test',
        passwordHash: 'x',
        role: 'company',
        confirmed: true,
      })
      .returning({ id: users.id });
    const consultants = await db
      .insert(users)
      .values(
        Array.from({ length: CONCURRENCY }, (_, i) => ({
          username: `Beraterin ${i}`,
          email: `berater${i}@example.test`,
          passwordHash: 'x',
          role: 'consultant' as const,
          confirmed: true,
        })),
      )
      .returning({ id: users.id, username: users.username });
    // Each account an organisation of one, as registration makes them (issue 31).
    const now = new Date();
    const companyOrganisation = await foundOrganisation(db, {
      kind: 'company',
      name: 'Bench GmbH',
      userId: company!.id,
      now,
    });
    const agencies = await Promise.all(
      consultants.map(async (c) => {
        const founded = await foundOrganisation(db, { kind: 'agency', name: c.username, userId: c.id, now });
        return activeMembershipById(db, founded.memberId);
      }),
    );
    const jobRows = await db
      .insert(jobs)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          ownerId: company!.id,
          organisationId: companyOrganisation.organisationId,
          jobTitle: `Stelle ${i}`,
          workingTime: 'Vollzeit',
          publishedAt: new Date(),
        })),
      )
      .returning({ id: jobs.id });
    await db.insert(placementBonuses).values(jobRows.map((j) => ({ jobId: j.id, bonus: 15 })));
    const storage = new LocalFileStorage(path.join(dataDir, 'uploads'));

    // 1. introductions through the command, CONCURRENCY callers at once
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      consultants.map(async (consultant, index) => {
        for (;;) {
          const n = next++;
          if (n >= INTRODUCTIONS) return;
          const t0 = performance.now();
          await introduceCandidate(
            db,
            { id: consultant.id, role: 'consultant', username: consultant.username, organisation: agencies[index]! },
            {
              advertisement: jobRows[n % jobRows.length]!.id,
              firstName: 'Kandidat',
              lastName: `Nr. ${n}`,
              email: `kandidat${n}@example.test`,
              profile: TEST_PROFILE,
            },
            undefined,
            {
              storage,
              publicUrl: 'http://localhost',
              now: new Date(),
              fingerprintSecret: 'bench-secret',
              registerSecret: REGISTER_SECRET,
              officeEmail: 'office@example.test',
            },
          );
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);

    // 2. verifyRegister over ENTRIES entries (bulk append with the real chain function)
    const [last] = await database.query<{ hash: string }>(
      'SELECT hash FROM introduction_events ORDER BY id DESC LIMIT 1',
    );
    let previous = last?.hash ?? GENESIS_HASH;
    const [first] = await database.query<{ id: number }>('SELECT min(id)::int AS id FROM introductions');
    const bulk = ENTRIES - INTRODUCTIONS;
    const BATCH = 1000;
    const base = Date.now();
    let lastAt: string | null = null;
    for (let offset = 0; offset < bulk; offset += BATCH) {
      const rows: unknown[][] = [];
      for (let i = offset; i < Math.min(bulk, offset + BATCH); i += 1) {
        const at = new Date(base + i).toISOString();
        const content = { kind: 'resolved', introductionId: first!.id, at };
        const entry = chainEntry(previous, content);
        previous = entry.hash;
        rows.push([
          first!.id,
          'resolved',
          JSON.stringify(content),
          entry.prevHash,
          entry.hash,
          entryMac(REGISTER_SECRET, entry.hash),
          at,
        ]);
        lastAt = at;
      }
      const values = rows.map(
        (_, r) =>
          `($${r * 7 + 1}, $${r * 7 + 2}, $${r * 7 + 3}::jsonb, $${r * 7 + 4}, $${r * 7 + 5}, $${r * 7 + 6}, $${r * 7 + 7})`,
      );
      await database.query(
        `INSERT INTO introduction_events (introduction_id, kind, content, prev_hash, hash, mac, created_at) VALUES ${values.join(',')}`,
        rows.flat(),
      );
    }
    // The bulk entries are the register's own: the MACed head moves to the last one, and the
    // introduction's resolution is the newest 'resolved' entry's time.
    const [tail] = await database.query<{ id: number; entries: number }>(
      'SELECT max(id)::int AS id, count(*)::int AS entries FROM introduction_events',
    );
    const head = { entryId: tail!.id, hash: previous, entries: tail!.entries, legacyEntries: 0 };
    await database.query('UPDATE register_head SET entry_id = $1, hash = $2, entries = $3, mac = $4', [
      head.entryId,
      head.hash,
      head.entries,
      headMac(REGISTER_SECRET, head),
    ]);
    if (lastAt) await database.query('UPDATE introductions SET resolved_at = $1 WHERE id = $2', [lastAt, first!.id]);
    const rssBefore = process.memoryUsage().rss;
    const v0 = performance.now();
    const report = await verifyRegister(db, REGISTER_SECRET);
    const verifySeconds = (performance.now() - v0) / 1000;
    const rssAfter = process.memoryUsage().rss;
    if (report.problems.length > 0) throw new Error(`register broken: ${JSON.stringify(report.problems.slice(0, 3))}`);

    console.log(
      `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, PostgreSQL\n`,
    );
    console.log('| case | result |');
    console.log('|---|---:|');
    console.log(
      `| ${INTRODUCTIONS} introductions, ${CONCURRENCY} callers at once (command: chat message, claim checks, register entry, mail) | ${(INTRODUCTIONS / seconds).toFixed(0)} /s, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms |`,
    );
    console.log(
      `| verifyRegister over ${report.entries.toLocaleString('en')} entries, ${report.introductions} introductions | ${verifySeconds.toFixed(2)} s (${Math.round(report.entries / verifySeconds).toLocaleString('en')} entries/s), RSS +${Math.round((rssAfter - rssBefore) / 1048576)} MB |`,
    );
  } finally {
    await database.close();
    await pg.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
