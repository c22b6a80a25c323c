import { inArray, like } from 'drizzle-orm';
import { organisationKindOf } from '@pb/core';
import type { Db } from '../../db/client';
import { advertisementViews, districts, jobs, placementBonuses, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { foundOrganisation, type FoundingProfile } from '../../services/memberships';
import { DEMO_COMPANIES, DEMO_CONSULTANTS } from './seed-data';
import { demoTeamMembers, seedDemoAgencyIdentity, seedDemoTeams, teamRoleText } from './teams';
import { DEMO_PUBLIC_TRACK_RECORDS } from './history';

/**
 * Loads the demo data for a new installation (development) from `seed-data.ts`:
 * four companies, four consultants (two public) — each an organisation, the first company and
 * the first agency with a team (teams.ts) — and about 30 Austrian advertisements with bonus histories. All demo accounts are confirmed and share
 * the password below.
 */

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_DOMAIN = 'demo.praemienboerse.at';

export interface DemoLogin {
  role: 'company' | 'consultant';
  username: string;
  email: string;
  /** A team member's role and organisation, e.g. 'Recruiting bei …'; absent for a founder (Administrator). */
  team?: string;
}

export interface DemoResult {
  created: boolean;
  logins: DemoLogin[];
  jobs: number;
}

export function demoLogins(): DemoLogin[] {
  const founders: DemoLogin[] = [
    ...DEMO_COMPANIES.map((c, i) => ({
      role: 'company' as const,
      username: c.username,
      email: `firma${i + 1}@${DEMO_DOMAIN}`,
    })),
    ...DEMO_CONSULTANTS.map((c, i) => ({
      role: 'consultant' as const,
      username: c.username,
      email: `berater${i + 1}@${DEMO_DOMAIN}`,
    })),
  ];
  const team = demoTeamMembers(DEMO_DOMAIN).map((m) => ({
    role: m.side,
    username: m.username,
    email: m.email,
    team: teamRoleText(m, founders.find((f) => f.email === m.founderEmail)!.username),
  }));
  return [...founders, ...team];
}

/** True when no company or consultant exists yet (an admin from ADMIN_EMAIL does not count). */
export async function isEmptyMarketplace(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ['company', 'consultant']))
    .limit(1);
  return rows.length === 0;
}

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${DEMO_DOMAIN}`))
    .limit(1);
  return rows.length > 0;
}

/** Creates the demo data unless demo accounts already exist. One transaction. */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<DemoResult> {
  if (await hasDemoAccounts(db)) return { created: false, logins: demoLogins(), jobs: 0 };
  // One scrypt run for all accounts keeps the first start fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const day = 24 * 60 * 60 * 1000;
  let jobCount = 0;

  await db.transaction(async (tx) => {
    const districtRows = await tx.select({ id: districts.id, name: districts.name }).from(districts);
    const districtId = new Map(districtRows.map((d) => [d.name, d.id]));
    const logins = demoLogins().filter((l) => l.team === undefined);
    const created = await tx
      .insert(users)
      .values([
        ...DEMO_COMPANIES.map((c, i) => ({
          username: c.username,
          email: logins[i]!.email,
          passwordHash,
          role: 'company' as const,
          confirmed: true,
        })),
        ...DEMO_CONSULTANTS.map((c, i) => ({
          username: c.username,
          email: logins[DEMO_COMPANIES.length + i]!.email,
          passwordHash,
          role: 'consultant' as const,
          confirmed: true,
        })),
      ])
      .returning({ id: users.id, email: users.email, username: users.username, role: users.role });
    const membershipOf = new Map<number, { organisationId: number; memberId: number }>();
    const profileOf = new Map<string, FoundingProfile>([
      ...DEMO_COMPANIES.map((c) => [c.username, { description: c.description }] as const),
      ...DEMO_CONSULTANTS.map(
        (c, i) =>
          [
            c.username,
            {
              description: c.description,
              services: c.services,
              public: c.public,
              // The demo's listed agencies agreed to the directory for everyone (visitors see them).
              publicDirectoryConsentAt: c.public ? now : null,
              // Issue 36: two agencies show their track record, one keeps it to itself.
              trackRecordPublic: DEMO_PUBLIC_TRACK_RECORDS.includes(i),
            },
          ] as const,
      ),
    ]);
    for (const user of created) {
      if (user.role === 'admin') continue;
      const membership = await foundOrganisation(tx, {
        kind: organisationKindOf(user.role),
        name: user.username,
        userId: user.id,
        now,
        profile: { ...profileOf.get(user.username), contactEmail: user.email },
      });
      membershipOf.set(user.id, membership);
    }
    const idByEmail = new Map(created.map((u) => [u.email, u.id]));
    await seedDemoTeams(tx, {
      domain: DEMO_DOMAIN,
      passwordHash,
      now,
      organisationOf: (email) => membershipOf.get(idByEmail.get(email)!)!.organisationId,
    });
    await seedDemoAgencyIdentity(tx, {
      organisationId: membershipOf.get(idByEmail.get(`berater1@${DEMO_DOMAIN}`)!)!.organisationId,
      organisationName: DEMO_CONSULTANTS[0]!.username,
      now,
    });

    // Interleave the companies so "newest first" mixes them; spread over the last 60 days.
    const all = DEMO_COMPANIES.flatMap((company, ci) => company.jobs.map((job, ji) => ({ job, ci, ji })));
    all.sort((x, y) => x.ji - y.ji || x.ci - y.ci);
    const agencyIds = created.filter((u) => u.role === 'consultant').map((u) => membershipOf.get(u.id)!.organisationId);
    for (const [index, { job, ci }] of all.entries()) {
      const ageDays = 59 - Math.floor((index * 58) / Math.max(1, all.length - 1));
      const createdAt = new Date(now.getTime() - ageDays * day - (index % 7) * 3_600_000);
      const district = districtId.get(job.district);
      if (district === undefined) throw new Error(`demo data: unknown district ${job.district}`);
      const ownerId = idByEmail.get(logins[ci]!.email)!;
      const company = membershipOf.get(ownerId)!;
      const [row] = await tx
        .insert(jobs)
        .values({
          ownerId,
          organisationId: company.organisationId,
          createdByMemberId: company.memberId,
          updatedByMemberId: company.memberId,
          jobTitle: job.title,
          workingTime: job.time ?? 'Vollzeit',
          assignment: job.assignment,
          requirements: job.requirements,
          benefits: job.benefits,
          // At least two entries per list: the place of work completes a short info list.
          jobInfo: job.info.length >= 2 ? job.info : [...job.info, `Dienstort: ${job.postcode} ${job.city}`],
          street: job.street,
          postcode: job.postcode,
          city: job.city,
          salary: job.salary,
          districtId: district,
          publishedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: jobs.id });
      // Some agencies looked at it (numbers per advertisement): older advertisements by more of them.
      const lookers = agencyIds.slice(0, (index * 7 + ci) % (agencyIds.length + 1));
      if (lookers.length > 0)
        await tx
          .insert(advertisementViews)
          .values(
            lookers.map((agency) => ({ jobId: row!.id, agencyOrganisationId: agency, firstViewedAt: createdAt })),
          );
      // Bonus records between publication and today, oldest first.
      const span = now.getTime() - createdAt.getTime();
      await tx.insert(placementBonuses).values(
        job.bonuses.map((bonus, bi) => ({
          jobId: row!.id,
          bonus,
          createdBy: ownerId,
          createdAt: new Date(createdAt.getTime() + Math.floor((span * bi) / job.bonuses.length)),
        })),
      );
      jobCount += 1;
    }
  });
  return { created: true, logins: demoLogins(), jobs: jobCount };
}

/** The start-up log block with the demo logins. */
export function demoLoginText(result: DemoResult): string {
  const width = Math.max(...result.logins.map((l) => l.email.length));
  const lines = result.logins.map(
    (l) =>
      `  ${l.email.padEnd(width)}  ${l.role === 'company' ? 'Unternehmen    ' : 'Personalberater'}  ${l.username}` +
      (l.team ? ` (${l.team})` : ''),
  );
  return [
    result.created
      ? `Demo-Daten angelegt (${result.jobs} Inserate). Demo-Zugänge (Passwort für alle: ${DEMO_PASSWORD}):`
      : `Demo-Zugänge (Passwort für alle: ${DEMO_PASSWORD}):`,
    ...lines,
  ].join('\n');
}
