import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { formerParties, introductions } from '../../db/schema';
import type { ChainValue } from './register-chain';
import { candidateCommitment, noteHash } from './register';

/** The replayed facts of one introduction and the comparisons of its row with them (register-facts.ts). */

export type Content = { [key: string]: ChainValue };

export interface RegisterProblem {
  entryId: number | null;
  introductionId: number | null;
  problem: string;
}

export const BATCH = 1000;

export const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export interface Facts {
  introduced: Content | null;
  status: ChainValue;
  statusAt: ChainValue;
  lapsedAt: string | null;
  alreadyKnown: { at: ChainValue; noteHash: ChainValue } | null;
  circumventionAt: ChainValue;
  resolved: { at: ChainValue; noteHash: ChainValue } | null;
  fingerprintsDeletedAt: ChainValue;
  /** Who handles it now per side: the introduced parties, changed by each 'handed_over' entry (issue 31). */
  handler: { consultant: ChainValue; company: ChainValue };
  /** The candidate's own consent (issue 35): when they agreed, when the company got the identity. */
  consentAt: ChainValue;
  identityReleasedAt: ChainValue;
  /** The consent's state as the entries tell it (the row's consent_state decides the claim). */
  consentState: string;
  /** Whether the introductions table still has the row (compareWithState). */
  stateSeen: boolean;
  /** The introduction's newest entry so far: a 'status_undone' must take back exactly that move. */
  last: { id: number; content: Content } | null;
}

/**
 * A company's account deleted since former-companies.ts (its evidence in former_parties) marks its
 * introductions with former_company_id: one cleared there would hide the claim from the company's
 * new account. (Deleted before that, or after the evidence's retention, nothing links them anyway.)
 */
export async function compareFormerCompanies(
  db: Db,
  unmarked: Array<{ introductionId: number; companyId: number }>,
  problems: RegisterProblem[],
): Promise<void> {
  for (let i = 0; i < unmarked.length; i += BATCH) {
    const slice = unmarked.slice(i, i + BATCH);
    const rows = await db
      .selectDistinct({ id: formerParties.formerUserId })
      .from(formerParties)
      .where(
        and(
          eq(formerParties.role, 'company'),
          inArray(
            formerParties.formerUserId,
            slice.map((u) => u.companyId),
          ),
        ),
      );
    const remembered = new Set(rows.map((r) => r.id));
    for (const u of slice) {
      if (remembered.has(u.companyId)) {
        problems.push({
          entryId: null,
          introductionId: u.introductionId,
          problem: 'Frühere Firma (gelöschter Account) weicht vom Register ab: Verweis entfernt',
        });
      }
    }
  }
}

/** A fact with a time and a note: both absent, or the same time and (while the note is kept) the same note. */
export function noted(
  fact: { at: ChainValue; noteHash: ChainValue } | null,
  at: Date | null,
  note: string | null,
): boolean {
  if (!fact) return at === null && note === null;
  return iso(at) === fact.at && (note === null || noteHash(note) === fact.noteHash);
}

/**
 * While held, the fingerprints and the salt must give the commitment of the introduced entry;
 * they may only be gone after a 'fingerprints_deleted' entry (retention).
 */
export function fingerprintProblem(
  row: typeof introductions.$inferSelect,
  fact: Facts,
  locked: Content,
): string | null {
  if (fact.fingerprintsDeletedAt !== null) {
    const gone =
      row.candidateSalt === null &&
      row.emailFingerprint === null &&
      row.phoneFingerprint === null &&
      row.nameFingerprint === null;
    return gone && iso(row.fingerprintsDeletedAt) === fact.fingerprintsDeletedAt
      ? null
      : 'Fingerabdrücke weichen vom Register ab (gelöscht laut Register)';
  }
  if (row.candidateSalt === null || row.fingerprintsDeletedAt !== null) {
    return 'Fingerabdrücke ohne Registereintrag gelöscht';
  }
  // The version the commitment was made with (1 before 0026: no name, e-mail lower-cased only).
  const version = typeof locked['fingerprintVersion'] === 'number' ? locked['fingerprintVersion'] : 1;
  const fingerprints = { email: row.emailFingerprint, phone: row.phoneFingerprint, name: row.nameFingerprint };
  const commitment = candidateCommitment(row.candidateSalt, fingerprints, version);
  return commitment === locked['candidate']
    ? null
    : 'Fingerabdrücke passen nicht zur Verpflichtung (Commitment) im Register';
}

/** The consent state each of the candidate's register entries leads to. */
export const CONSENT_STATE_OF_ENTRY: Readonly<Record<string, string>> = {
  consent_confirmed: 'confirmed',
  consent_declined: 'declined',
  consent_expired: 'expired',
  consent_cancelled: 'cancelled',
  consent_withdrawn: 'withdrawn',
};

/**
 * Since issue 35 the introduced entry says the consent was requested; the candidate's 'consent_confirmed'
 * and 'identity_released' entries then carry the times the row holds. Before it, the consultant's
 * word was the consent (its time in the introduced entry) and the identity went with the introduction.
 */
export function consentProblem(row: typeof introductions.$inferSelect, fact: Facts, locked: Content): string | null {
  if (row.consentState !== fact.consentState) return 'Stand der Einwilligung weicht vom Register ab';
  if (locked['consent'] === 'requested') {
    return iso(row.consentAt) === fact.consentAt && iso(row.identityReleasedAt) === fact.identityReleasedAt
      ? null
      : 'Zustimmung oder Freigabe der Identität weicht vom Register ab';
  }
  return iso(row.identityReleasedAt) === locked['at'] ? null : 'Freigabe der Identität weicht vom Register ab';
}
