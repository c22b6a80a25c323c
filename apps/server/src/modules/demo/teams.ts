import { austrianUidCheckDigit, MEMBER_ROLE_NAMES, registerCheckLetter, type MemberRole } from '@pb/core';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { organisationMembers, organisationRegisterChecks, organisations, users } from '../../db/schema';

/**
 * The demo's teams (issue 31): the first company works with a recruiter and a bookkeeper beside its
 * administrator, the first agency with a second consultant. They sign in like every demo account.
 */

export interface DemoTeamMember {
  /** The demo login of the organisation's founder the member joins. */
  founderEmail: string;
  username: string;
  email: string;
  side: 'company' | 'consultant';
  role: MemberRole;
}

export function demoTeamMembers(domain: string): DemoTeamMember[] {
  return [
    {
      founderEmail: `firma1@${domain}`,
      username: 'Lena Hofer',
      email: `recruiting1@${domain}`,
      side: 'company',
      role: 'recruiting',
    },
    {
      founderEmail: `firma1@${domain}`,
      username: 'Markus Berger',
      email: `buchhaltung1@${domain}`,
      side: 'company',
      role: 'accounting',
    },
    {
      founderEmail: `berater1@${domain}`,
      username: 'Jonas Wimmer',
      email: `kollege1@${domain}`,
      side: 'consultant',
      role: 'consultant',
    },
  ];
}

/** How the start-up log names a team member's role, e.g. 'Recruiting bei Alpenblick Hotels'. */
export function teamRoleText(member: DemoTeamMember, organisationName: string): string {
  return `${MEMBER_ROLE_NAMES[member.role]} bei ${organisationName}`;
}

/** Adds the team members to their founders' organisations (inside the demo's transaction). */
export async function seedDemoTeams(
  tx: Tx,
  input: {
    domain: string;
    passwordHash: string;
    now: Date;
    /** The founders' organisations by their e-mail address. */
    organisationOf: (founderEmail: string) => number;
  },
): Promise<void> {
  for (const member of demoTeamMembers(input.domain)) {
    const [user] = await tx
      .insert(users)
      .values({
        username: member.username,
        email: member.email,
        passwordHash: input.passwordHash,
        role: member.side,
        confirmed: true,
      })
      .returning({ id: users.id });
    await tx.insert(organisationMembers).values({
      organisationId: input.organisationOf(member.founderEmail),
      userId: user!.id,
      role: member.role,
      joinedAt: input.now,
      lastActiveAt: input.now,
    });
  }
}

/**
 * The first agency's complete legal identity, checked by the office, so that its companies see the
 * 'geprüft' badge on its introductions. The numbers are made up but carry valid check digits.
 */
export async function seedDemoAgencyIdentity(
  tx: Tx,
  input: { organisationId: number; organisationName: string; now: Date },
): Promise<void> {
  const registerNumber = `FN 512073${registerCheckLetter('512073')}`;
  const uid = `ATU6120453${austrianUidCheckDigit('6120453')}`;
  const gisaNumber = '33917452';
  await tx
    .update(organisations)
    .set({
      legalForm: 'eU',
      street: 'Mariahilfer Straße 88',
      postalCode: '1070',
      city: 'Wien',
      registerNumber,
      uid,
      gisaNumber,
      billingEmail: null,
    })
    .where(eq(organisations.id, input.organisationId));
  const note = 'Demo: Firmenbuch, UID-Bestätigung Stufe 2 und GISA abgefragt';
  await tx.insert(organisationRegisterChecks).values(
    (
      [
        ['register_number', registerNumber],
        ['uid', uid],
        ['gisa_number', gisaNumber],
      ] as const
    ).map(([field, value]) => ({
      organisationId: input.organisationId,
      field,
      value,
      organisationName: input.organisationName,
      note,
      checkedAt: input.now,
    })),
  );
}
