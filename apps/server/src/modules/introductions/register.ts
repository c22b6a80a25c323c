import { createHash } from 'node:crypto';
import { count, desc, isNotNull, ne, sql } from 'drizzle-orm';
import { INTRODUCTION_MSG, type RegisterEventKind } from '@pb/core';
import type { Db } from '../../db/client';
import { introductionEvents, introductions, registerHead } from '../../db/schema';
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
  const head = await headForAppend(tx, key, entry.at, entry.introductionId);
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
 * name the newest stored entry, and that entry must carry its MAC unless it is one of the
 * sealed entries from before the key; otherwise appending would bless an edit (a cut tail
 * would get a fresh, valid head), so the append is refused until `register:verify` was looked at.
 * Without a head row only a new register gets one here: entries without a head are either a
 * register from before the key, sealed once and explicitly (sealLegacyHead), or a head
 * deleted with the MACs stripped — which must never be sealed by the next append.
 */
async function headForAppend(tx: Db, key: string, at: Date, introductionId: number): Promise<RegisterHead> {
  const { stored, last } = await storedHead(tx);
  if (!stored) {
    if (last !== null || !(await onlyIntroduction(tx, introductionId))) throw registerLocked();
    const head = { entryId: 0, hash: GENESIS_HASH, entries: 0, legacyEntries: 0 };
    await writeHead(tx, key, head, at);
    return head;
  }
  const head = headOf(stored);
  const names = (last?.id ?? 0) === head.entryId && (last?.hash ?? GENESIS_HASH) === head.hash;
  const keyed = head.entries <= head.legacyEntries || (last !== null && macMatches(entryMac(key, last.hash), last.mac));
  if (!names || !keyed || !macMatches(headMac(key, head), stored.mac)) throw registerLocked();
  return head;
}

/**
 * A new register: no introduction but the one being appended (inserted by the caller's
 * transaction). Entries deleted with their head while the introductions stay are no new register.
 */
async function onlyIntroduction(tx: Db, introductionId: number): Promise<boolean> {
  const [other] = await tx
    .select({ id: introductions.id })
    .from(introductions)
    .where(ne(introductions.id, introductionId))
    .limit(1);
  return other === undefined;
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
  last: { id: number; hash: string; mac: string | null } | null;
}> {
  const [stored] = await db.select().from(registerHead);
  const [last] = await db
    .select({ id: introductionEvents.id, hash: introductionEvents.hash, mac: introductionEvents.mac })
    .from(introductionEvents)
    .orderBy(desc(introductionEvents.id))
    .limit(1);
  return { stored: stored ?? null, last: last ?? null };
}

export function headOf(row: typeof registerHead.$inferSelect): RegisterHead {
  return { entryId: row.entryId, hash: row.hash, entries: row.entries, legacyEntries: row.legacyEntries };
}

/**
 * At server start: writes the head of a new, empty register. 'ok' when a head exists (it is not
 * checked here: register:verify does), 'unsealed' for entries without head and without any MAC
 * (a register from before the key awaiting its explicit seal — or one whose head was deleted and
 * MACs stripped: only the operator's count from before the update tells them apart), 'refused'
 * for keyed entries without a head. Appends are refused in both.
 */
export async function sealEmptyRegister(
  db: Db,
  key: string,
  now: Date,
): Promise<{ state: 'ok' | 'sealed' | 'unsealed' | 'refused'; legacyEntries: number }> {
  return db.transaction(async (tx) => {
    await lockRegister(tx);
    const { stored, last } = await storedHead(tx);
    if (stored) return { state: 'ok' as const, legacyEntries: stored.legacyEntries };
    if (last === null) {
      const [anyIntroduction] = await tx.select({ id: introductions.id }).from(introductions).limit(1);
      if (anyIntroduction) return { state: 'refused' as const, legacyEntries: 0 };
      await writeHead(tx, key, { entryId: 0, hash: GENESIS_HASH, entries: 0, legacyEntries: 0 }, now);
      return { state: 'sealed' as const, legacyEntries: 0 };
    }
    const [keyed] = await tx
      .select({ id: introductionEvents.id })
      .from(introductionEvents)
      .where(isNotNull(introductionEvents.mac))
      .limit(1);
    return { state: keyed ? ('refused' as const) : ('unsealed' as const), legacyEntries: 0 };
  });
}

export type LegacySeal =
  | { state: 'sealed'; legacyEntries: number }
  | { state: 'refused'; reason: 'head' | 'keyed' | 'count'; entries: number };

/**
 * The one seal of a register from before the key (migration 0026), run explicitly by the
 * operator (`npm run register:verify -- --seal-legacy <Anzahl>`, decision 0027): the head is
 * written with legacy_entries = the entries now, which its MAC covers — only if no head exists,
 * no entry carries a MAC, and the register holds exactly `expectedEntries`, the count that
 * register:verify gave before the update. Nothing seals such a register by itself: a head
 * deleted and MACs stripped look the same, and the count is what tells them apart.
 */
export async function sealLegacyHead(db: Db, key: string, expectedEntries: number, now: Date): Promise<LegacySeal> {
  return db.transaction(async (tx) => {
    await lockRegister(tx);
    const { stored, last } = await storedHead(tx);
    const [counts] = await tx.select({ total: count(), keyed: count(introductionEvents.mac) }).from(introductionEvents);
    const entries = counts?.total ?? 0;
    const refused = (reason: 'head' | 'keyed' | 'count') => ({ state: 'refused' as const, reason, entries });
    if (stored) return refused('head');
    if ((counts?.keyed ?? 0) > 0) return refused('keyed');
    if (entries !== expectedEntries) return refused('count');
    const head = { entryId: last?.id ?? 0, hash: last?.hash ?? GENESIS_HASH, entries, legacyEntries: entries };
    await writeHead(tx, key, head, now);
    return { state: 'sealed' as const, legacyEntries: entries };
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
