import { createHash } from 'node:crypto';
import { count, desc, sql } from 'drizzle-orm';
import { INTRODUCTION_MSG, type RegisterEventKind } from '@pb/core';
import type { Db } from '../../db/client';
import { introductionEvents, registerHead } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  entryHash,
  entryMac,
  GENESIS_HASH,
  headMac,
  macMatches,
  type ChainValue,
  type RegisterHead,
} from './register-chain';

/**
 * The introductions register on the database (docs/decisions/0019-introductions-register.md):
 * one global hash chain over every entry. Appends are serialised by a transaction-scoped
 * advisory lock, so the entry read as "last" is still last at commit and two instances
 * can never fork the chain. Each entry carries a MAC under REGISTER_SECRET and every append
 * moves the MACed head (decision 0027), so a chain rewritten or cut in SQL no longer verifies.
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
 * register outlives the candidate's name and contact). `key` is REGISTER_SECRET.
 */
export async function appendRegisterEntry(
  tx: Db,
  key: string,
  entry: { introductionId: number; kind: RegisterEventKind; at: Date; data: Content; note?: string | null },
): Promise<string> {
  await lockRegister(tx);
  const head = await headForAppend(tx, key, entry.at);
  const note = entry.note ?? null;
  const content: Content = {
    ...entry.data,
    ...(note === null ? {} : { noteHash: noteHash(note) }),
    kind: entry.kind,
    introductionId: entry.introductionId,
    at: entry.at.toISOString(),
  };
  const hash = entryHash(head.hash, content);
  const [row] = await tx
    .insert(introductionEvents)
    .values({
      introductionId: entry.introductionId,
      kind: entry.kind,
      content,
      note,
      prevHash: head.hash,
      hash,
      mac: entryMac(key, hash),
      createdAt: entry.at,
    })
    .returning({ id: introductionEvents.id });
  await writeHead(tx, key, { ...head, entryId: row!.id, hash, entries: head.entries + 1 }, entry.at);
  return hash;
}

/** Refused append: the stored head does not verify, so the chain was edited behind the application. */
export function registerLocked(): AppError {
  return new AppError(503, INTRODUCTION_MSG.registerLocked, 'RegisterLockedError');
}

/**
 * The head to append after (caller holds the register lock). It must carry a valid MAC and
 * name the newest stored entry; otherwise appending would bless an edit (a cut tail would get
 * a fresh, valid head), so the append is refused until `register:verify` was looked at.
 * Without a head row the register is new or from before the key: it is sealed here.
 */
async function headForAppend(tx: Db, key: string, at: Date): Promise<RegisterHead> {
  const { stored, last } = await storedHead(tx);
  if (!stored) {
    const sealed = await sealHead(tx, key, last, at);
    if (!sealed) throw registerLocked();
    return sealed;
  }
  const head = headOf(stored);
  const names = (last?.id ?? 0) === head.entryId && (last?.hash ?? GENESIS_HASH) === head.hash;
  if (!names || !macMatches(headMac(key, head), stored.mac)) throw registerLocked();
  return head;
}

/**
 * Writes the first head: over an empty register, or over entries from before the key
 * (migration 0026), whose number it records — their MAC-less state is accepted as it stands
 * now, and only then (decision 0027). Returns null when keyed entries exist but the head is
 * gone: that is a deleted head, not an old register, and is never sealed over.
 */
async function sealHead(
  tx: Db,
  key: string,
  last: { id: number; hash: string } | null,
  at: Date,
): Promise<RegisterHead | null> {
  const [counts] = await tx.select({ total: count(), keyed: count(introductionEvents.mac) }).from(introductionEvents);
  if ((counts?.keyed ?? 0) > 0) return null;
  const entries = counts?.total ?? 0;
  const head = { entryId: last?.id ?? 0, hash: last?.hash ?? GENESIS_HASH, entries, legacyEntries: entries };
  await writeHead(tx, key, head, at);
  return head;
}

async function writeHead(tx: Db, key: string, head: RegisterHead, at: Date): Promise<void> {
  const values = { ...head, mac: headMac(key, head), updatedAt: at };
  await tx
    .insert(registerHead)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: registerHead.id, set: values });
}

/** The stored head row (null before the first seal) and the newest entry (null while there is none). */
export async function storedHead(db: Db): Promise<{
  stored: typeof registerHead.$inferSelect | null;
  last: { id: number; hash: string } | null;
}> {
  const [stored] = await db.select().from(registerHead);
  const [last] = await db
    .select({ id: introductionEvents.id, hash: introductionEvents.hash })
    .from(introductionEvents)
    .orderBy(desc(introductionEvents.id))
    .limit(1);
  return { stored: stored ?? null, last: last ?? null };
}

export function headOf(row: typeof registerHead.$inferSelect): RegisterHead {
  return { entryId: row.entryId, hash: row.hash, entries: row.entries, legacyEntries: row.legacyEntries };
}

/**
 * Seals a register from before the key (server start, the daily anchor run): writes the head
 * if there is none. 'sealed' with the number of MAC-less entries it accepted, 'ok' when a head
 * exists (it is not checked here: register:verify does), 'refused' when keyed entries exist
 * without a head.
 */
export async function sealRegister(
  db: Db,
  key: string,
  now: Date,
): Promise<{ state: 'ok' | 'sealed' | 'refused'; legacyEntries: number }> {
  return db.transaction(async (tx) => {
    await lockRegister(tx);
    const { stored, last } = await storedHead(tx);
    if (stored) return { state: 'ok' as const, legacyEntries: stored.legacyEntries };
    const sealed = await sealHead(tx, key, last, now);
    return sealed
      ? { state: 'sealed' as const, legacyEntries: sealed.legacyEntries }
      : { state: 'refused' as const, legacyEntries: 0 };
  });
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
  fingerprints: { email: string | null; phone: string | null; name?: string | null | undefined },
  version = 1,
): string {
  // Version 1 (before 0026) as it was, so old commitments verify unchanged; version 2 adds the name.
  const parts = [salt, fingerprints.email ?? '', fingerprints.phone ?? ''];
  if (version >= 2) parts.push(fingerprints.name ?? '');
  return createHash('sha256').update(parts.join(':')).digest('hex');
}
