import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import {
  isLegalIdentityComplete,
  memberMay,
  OVERVIEW_NEW_MATCH_DAYS,
  type ActiveMembership,
  type FirstRunStep,
  type InvoiceIssuer,
  type Overview,
} from '@pb/core';
import type { Db } from '../../db/client';
import { jobs, organisationInvitations, organisationMembers, organisations } from '../../db/schema';
import { hasSavedSearch, recentSearchMatches } from '../alerts';
import { companyBilling } from '../billing';
import { unansweredConversations } from '../chat';
import { introductionTasks } from '../introductions';
import { legalIdentityOf } from '../organisations';

/**
 * 'Übersicht' (issue 32): what the member's organisation asks of them now, from the modules that
 * own each fact. Each section is there only when the member's role handles it (core's memberMay),
 * so Buchhaltung is not shown candidates and Recruiting not the invoices.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OverviewContext {
  db: Db;
  now: Date;
  issuer: InvoiceIssuer;
}

async function money(ctx: OverviewContext, membership: ActiveMembership): Promise<Overview['money']> {
  if (membership.kind !== 'company' || !memberMay(membership, 'billing.manage')) return null;
  const billing = await companyBilling(ctx.db, membership, ctx.now, ctx.issuer);
  return {
    payCents: billing.statement?.payCents ?? 0,
    payBy: billing.statement?.payBy ?? null,
    overdue: billing.invoices.filter((invoice) => invoice.status === 'ueberfaellig').length,
    receiveCents: billing.statement?.receiveCents ?? 0,
  };
}

/** The first-run checklist: the steps this member can take, each done by what exists. */
async function checklist(
  ctx: OverviewContext,
  userId: number,
  membership: ActiveMembership,
): Promise<Overview['checklist']> {
  const { db } = ctx;
  const steps: Array<{ step: FirstRunStep; done: () => Promise<boolean> }> = [];
  const administers = memberMay(membership, 'organisation.manage');
  if (administers) {
    const [organisation] = await db.select().from(organisations).where(eq(organisations.id, membership.organisationId));
    steps.push({ step: 'profile', done: async () => Boolean(organisation?.description?.trim()) });
    steps.push({
      step: 'legal_identity',
      done: async () =>
        organisation ? isLegalIdentityComplete(organisation.kind, legalIdentityOf(organisation)) : false,
    });
  }
  if (membership.kind === 'company' && memberMay(membership, 'advertisements.write'))
    steps.push({
      step: 'advertisement',
      done: async () => {
        const [job] = await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(eq(jobs.organisationId, membership.organisationId))
          .limit(1);
        return job !== undefined;
      },
    });
  if (membership.kind === 'agency' && memberMay(membership, 'introductions.write'))
    steps.push({ step: 'search', done: () => hasSavedSearch(db, userId) });
  if (administers)
    steps.push({
      step: 'colleague',
      done: async () => {
        const [others] = await db
          .select({ n: count() })
          .from(organisationMembers)
          .where(
            and(
              eq(organisationMembers.organisationId, membership.organisationId),
              isNull(organisationMembers.leftAt),
              ne(organisationMembers.userId, userId),
            ),
          );
        if ((others?.n ?? 0) > 0) return true;
        const [invited] = await db
          .select({ n: count() })
          .from(organisationInvitations)
          .where(
            and(
              eq(organisationInvitations.organisationId, membership.organisationId),
              isNull(organisationInvitations.revokedAt),
              isNull(organisationInvitations.acceptedAt),
              gt(organisationInvitations.expiresAt, ctx.now),
            ),
          );
        return (invited?.n ?? 0) > 0;
      },
    });
  return Promise.all(steps.map(async ({ step, done }) => ({ step, done: await done() })));
}

export async function overviewOf(
  ctx: OverviewContext,
  userId: number,
  membership: ActiveMembership,
): Promise<Overview> {
  const handlesIntroductions = memberMay(membership, 'introductions.write');
  const writesConversations = memberMay(membership, 'conversations.write');
  const searches = membership.kind === 'agency' && handlesIntroductions;
  const [introductions, unanswered, moneyTasks, matches, steps] = await Promise.all([
    handlesIntroductions ? introductionTasks(ctx.db, membership, ctx.now) : null,
    writesConversations ? unansweredConversations(ctx.db, membership) : null,
    money(ctx, membership),
    searches
      ? recentSearchMatches(ctx.db, userId, new Date(ctx.now.getTime() - OVERVIEW_NEW_MATCH_DAYS * DAY_MS))
      : null,
    checklist(ctx, userId, membership),
  ]);
  return {
    introductions,
    conversations: unanswered === null ? null : { unanswered },
    money: moneyTasks,
    searches: matches,
    checklist: steps,
  };
}
