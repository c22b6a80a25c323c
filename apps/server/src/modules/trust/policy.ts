import { ORGANISATION_MSG } from '@pb/core';
import { forbidden } from '../../lib/errors';
import type { CurrentUser } from '../../services/auth';

/**
 * Who sees which trust figures (issue 36, docs/trust.md). Routes name these rules in
 * `config.policy`: 'trust.reader' for an organisation's trust page, 'organisations.member' for the
 * own organisation's track record per member.
 */

/** policy 'trust.reader': a member acting for an organisation, or the back office. */
export function assertTrustReader(user: CurrentUser): void {
  if (user.role !== 'admin' && !user.organisation) throw forbidden(ORGANISATION_MSG.noOrganisation);
}

/**
 * An agency's track record: on its public profile once it published it; always to its own members
 * (acting for it) and to the back office. A company never sees more of an agency than that.
 */
export function maySeeTrackRecord(user: CurrentUser, agency: { id: number; trackRecordPublic: boolean }): boolean {
  return agency.trackRecordPublic || user.role === 'admin' || user.organisation?.organisationId === agency.id;
}

/**
 * Whether the caller may open an organisation's page at all: any company (its advertisements are
 * public anyway); an agency listed in the directory or publishing its track record; otherwise only its
 * own members, the back office and a company it introduced to or wrote with. An unlisted agency is
 * not found by walking the ids.
 */
export function mayOpenTrustPage(
  user: CurrentUser,
  organisation: { id: number; kind: 'company' | 'agency'; listed: boolean; trackRecordPublic: boolean },
  dealtWith: boolean,
): boolean {
  return (
    organisation.kind === 'company' ||
    organisation.listed ||
    organisation.trackRecordPublic ||
    user.role === 'admin' ||
    user.organisation?.organisationId === organisation.id ||
    dealtWith
  );
}
