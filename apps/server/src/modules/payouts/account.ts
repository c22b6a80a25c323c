import { and, eq, isNull } from 'drizzle-orm';
import {
  formatIban,
  MEMBER_PERMISSION_MSG,
  memberMay,
  ORGANISATION_MSG,
  PAYOUT_MSG,
  SELF_BILLING_TERMS,
  type PayoutAccount,
  type PayoutAccountRequest,
} from '@pb/core';
import type { Db } from '../../db/client';
import { organisationMembers, organisationPayoutAccounts, organisations, users } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import type { CurrentUser } from '../../services/auth';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import type { ActingMember } from '../organisations';

/**
 * Where an organisation's money is paid to (issue 34): the agency's shares, a company's refunds.
 * Kept by the members whose role handles money (administrators, Buchhaltung). An agency also
 * states how its service is taxed and agrees to self-billing, without which no credit note is
 * issued. A new account is the classic way to divert a payout: every change is audited and told
 * to all administrators by mail, naming the old and the new account.
 */

export type PayoutAccountRow = typeof organisationPayoutAccounts.$inferSelect;

/** A member of this organisation whose role handles money (administrators, Buchhaltung). */
export function handlesMoneyOf(user: CurrentUser, organisationId: number | null): boolean {
  return (
    user.organisation !== null &&
    user.organisation.organisationId === organisationId &&
    memberMay(user.organisation, 'billing.manage')
  );
}

/** policy 'payouts.member': a member of the session's organisation whose role handles money. */
export function authorizeMoneyMember(user: CurrentUser): ActingMember {
  if (!user.organisation) throw forbidden(ORGANISATION_MSG.noOrganisation);
  if (!memberMay(user.organisation, 'billing.manage')) throw forbidden(MEMBER_PERMISSION_MSG['billing.manage']);
  return user as ActingMember;
}

export async function payoutAccountOf(db: Db, organisationId: number): Promise<PayoutAccountRow | null> {
  const [row] = await db
    .select()
    .from(organisationPayoutAccounts)
    .where(eq(organisationPayoutAccounts.organisationId, organisationId))
    .limit(1);
  return row ?? null;
}

/** The organisation's present administrators, for mail about its money. */
async function administratorsOf(tx: Db, organisationId: number) {
  return tx
    .select({ email: users.email, username: users.username })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.role, 'administrator'),
        isNull(organisationMembers.leftAt),
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
  return (await administratorsOf(tx, organisationId)).map((a) => a.email);
}

export function presentPayoutAccount(row: PayoutAccountRow | null): PayoutAccount | null {
  if (!row) return null;
  return {
    accountHolder: row.accountHolder,
    iban: row.iban,
    bic: row.bic,
    vatStatus: row.vatStatus,
    selfBillingAgreedAt: row.selfBillingAgreedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function savePayoutAccount(
  db: Db,
  member: ActingMember,
  input: PayoutAccountRequest,
  now: Date,
): Promise<PayoutAccount> {
  const { organisationId, kind } = member.organisation;
  if (kind === 'company' && input.vatStatus !== undefined) throw badRequest(PAYOUT_MSG.vatStatusAgencyOnly);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(organisationPayoutAccounts)
      .where(eq(organisationPayoutAccounts.organisationId, organisationId))
      .for('update');
    // An agency agrees once; the agreement stays until the organisation ends it (not by saving again).
    const agreed = kind === 'agency' && (before?.selfBillingAgreedAt != null || input.selfBillingAgreed === true);
    if (kind === 'agency' && !agreed) throw badRequest(PAYOUT_MSG.selfBillingRequired);
    const values = {
      accountHolder: input.accountHolder,
      iban: input.iban,
      bic: input.bic,
      vatStatus: kind === 'agency' ? (input.vatStatus ?? before?.vatStatus ?? 'regelbesteuert') : 'regelbesteuert',
      updatedBy: member.id,
      updatedAt: now,
      ...(kind === 'agency' && !before?.selfBillingAgreedAt
        ? { selfBillingAgreedAt: now, selfBillingAgreedBy: member.id, selfBillingTerms: SELF_BILLING_TERMS }
        : {}),
    } as const;
    const [row] = await tx
      .insert(organisationPayoutAccounts)
      .values({ organisationId, ...values })
      .onConflictDoUpdate({ target: organisationPayoutAccounts.organisationId, set: values })
      .returning();
    const shown = (r: PayoutAccountRow | undefined) =>
      r ? { accountHolder: r.accountHolder, iban: r.iban, bic: r.bic, vatStatus: r.vatStatus } : null;
    await recordAudit(tx, member, {
      action: 'organisation.payout_account',
      entity: 'organisation',
      entityId: organisationId,
      before: shown(before),
      after: {
        ...shown(row),
        ...(before?.selfBillingAgreedAt ? {} : { selfBillingAgreedAt: row!.selfBillingAgreedAt }),
      },
    });
    if (before && (before.iban !== row!.iban || before.accountHolder !== row!.accountHolder)) {
      await tellAdministrators(tx, member, before, row!);
    }
    return presentPayoutAccount(row!)!;
  });
}

/** Every administrator hears of a changed account at once, so a diverted payout is noticed in time. */
async function tellAdministrators(tx: Db, member: ActingMember, before: PayoutAccountRow, after: PayoutAccountRow) {
  const admins = await administratorsOf(tx, member.organisation.organisationId);
  for (const admin of admins) {
    const paragraphs = [
      `Guten Tag ${admin.username},`,
      `${member.username} hat das Auszahlungskonto von „${member.organisation.organisationName}“ geändert:`,
      `bisher ${before.accountHolder}, ${formatIban(before.iban)}; neu ${after.accountHolder}, ${formatIban(after.iban)}.`,
      'Auszahlungen gehen ab jetzt auf das neue Konto. Falls Sie diese Änderung nicht kennen, ändern Sie das Konto sofort zurück und melden Sie sich bei uns.',
    ];
    await enqueueMail(tx, {
      event: 'payouts.account_changed',
      to: admin.email,
      subject: 'Ihr Auszahlungskonto wurde geändert',
      text: paragraphs.join('\n\n'),
      html: simpleHtml(paragraphs),
    });
  }
}
