import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  alreadyKnownDeadline,
  CONSENT_ENDED_UNCONFIRMED,
  mayMoveIntroduction,
  type IntroductionConsent,
  claimRevivalDeadline,
  INTRODUCTION_STATUSES,
  viennaDate,
  type ClaimState,
  type Introduction,
  type IntroductionDetail,
  type IntroductionFlag,
  type IntroductionTimelineEntry,
  type StoredFile,
  type ActiveMembership,
} from '@pb/core';
import type { Db } from '../../db/client';
import { introductionEvents, introductions, organisations, uploads, type UserRole } from '../../db/schema';
import type { OrganisationSide } from '../../services/policies';
import { liveMembersOf } from '../../services/memberships';
import { authorizeIntroductionReading, introductionRolesSql, introductionSideOf } from './policy';
import { consentExpiry } from './consent-link';
import { timelineDetail } from './timeline-details';

/**
 * Reads of the introductions register and the one presenter of an introduction. What a
 * caller sees depends on their side: raw contact data only for the members of the two
 * organisations who handle introductions, the company's actions only for the company's,
 * fingerprints never.
 */

export type IntroductionRow = typeof introductions.$inferSelect;

export interface Viewer {
  id: number;
  role: UserRole;
  organisation: ActiveMembership | null;
}

/** Whose eyes the presenter serves: a side of the introduction (its handling members), or the back office. */
export interface Perspective {
  side: OrganisationSide | null;
  admin: boolean;
}

export function perspectiveOf(viewer: Viewer, row: IntroductionRow): Perspective {
  return { side: introductionSideOf(viewer, row), admin: viewer.role === 'admin' };
}

const cvUpload = alias(uploads, 'cv_upload');
const knownUpload = alias(uploads, 'known_upload');
const introducedEntry = alias(introductionEvents, 'introduced_entry');
const agencyOrganisation = alias(organisations, 'agency_organisation');

const fileColumns = (u: typeof cvUpload | typeof knownUpload) => ({
  id: u.id,
  name: u.originalName,
  ext: u.ext,
  mime: u.mime,
  size: u.size,
});

/**
 * The register entry aliased `entry` (a stage change) was not taken back at once by a
 * 'status_undone' naming it (issue 32): the one definition every reading of the register uses.
 */
export function notUndone(entry: string): SQL {
  const e = sql.raw(entry);
  return sql`NOT EXISTS (SELECT 1 FROM introduction_events undone
                          WHERE undone.introduction_id = ${e}.introduction_id AND undone.kind = 'status_undone'
                            AND (undone.content->>'undoes')::bigint = ${e}.id)`;
}

/**
 * The stage change aliased `entry` is the company's own, not the one a placement report wrote with
 * it (the same instant as a 'placement_reported' entry).
 */
export function notWrittenByReport(entry: string): SQL {
  const e = sql.raw(entry);
  return sql`NOT EXISTS (SELECT 1 FROM introduction_events reported
                          WHERE reported.introduction_id = ${e}.introduction_id AND reported.kind = 'placement_reported'
                            AND reported.created_at = ${e}.created_at)`;
}

/**
 * True once the company has committed to the introduction in the register: moved it beyond
 * 'in Prüfung' (Interview, Angebot, eingestellt — even if rejected afterwards), or a placement
 * report named it or matched its candidate. From then on 'Bereits bekannt' is refused.
 */
// Spelled out: in a one-table select Drizzle leaves columns unqualified, and a bare "id" here
// would mean the register entry's own id.
// A stage change the company took back at once ('status_undone', issue 32) commits to nothing.
export const committedInRegister = sql<boolean>`EXISTS (
  SELECT 1 FROM introduction_events committed
   WHERE committed.introduction_id = "introductions"."id"
     AND (committed.kind IN ('placement_reported', 'circumvention_suspected')
          OR (committed.kind = 'status' AND committed.content->>'status' IN ('interview', 'angebot', 'eingestellt')
              AND ${notUndone('committed')})))`;

/** Whether the company may still declare 'Bereits bekannt' (deadline, once, not after committing). */
export function mayDeclareKnown(
  row: Pick<IntroductionRow, 'alreadyKnownAt' | 'identityReleasedAt'>,
  committed: boolean,
  now: Date,
): boolean {
  return (
    row.alreadyKnownAt === null &&
    row.identityReleasedAt !== null &&
    !committed &&
    viennaDate(now) <= alreadyKnownDeadline(row.identityReleasedAt)
  );
}

export function introductionQuery(db: Db) {
  return db
    .select({
      row: introductions,
      cv: fileColumns(cvUpload),
      knownFile: fileColumns(knownUpload),
      hash: introducedEntry.hash,
      committed: committedInRegister,
      agencyName: agencyOrganisation.name,
    })
    .from(introductions)
    .leftJoin(agencyOrganisation, eq(agencyOrganisation.id, introductions.agencyOrganisationId))
    .leftJoin(cvUpload, eq(cvUpload.id, introductions.cvUploadId))
    .leftJoin(knownUpload, eq(knownUpload.id, introductions.alreadyKnownUploadId))
    .leftJoin(
      introducedEntry,
      and(eq(introducedEntry.introductionId, introductions.id), eq(introducedEntry.kind, 'introduced')),
    );
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof introductionQuery>['execute']>>[number];

async function loadJoined(db: Db, id: number): Promise<JoinedRow | undefined> {
  const [joined] = await introductionQuery(db).where(eq(introductions.id, id)).limit(1);
  return joined;
}
type FileRow = JoinedRow['cv'];

function presentFile(file: FileRow): StoredFile | null {
  if (
    !file ||
    file.id === null ||
    file.name === null ||
    file.ext === null ||
    file.mime === null ||
    file.size === null
  ) {
    return null;
  }
  return {
    id: file.id,
    name: file.name,
    ext: file.ext,
    mime: file.mime,
    size: file.size,
    url: `/api/files/${file.id}`,
  };
}

export function claimState(
  row: Pick<IntroductionRow, 'alreadyKnownAt' | 'claimLapsedAt' | 'consentState'>,
): ClaimState {
  if (CONSENT_ENDED_UNCONFIRMED.includes(row.consentState)) return 'no_consent';
  if (row.alreadyKnownAt) return 'void';
  if (row.claimLapsedAt) return 'lapsed';
  return 'live';
}

function flagsOf(row: IntroductionRow, perspective: Perspective): IntroductionFlag[] {
  const flags: IntroductionFlag[] = [];
  if (row.subordinate) flags.push('nachrangig');
  if (row.alreadyKnownAt) flags.push('bereits_bekannt');
  if (row.circumventionAt) flags.push('umgehungsverdacht');
  // Would tell a party that another agency introduced someone of that name: the office's only.
  if (row.nameMatchOf !== null && perspective.admin) flags.push('namensgleich');
  if (row.resolvedAt) flags.push('geklaert');
  return flags;
}

function lastReaction(row: IntroductionRow): Introduction['lastReaction'] {
  if (row.alreadyKnownAt && row.alreadyKnownAt >= row.statusChangedAt) {
    return { status: null, at: row.alreadyKnownAt.toISOString(), note: row.alreadyKnownNote };
  }
  if (row.status === 'neu') return null;
  return { status: row.status, at: row.statusChangedAt.toISOString(), note: row.statusNote };
}

/** The candidate's answer as both parties see it; the link's deadline while it is open. */
function presentConsent(row: IntroductionRow): IntroductionConsent {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    state: row.consentState,
    requestedAt: iso(row.consentRequestedAt),
    expiresAt: row.consentState === 'pending' ? iso(consentExpiry(row)) : null,
    remindedAt: iso(row.consentRemindedAt),
    answeredAt: iso(row.consentAnsweredAt),
    withdrawnAt: iso(row.consentWithdrawnAt),
  };
}

/** The introduction as seen from `perspective`; `now` decides the 'Bereits bekannt' window. */
export function presentIntroduction(joined: JoinedRow, perspective: Perspective, now: Date): Introduction {
  const row = joined.row;
  const isCompany = perspective.side === 'company';
  const isParty = perspective.side !== null;
  const released = row.identityReleasedAt;
  const personal = row.personalDataDeletedAt === null && row.firstName !== null && row.lastName !== null;
  // Until the candidate agreed the company sees the anonymised profile only (issue 35).
  const identity = personal && (!isCompany || released !== null);
  return {
    id: row.id,
    advertisement: { id: row.jobId, jobTitle: row.jobTitle },
    company: { id: row.companyId, name: row.companyName },
    agency: { id: row.agencyOrganisationId, name: joined.agencyName },
    consultant: { id: row.consultantId, name: row.consultantName },
    introducedAt: row.introducedAt.toISOString(),
    bonus: row.bonus,
    status: row.status,
    statusChangedAt: row.statusChangedAt.toISOString(),
    candidate: identity
      ? {
          firstName: row.firstName!,
          lastName: row.lastName!,
          // Raw contact data: the two parties only (not even the back office).
          email: isParty ? row.email : null,
          phone: isParty ? row.phone : null,
        }
      : null,
    pitch: identity ? row.pitch : null,
    // The CV carries contact data too: the parties only.
    cv: identity && isParty ? presentFile(joined.cv) : null,
    consentAt: row.consentAt?.toISOString() ?? null,
    consent: presentConsent(row),
    identityReleasedAt: released?.toISOString() ?? null,
    profile: row.personalDataDeletedAt === null ? row.profile : null,
    keepLonger: row.keepLonger,
    subordinate: row.subordinate,
    priorIntroducedOn: row.priorIntroducedAt ? viennaDate(row.priorIntroducedAt) : null,
    claim: claimState(row),
    revivalDeadline: row.claimLapsedAt && !row.alreadyKnownAt ? claimRevivalDeadline(row.claimLapsedAt) : null,
    alreadyKnown: row.alreadyKnownAt
      ? {
          at: row.alreadyKnownAt.toISOString(),
          note: row.alreadyKnownNote ?? '',
          file: row.personalDataDeletedAt ? null : presentFile(joined.knownFile),
        }
      : null,
    alreadyKnownDeadline: released ? alreadyKnownDeadline(released) : null,
    canDeclareKnown: isCompany && mayDeclareKnown(row, joined.committed, now),
    nextStatuses: isCompany
      ? INTRODUCTION_STATUSES.filter((s) => mayMoveIntroduction(row.status, s, row.consentState))
      : [],
    rejectionReason: row.status === 'abgesagt' ? row.rejectionReason : null,
    lastReaction: lastReaction(row),
    conversationId: row.conversationId,
    seen: row.seenByCompanyAt !== null,
    flags: flagsOf(row, perspective),
    hash: joined.hash ?? '',
    personalDataDeletedAt: row.personalDataDeletedAt?.toISOString() ?? null,
  };
}

/** One introduction as `viewer` sees it, or undefined if it does not exist (no authorisation here). */
export async function introductionView(
  db: Db,
  id: number,
  viewer: Viewer,
  now: Date,
): Promise<Introduction | undefined> {
  const joined = await loadJoined(db, id);
  return joined ? presentIntroduction(joined, perspectiveOf(viewer, joined.row), now) : undefined;
}

/** Who the introduction's parties are (for a policy check before any upload is read). */
export async function introductionParties(db: Db, id: number) {
  const [row] = await db
    .select({
      agencyOrganisationId: introductions.agencyOrganisationId,
      companyOrganisationId: introductions.companyOrganisationId,
    })
    .from(introductions)
    .where(eq(introductions.id, id));
  return row;
}

/** The introduction's register entries, oldest first. */
export async function timelineOf(db: Db, id: number): Promise<IntroductionTimelineEntry[]> {
  const rows = await db
    .select()
    .from(introductionEvents)
    .where(eq(introductionEvents.introductionId, id))
    .orderBy(asc(introductionEvents.id));
  return rows.map((r) => ({
    kind: r.kind,
    at: r.createdAt.toISOString(),
    status: (INTRODUCTION_STATUSES as readonly string[]).includes(String(r.content['status']))
      ? (r.content['status'] as IntroductionDetail['status'])
      : null,
    note: r.note,
    detail: timelineDetail(r.kind, r.content),
    hash: r.hash,
  }));
}

/** Detail with timeline for a party or an admin; 404 for everybody else. */
export async function introductionDetail(db: Db, viewer: Viewer, id: number, now: Date): Promise<IntroductionDetail> {
  const joined = await loadJoined(db, id);
  authorizeIntroductionReading(viewer, joined?.row);
  return {
    ...presentIntroduction(joined!, perspectiveOf(viewer, joined!.row), now),
    timeline: await timelineOf(db, id),
  };
}

/**
 * After a change: the introduction as each side sees it, and who on each side hears of it live —
 * the members of either organisation whose role handles introductions.
 */
export async function partyViews(
  db: Db,
  id: number,
  now: Date,
): Promise<Array<{ side: OrganisationSide; view: Introduction; userIds: number[] }>> {
  const joined = await loadJoined(db, id);
  if (!joined) return [];
  const { agencyOrganisationId, companyOrganisationId } = joined.row;
  if (agencyOrganisationId === null && companyOrganisationId === null) return [];
  const members = await liveMembersOf(db, [agencyOrganisationId, companyOrganisationId], introductionRolesSql);
  const sides: Array<{ side: OrganisationSide; organisationId: number | null }> = [
    { side: 'agency', organisationId: agencyOrganisationId },
    { side: 'company', organisationId: companyOrganisationId },
  ];
  return sides.map(({ side, organisationId }) => ({
    side,
    view: presentIntroduction(joined, { side, admin: false }, now),
    userIds: members.filter((m) => m.organisationId === organisationId).map((m) => m.userId),
  }));
}
