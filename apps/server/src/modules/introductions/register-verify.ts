import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { introductionEvents, registerHead } from '../../db/schema';
import {
  entryHash,
  entryMac,
  GENESIS_HASH,
  headMac,
  macMatches,
  type ChainValue,
  type RegisterHead,
} from './register-chain';
import { BATCH, inIdOrder, RegisterFacts, type RegisterProblem } from './register-facts';
import { headOf, noteHash } from './register';

/**
 * `npm run register:verify` (decisions 0019 and 0027): recomputes the whole chain in register
 * order (batches, so memory stays flat), checks every entry's MAC under REGISTER_SECRET and the
 * MACed head (a cut tail), then every fact of the state tables that decides who is owed money
 * against the entries (register-facts.ts). With `anchor`, it also proves that a head anchored
 * earlier (the office mail, a backup manifest) is still in the chain, unchanged.
 */

export type { RegisterProblem };

/**
 * Entries, none with a MAC, and no head: a register from before the key not yet sealed, or a
 * deleted head with stripped MACs — the same to look at. Only the operator's count from before
 * the update tells them apart (`--seal-legacy`, decision 0027); appends are refused meanwhile.
 */
export const UNSEALED_PROBLEM =
  'Register ohne Registerkopf und ohne MAC: entweder Einträge aus der Zeit vor dem Registerschlüssel, noch nicht versiegelt, oder der Kopf wurde gelöscht und die MACs entfernt. Neue Einträge werden abgelehnt. Nur direkt nach dem Update auf den Registerschlüssel: npm run register:verify -- --seal-legacy <Anzahl der Einträge laut register:verify vor dem Update>';

export interface AnchorResult {
  hash: string;
  /** The entry whose hash is the anchor (0: the empty register), null when no entry has it. */
  entryId: number | null;
  /** Entries the chain holds after the anchored one. */
  entriesAfter: number;
}

export interface RegisterReport {
  entries: number;
  introductions: number;
  /** Entries from before the key (migration 0026), accepted through the seal. */
  legacyEntries: number;
  /** The verified chain's newest entry (what the office mail and the backup manifest anchor). */
  head: RegisterHead;
  anchor: AnchorResult | null;
  problems: RegisterProblem[];
}

type Content = { [key: string]: ChainValue };

export async function verifyRegister(db: Db, key: string, options: { anchor?: string } = {}): Promise<RegisterReport> {
  const problems: RegisterProblem[] = [];
  const facts = new RegisterFacts();
  // Read first: entries beyond the sealed MAC-less prefix must carry a MAC, whatever follows.
  const [stored] = await db.select().from(registerHead);
  const sealedLegacy = stored ? stored.legacyEntries : Number.POSITIVE_INFINITY;
  let previous = GENESIS_HASH;
  let lastId = 0;
  let entries = 0;
  let legacy = 0;
  let keyed = false;
  let anchor: AnchorResult | null =
    options.anchor === undefined
      ? null
      : { hash: options.anchor, entryId: options.anchor === GENESIS_HASH ? 0 : null, entriesAfter: 0 };
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
    if (row.mac === null) {
      legacy += 1;
      if (keyed || entries > sealedLegacy) {
        problems.push({ ...at, problem: 'Eintrag ohne MAC nach Einführung des Registerschlüssels' });
      }
    } else {
      keyed = true;
      if (!macMatches(entryMac(key, row.hash), row.mac)) {
        problems.push({ ...at, problem: 'MAC ungültig: Eintrag nicht mit dem Registerschlüssel geschrieben' });
      }
    }
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
    if (anchor) {
      if (anchor.entryId !== null) anchor.entriesAfter += 1;
      else if (row.hash === anchor.hash) anchor = { ...anchor, entryId: row.id };
    }
    facts.apply(row.id, row.introductionId, content, problems);
    previous = row.hash;
    lastId = row.id;
  }
  const head = { entryId: lastId, hash: previous, entries, legacyEntries: legacy };
  problems.push(...headProblems(stored ?? null, key, head));
  const introductions = await facts.compareWithState(db, problems);
  return { entries, introductions, legacyEntries: legacy, head, anchor, problems };
}

/** The stored head against the chain as walked: a cut tail, a replaced head, a stripped MAC. */
function headProblems(
  stored: typeof registerHead.$inferSelect | null,
  key: string,
  walked: RegisterHead,
): RegisterProblem[] {
  const problem = (text: string) => [{ entryId: null, introductionId: null, problem: text }];
  if (!stored) {
    if (walked.entries === 0) return [];
    return walked.legacyEntries === walked.entries
      ? problem(UNSEALED_PROBLEM)
      : problem('Registerkopf fehlt: das Register wurde am Ende gekürzt oder der Kopf gelöscht');
  }
  const head = headOf(stored);
  if (!macMatches(headMac(key, head), stored.mac)) {
    return problem('Registerkopf: MAC ungültig (nicht mit dem Registerschlüssel geschrieben)');
  }
  if (head.entryId !== walked.entryId || head.hash !== walked.hash || head.entries !== walked.entries) {
    return problem(
      `Register am Ende gekürzt oder verändert: der Registerkopf nennt Eintrag ${head.entryId} (${head.entries} Einträge), die Kette endet bei Eintrag ${walked.entryId} (${walked.entries} Einträge)`,
    );
  }
  if (head.legacyEntries !== walked.legacyEntries) {
    return problem(`Einträge ohne MAC: ${walked.legacyEntries}, versiegelt wurden ${head.legacyEntries} Alteinträge`);
  }
  return [];
}
