import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import {
  BILLING_MSG,
  EU_COUNTRIES,
  isLegalIdentityComplete,
  normaliseUid,
  uidCountry,
  type CountryCode,
} from '@pb/core';
import type { Db } from '../../db/client';
import {
  notifications,
  organisationMembers,
  organisations,
  placementReports,
  users,
  type PlacementReportRow,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createNotifications } from '../../services/notifications/centre';
import { legalIdentityOf } from '../organisations';

/**
 * The company's one legal identity (issue 31): invoices go to the name, address and UID its
 * administrators keep on the organisation page. Without a complete identity (and a UID) an invoice
 * cannot be issued: the office's step is refused in German and the company's administrators are
 * asked — in the app and by mail, once a day per placement — to complete it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whom an invoice is addressed to. */
export interface Customer {
  name: string;
  address: string;
  uid: string;
  country: CountryCode;
}

/**
 * The customer as the organisation's legal identity states it, or null while it is incomplete.
 * `uidRequired: false` (a penalty, damages and no § 11 invoice): name and address suffice, and the
 * UID is printed when there is one.
 */
export async function organisationCustomer(
  tx: Db,
  organisationId: number | null,
  options: { uidRequired?: boolean } = {},
): Promise<Customer | null> {
  if (organisationId === null) return null;
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).limit(1);
  if (!row?.street || !row.postalCode || !row.city) return null;
  if (options.uidRequired !== false && (!row.uid || !isLegalIdentityComplete(row.kind, legalIdentityOf(row)))) {
    return null;
  }
  const uid = row.uid ? normaliseUid(row.uid) : '';
  const country = (uid ? uidCountry(uid) : null) ?? 'AT';
  const address = addressBlock({ street: row.street, postalCode: row.postalCode, city: row.city }, country);
  return { name: row.name, address, uid, country };
}

/**
 * The address block of an invoice: street (and house number, where it is a field of its own), postcode
 * and city, and the state when it is not Austria.
 */
export function addressBlock(
  a: { street: string; houseNr?: string; postalCode: string; city: string },
  country: CountryCode,
): string {
  const street = a.houseNr ? `${a.street} ${a.houseNr}` : a.street;
  return [street, `${a.postalCode} ${a.city}`, ...(country === 'AT' ? [] : [EU_COUNTRIES[country]])].join('\n');
}

/** The refusal when neither the organisation nor the report names whom to invoice (a 409 in German). */
export class LegalIdentityMissingError extends AppError {
  constructor() {
    super(409, BILLING_MSG.invoiceAddressMissing);
  }
}

/**
 * Asks the administrators of the placement's company to complete the legal identity (bell and mail),
 * unless they were asked about this placement in the last 24 hours. Its own transaction: the refused
 * step rolled back.
 */
export async function requestLegalIdentity(db: Db, report: PlacementReportRow, now: Date): Promise<number> {
  if (report.companyOrganisationId === null) return 0;
  const link = '/advertisements/organisation';
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ userId: organisationMembers.userId })
      .from(organisationMembers)
      .where(
        and(
          eq(organisationMembers.organisationId, report.companyOrganisationId!),
          eq(organisationMembers.role, 'administrator'),
          isNull(organisationMembers.leftAt),
        ),
      );
    if (admins.length === 0) return 0;
    const body = `Für die Vermittlung „${report.jobTitle}“ (Meldung Nr. ${report.id}) kann keine Rechnung ausgestellt werden, solange Name, Anschrift und UID-Nummer Ihrer Organisation fehlen. Bitte ergänzen Sie die Rechnungsdaten unter „Organisation“.`;
    const [recent] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          inArray(
            notifications.userId,
            admins.map((a) => a.userId),
          ),
          eq(notifications.body, body),
          gte(notifications.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      )
      .limit(1);
    if (recent) return 0;
    const rows = await createNotifications(
      tx,
      admins.map((a) => ({
        userId: a.userId,
        kind: 'guarantee' as const,
        title: 'Rechnungsdaten fehlen',
        body,
        link,
      })),
      now,
    );
    return rows.length;
  });
}

/**
 * Where an invoice is mailed: the billing address of the company's organisation (issue 31), else
 * the company's contact person.
 */
export async function invoiceRecipient(
  tx: Db,
  placementReportId: number,
  companyId: number | null,
): Promise<string | null> {
  const [billing] = await tx
    .select({ email: organisations.billingEmail })
    .from(placementReports)
    .innerJoin(organisations, eq(organisations.id, placementReports.companyOrganisationId))
    .where(eq(placementReports.id, placementReportId))
    .limit(1);
  if (billing?.email) return billing.email;
  if (companyId === null) return null;
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, companyId)).limit(1);
  return row?.email ?? null;
}

/** The organisation's present administrators (not blocked), for mail about its money. */
export async function organisationAdministrators(tx: Db, organisationId: number) {
  return tx
    .select({ email: users.email, username: users.username })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.role, 'administrator'),
        isNull(organisationMembers.leftAt),
        eq(users.blocked, false),
      ),
    );
}

/** Where mail about an organisation's money goes: its billing address, else its administrators. */
export async function moneyRecipients(tx: Db, organisationId: number): Promise<string[]> {
  const [organisation] = await tx
    .select({ billingEmail: organisations.billingEmail })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (organisation?.billingEmail) return [organisation.billingEmail];
  return (await organisationAdministrators(tx, organisationId)).map((a) => a.email);
}
