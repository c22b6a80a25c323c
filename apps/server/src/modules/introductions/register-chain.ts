import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The introductions register is append-only and tamper-evident (issue 11): every entry
 * (an introduction, each status change) stores the hash of the entry before it, and its
 * own hash covers that link and its content. Editing, deleting or reordering any stored
 * entry breaks the chain from that point on; `npm run register:verify` recomputes it.
 */

/** The link before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export type ChainValue = string | number | boolean | null | Date | ChainValue[] | { [key: string]: ChainValue };

/**
 * JSON with object keys sorted at every level and dates as ISO 8601 UTC: the same content
 * always gives the same text, whatever order a row's columns come back in.
 */
export function canonicalJson(value: ChainValue): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('register values must be finite');
  return JSON.stringify(value);
}

/** SHA-256 (hex) over the previous entry's hash and this entry's canonical content. */
export function entryHash(prevHash: string, content: { [key: string]: ChainValue }): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(content)).digest('hex');
}

export interface ChainEntry {
  content: { [key: string]: ChainValue };
  prevHash: string;
  hash: string;
}

export type ChainCheck = { ok: true; entries: number } | { ok: false; index: number; reason: 'link' | 'content' };

/**
 * Walks the entries in register order: each must link to the hash of the one before
 * (the first to GENESIS_HASH) and carry the hash of its own content.
 */
export function verifyChain(entries: readonly ChainEntry[]): ChainCheck {
  let previous = GENESIS_HASH;
  for (const [index, entry] of entries.entries()) {
    if (entry.prevHash !== previous) return { ok: false, index, reason: 'link' };
    if (entryHash(entry.prevHash, entry.content) !== entry.hash) return { ok: false, index, reason: 'content' };
    previous = entry.hash;
  }
  return { ok: true, entries: entries.length };
}

/** Appends content after `prevHash` (the last stored entry's hash, or GENESIS_HASH). */
export function chainEntry(prevHash: string, content: { [key: string]: ChainValue }): ChainEntry {
  return { content, prevHash, hash: entryHash(prevHash, content) };
}

/**
 * The register key (REGISTER_SECRET, decision 0027) is held by the application, never by the
 * database: an entry's MAC covers its hash, and so, through the links, every entry before it.
 * Someone who can write the database but lacks the key cannot make a rewritten chain verify.
 */
export function entryMac(key: string, hash: string): string {
  return createHmac('sha256', key).update(`entry\n${hash}`).digest('hex');
}

/** The register's head as anchored (the daily office mail, the backup manifest, `--anchor`). */
export interface RegisterHead {
  /** Id of the newest entry (0 while the register is empty). */
  entryId: number;
  /** Its hash (GENESIS_HASH while the register is empty). */
  hash: string;
  /** How many entries the chain holds up to and including it. */
  entries: number;
  /** How many of the first entries were written before the key (migration 0026) and carry no MAC. */
  legacyEntries: number;
}

/** MAC of a head: pins the newest entry and the count, so a cut tail cannot pass as the whole chain. */
export function headMac(key: string, head: RegisterHead): string {
  const text = canonicalJson({ ...head });
  return createHmac('sha256', key).update(`head\n${text}`).digest('hex');
}

/** Constant-time comparison of two hex MACs (a missing one never matches). */
export function macMatches(expected: string, actual: string | null): boolean {
  if (actual === null || actual.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(actual));
}
