import { describe, expect, it } from 'vitest';
import { MEMBER_PERMISSIONS, memberMay } from './member-permissions';
import { MEMBER_ROLES_OF } from './organisations';
import { ORGANISATION_KINDS } from './roles';

/** The role table of issue 31, as the issue states it, checked cell by cell. */
const EXPECTED: Record<string, string[]> = {
  'company administrator': [
    'organisation.manage',
    'advertisements.write',
    'conversations.write',
    'introductions.write',
    'placements.report',
    'billing.manage',
  ],
  'company recruiting': ['advertisements.write', 'conversations.write', 'introductions.write', 'placements.report'],
  'company accounting': ['billing.manage'],
  'agency administrator': [
    'organisation.manage',
    'conversations.write',
    'introductions.write',
    'placements.report',
    'billing.manage',
    'earnings.agency',
    'earnings.own',
  ],
  'agency consultant': ['conversations.write', 'introductions.write', 'placements.report', 'earnings.own'],
  'agency accounting': ['billing.manage', 'earnings.agency'],
};

describe('memberMay', () => {
  it('When each role of each kind is asked every permission, then exactly the issue’s table answers yes', () => {
    const actual: Record<string, string[]> = {};
    for (const kind of ORGANISATION_KINDS) {
      for (const role of MEMBER_ROLES_OF[kind]) {
        actual[`${kind} ${role}`] = MEMBER_PERMISSIONS.filter((p) => memberMay({ kind, role }, p));
      }
    }
    expect(actual).toEqual(EXPECTED);
  });

  it('When there is no membership or the role does not belong to the kind, then nothing is allowed', () => {
    for (const permission of MEMBER_PERMISSIONS) {
      expect(memberMay(null, permission)).toBe(false);
      expect(memberMay({ kind: 'company', role: 'consultant' }, permission)).toBe(false);
      expect(memberMay({ kind: 'agency', role: 'recruiting' }, permission)).toBe(false);
    }
  });
});
