/** Role names as the API reports them (spec §3/§6). */
export const ROLE_NAMES = {
  company: 'Company',
  consultant: 'HR-Consultant',
  admin: 'Admin',
} as const;
export type RoleType = keyof typeof ROLE_NAMES;
export type RoleName = (typeof ROLE_NAMES)[RoleType];

/** Registration role codes of the original client: 1 company, 3 recruiter, 0 none. */
export const REGISTRATION_ROLE_CODES = { none: 0, company: 1, consultant: 3 } as const;

export function roleTypeFromName(name: string): RoleType | null {
  for (const [type, roleName] of Object.entries(ROLE_NAMES)) {
    if (roleName === name) return type as RoleType;
  }
  return null;
}

/** The kinds of organisation (issue 31): a company hires, an agency places. */
export const ORGANISATION_KINDS = ['company', 'agency'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/** Every member role; which ones an organisation offers depends on its kind (MEMBER_ROLES_OF). */
export const MEMBER_ROLES = ['administrator', 'recruiting', 'consultant', 'accounting'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
