import { createHash } from 'node:crypto';
import { asc, desc, gt, sql } from 'drizzle-orm';
import type { RegisterEventKind } from '@pb/core';
import type { Db } from '../../db/client';
import { introductionEvents, introductions } from '../../db/schema';
import { entryHash, GENESIS_HASH, type ChainValue } from './register-chain';

/**
 * The introductions register on the database (docs/decisions/0019-introductions-register.md):
 * one global hash chain over every entry. Appends are serialised by a transaction-scoped
 * advisory lock, so the entry read as "last" is still last at commit and two instances
 * can never fork the chain.
 */

const REGISTER_LOCK = 727276;

type Content = { [key: string]: ChainValue };

/**
 * Takes the register lock until the caller's transaction ends (again is a no-op): a command
 * that first decides a claim takes it before the check, so check and append are one step.
 */
export async function lockRegister(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${REGISTER_LOCK})`);
}

/**
 * Appends one entry inside the caller's transaction. The content always names its kind,
 * introduction and time; `data` adds what the entry states (never personal data: the
 * register outlives the candidate's name and contact).
 */
export async function appendRegisterEntry(
  tx: Db,
  entry: { introductionId: number; kind: RegisterEventKind; at: Date; data: Content; note?: string | null },
): Promise<string> {
  await lockRegister(tx);
  const [last] = await tx
    .select({ hash: introductionEvents.hash })
    .from(introductionEvents)
    .orderBy(desc(introductionEvents.id))
    .limit(1);
  const prevHash = last?.hash ?? GENESIS_HASH;
  const note = entry.note ?? null;
  const content: Content = {
    ...entry.data,
    ...(note === null ? {} : { noteHash: noteHash(note) }),
    kind: entry.kind,
    introductionId: entry.introductionId,
    at: entry.at.toISOString(),
  };
  const hash = entryHash(prevHash, content);
  await tx.insert(introductionEvents).values({
    introductionId: entry.introductionId,
    kind: entry.kind,
    content,
    note,
    prevHash,
    hash,
    createdAt: entry.at,
  });
  return hash;
}

export function noteHash(note: string): string {
  return createHash('sha256').update(note).digest('hex');
}

/**
 * The register's commitment to a candidate: a hash of a per-introduction salt and the
 * fingerprints. It proves later that the entry was about these fingerprints, yet once
 * retention deletes salt and fingerprints it links nothing to anybody.
 */
export function candidateCommitment(
  salt: string,
  fingerprints: { email: string | null; phone: string | null },
): string {
  return createHash('sha256')
    .update(`${salt}:${fingerprints.email ?? ''}:${fingerprints.phone ?? ''}`)
    .digest('hex');
}

export interface RegisterProblem {
  entryId: number | null;
  introductionId: number | null;
  problem: string;
}

export interface RegisterReport {
  entries: number;
  introductions: number;
  problems: RegisterProblem[];
}

const BATCH = 1000;

/**
 * Recomputes the whole chain in register order (batches, so memory stays flat), checks
 * that each entry's columns say what its hashed content says, and that every
 * introduction's locked facts (job, company, consultant, bonus, time, status) match its
 * register entries — an edit of either table is found.
 */
export async function verifyRegister(db: Db): Promise<RegisterReport> {
  const problems: RegisterProblem[] = [];
  const facts = new Map<number, { introduced: Content | null; status: string | null }>();
  let previous = GENESIS_HASH;
  let entries = 0;
  const registerEntries = inIdOrder((after) =>
    db
      .select()
      .from(introductionEvents)
      .where(gt(introductionEvents.id, after))
      .orderBy(asc(introductionEvents.id))
      .limit(BATCH),
  );
  for await (const row of registerEntries) {
    entries += 1;
    const content = row.content as Content;
    const at = { entryId: row.id, introductionId: row.introductionId };
    if (row.prevHash !== previous) problems.push({ ...at, problem: 'Verkettung unterbrochen (prev_hash)' });
    if (entryHash(row.prevHash, content) !== row.hash) problems.push({ ...at, problem: 'Inhalt verändert (hash)' });
    if (
      content['kind'] !== row.kind ||
      content['introductionId'] !== row.introductionId ||
      content['at'] !== row.createdAt.toISOString()
    ) {
      problems.push({ ...at, problem: 'Spalten widersprechen dem Inhalt' });
    }
    // A blanked note is allowed (retention); a changed one is not.
    if (row.note !== null && content['noteHash'] !== noteHash(row.note)) {
      problems.push({ ...at, problem: 'Notiz verändert' });
    }
    const fact = facts.get(row.introductionId) ?? { introduced: null, status: null };
    if (row.kind === 'introduced') fact.introduced = content;
    if (typeof content['status'] === 'string') fact.status = content['status'];
    facts.set(row.introductionId, fact);
    previous = row.hash;
  }

  let count = 0;
  const states = inIdOrder((after) =>
    db
      .select({
        id: introductions.id,
        jobId: introductions.jobId,
        companyId: introductions.companyId,
        consultantId: introductions.consultantId,
        bonus: introductions.bonus,
        introducedAt: introductions.introducedAt,
        status: introductions.status,
      })
      .from(introductions)
      .where(gt(introductions.id, after))
      .orderBy(asc(introductions.id))
      .limit(BATCH),
  );
  for await (const row of states) {
    count += 1;
    const fact = facts.get(row.id);
    const at = { entryId: null, introductionId: row.id };
    if (!fact?.introduced) {
      problems.push({ ...at, problem: 'Vorstellung ohne Registereintrag' });
      continue;
    }
    const locked = fact.introduced;
    // Ids may have become null (deleted account or advertisement); a different id is an edit.
    const differs = (value: number | null, stated: ChainValue | undefined) => value !== null && value !== stated;
    if (
      differs(row.jobId, locked['jobId']) ||
      differs(row.companyId, locked['companyId']) ||
      differs(row.consultantId, locked['consultantId']) ||
      row.bonus !== locked['bonus'] ||
      row.introducedAt.toISOString() !== locked['at']
    ) {
      problems.push({ ...at, problem: 'Vorstellung weicht vom Register ab (Inserat, Parteien, Prämie oder Zeit)' });
    }
    if (fact.status !== row.status) problems.push({ ...at, problem: 'Status weicht vom Register ab' });
  }
  return { entries, introductions: count, problems };
}

/** Rows in id order, BATCH at a time: memory stays flat however long the register grows. */
async function* inIdOrder<T extends { id: number }>(page: (afterId: number) => Promise<T[]>): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}
