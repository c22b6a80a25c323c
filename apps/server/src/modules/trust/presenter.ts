import type {
  AgencyTrackRecord,
  CompanyTrustFigures,
  OrganisationTrust,
  OwnTrackRecord,
  PublishedRatingComment,
  RatingSummary,
} from '@pb/core';
import { agencyFiguresOf, companyFiguresOf } from './figures';
import type { MemberFiguresRow, TrustRow } from './queries';

/**
 * What leaves the server of the figures: counts, shares and medians per organisation or member —
 * never a candidate, an introduction or an advertisement. Not computed yet: zero figures (null computedAt).
 */

export function companyFiguresFrom(row: Pick<TrustRow, 'companyFigures'>): CompanyTrustFigures {
  return row.companyFigures ?? companyFiguresOf(null, null);
}

export function agencyFiguresFrom(row: Pick<TrustRow, 'agencyFigures'>): AgencyTrackRecord {
  return row.agencyFigures ?? agencyFiguresOf(null, null);
}

export function presentOrganisationTrust(
  row: TrustRow,
  showTrackRecord: boolean,
  published: { ratings: RatingSummary; comments: PublishedRatingComment[] },
): OrganisationTrust {
  return {
    organisation: {
      id: row.id,
      kind: row.kind,
      name: row.name,
      description: row.description,
      services: row.services,
    },
    company: row.kind === 'company' ? companyFiguresFrom(row) : null,
    agency: row.kind === 'agency' && showTrackRecord ? agencyFiguresFrom(row) : null,
    trackRecordPublic: row.trackRecordPublic,
    ratings: published.ratings,
    comments: published.comments,
  };
}

/** The own organisation's figures; an agency's per member (a member without introductions: zero, as of the agency's run). */
export function presentOwnTrackRecord(row: TrustRow, members: MemberFiguresRow[]): OwnTrackRecord {
  if (row.kind === 'company') {
    return {
      kind: 'company',
      company: companyFiguresFrom(row),
      agency: null,
      members: [],
      trackRecordPublic: row.trackRecordPublic,
    };
  }
  const agency = agencyFiguresFrom(row);
  return {
    kind: 'agency',
    company: null,
    agency,
    members: members.map((m) => ({
      memberId: m.memberId,
      name: m.name,
      active: m.active,
      figures: m.figures ?? agencyFiguresOf(null, agency.computedAt),
    })),
    trackRecordPublic: row.trackRecordPublic,
  };
}
