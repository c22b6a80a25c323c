import { eq } from 'drizzle-orm';
import {
  formatIban,
  MEMBER_PERMISSION_MSG,
  memberMay,
  ORGANISATION_MSG,
  PAYOUT_MSG,
  SELF_BILLING_TERMS,
  VAT_STATUS_LABELS,
  type PayoutAccount,
  type PayoutAccountRequest,
} from '@pb/core';
import type { Db } from '../../db/client';
import { organisationPayoutAccounts } from '../../db/schema';
import { moneyRecipients, organisationAdministrators } from '../billing';
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

/**
 * The organisation's payout account, locked until `tx` ends: a change of the account and a
 * withdrawal of the agreement to self-billing wait for each other.
 */
export async function lockPayoutAccount(tx: Db, organisationId: number): Promise<PayoutAccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(organisationPayoutAccounts)
    .where(eq(organisationPayoutAccounts.organisationId, organisationId))
    .for('update');
  return row;
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
    const before = await lockPayoutAccount(tx, organisationId);
    // An agency agrees with its first account; the agreement stays until it withdraws it
    // (objections.ts), and after that it may keep its account without agreeing again.
    const agreeing = kind === 'agency' && !before?.selfBillingAgreedAt && input.selfBillingAgreed === true;
    if (kind === 'agency' && !before && !agreeing) throw badRequest(PAYOUT_MSG.selfBillingRequired);
    // An agency says how it is taxed once, knowingly: a silent default would add or drop 20 % USt.
    if (kind === 'agency' && !before && input.vatStatus === undefined) throw badRequest(PAYOUT_MSG.vatStatusRequired);
    const values = {
      accountHolder: input.accountHolder,
      iban: input.iban,
      bic: input.bic,
      vatStatus: kind === 'agency' ? (input.vatStatus ?? before?.vatStatus ?? 'regelbesteuert') : 'regelbesteuert',
      updatedBy: member.id,
      updatedAt: now,
      ...(agreeing
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
        ...(agreeing ? { selfBillingAgreedAt: row!.selfBillingAgreedAt } : {}),
      },
    });
    if (
      before &&
      (before.iban !== row!.iban || before.accountHolder !== row!.accountHolder || before.vatStatus !== row!.vatStatus)
    ) {
      await tellAboutChange(tx, member, before, row!);
    }
    return presentPayoutAccount(row!)!;
  });
}

/**
 * Every administrator and the billing address hear of a changed account or taxation at once, so a
 * diverted payout (or one that suddenly carries 20 % USt more) is noticed before it is paid.
 */
async function tellAboutChange(tx: Db, member: ActingMember, before: PayoutAccountRow, after: PayoutAccountRow) {
  const { organisationId, organisationName } = member.organisation;
  const admins = await organisationAdministrators(tx, organisationId);
  const billing = (await moneyRecipients(tx, organisationId)).filter((to) => !admins.some((a) => a.email === to));
  const changes = [
    ...(before.iban !== after.iban || before.accountHolder !== after.accountHolder
      ? [
          `Konto: bisher ${before.accountHolder}, ${formatIban(before.iban)}; neu ${after.accountHolder}, ${formatIban(after.iban)}.`,
        ]
      : []),
    ...(before.vatStatus !== after.vatStatus
      ? [`Besteuerung: bisher ${VAT_STATUS_LABELS[before.vatStatus]}; neu ${VAT_STATUS_LABELS[after.vatStatus]}.`]
      : []),
  ];
  for (const to of [
    ...admins.map((a) => ({ email: a.email, greeting: `Guten Tag ${a.username},` })),
    ...billing.map((email) => ({ email, greeting: 'Guten Tag,' })),
  ]) {
    const paragraphs = [
      to.greeting,
      `${member.username} hat die Auszahlungsdaten von „${organisationName}“ geändert:`,
      ...changes,
      'Auszahlungen richten sich ab jetzt nach den neuen Angaben. Falls Sie diese Änderung nicht kennen, ändern Sie sie sofort zurück und melden Sie sich bei uns.',
    ];
    await enqueueMail(tx, {
      event: 'payouts.account_changed',
      to: to.email,
      subject: 'Ihr Auszahlungskonto wurde geändert',
      text: paragraphs.join('\n\n'),
      html: simpleHtml(paragraphs),
    });
  }
}
