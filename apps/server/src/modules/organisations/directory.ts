import { asc, count } from 'drizzle-orm';
import type { AgencyCard, ListedAgency } from '@pb/core';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import { profileImageUrl } from '../../services/image-urls';
import { listedAgencyCondition, visitorListedAgencyCondition } from '../../services/policies';

/**
 * The directory of agencies ('Personalberater', spec §2): one card per agency that chose to be
 * listed (listedAgencyCondition). Visitors see those that agreed to the directory for everyone,
 * without the contact address; signed-in users see all listed ones with it.
 */

const cardColumns = {
  id: organisations.id,
  name: organisations.name,
  description: organisations.description,
  logoUploadId: organisations.logoUploadId,
  services: organisations.services,
  contactEmail: organisations.contactEmail,
} as const;

type CardRow = { [K in keyof typeof cardColumns]: (typeof organisations.$inferSelect)[K] };

/** One page in name order (the id keeps pages apart where names are equal), with the number of all. */
export async function listAgencies(
  db: Db,
  page: { start: number; limit: number },
  audience: 'visitor' | 'signedIn',
  now: Date,
) {
  const where = audience === 'visitor' ? visitorListedAgencyCondition(now) : listedAgencyCondition(now);
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(organisations)
      .where(where)
      .orderBy(asc(organisations.name), asc(organisations.id))
      .offset(page.start)
      .limit(page.limit),
    db.select({ n: count() }).from(organisations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** What a visitor sees of a listed agency: no contact address (the logo is public while it is listed). */
export function presentListedAgency(row: CardRow): ListedAgency {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logo: profileImageUrl(row.logoUploadId),
    services: Array.isArray(row.services) ? row.services : [],
  };
}

/** What a signed-in user sees: plus the contact address. */
export function presentAgencyCard(row: CardRow): AgencyCard {
  return { ...presentListedAgency(row), contactEmail: row.contactEmail };
}
