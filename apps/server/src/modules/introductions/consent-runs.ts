import { and, asc, eq, isNull, lte, type SQL } from 'drizzle-orm';
import { CONSENT_LINK_DAYS, CONSENT_REMINDER_DAYS } from '@pb/core';
import type { Db } from '../../db/client';
import { introductions, organisations } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { enqueueMail } from '../../services/mail-outbox';
import type { ScheduledJob } from '../../services/scheduler';
import { eachRow, type RunLog } from '../../services/scheduled-rows';
import { endUnconfirmed, isExpired } from './consent';
import { consentExpiry, consentToken, consentUrl, daysBefore } from './consent-link';
import { consentReminderMail, type ConsentRequest } from './consent-mails';
import type { IntroductionRow } from './queries';
import { lockRegister } from './register';
import type { RegisterContext } from './service';

/**
 * The hourly run of open consent requests (issue 35): one reminder CONSENT_REMINDER_DAYS after the
 * request, and the end of the introduction once the link expired (its data deleted at once). Each
 * introduction in a transaction of its own, rechecked under its lock: a candidate answering at
 * the same moment wins or loses cleanly, and one failure does not hold up the rest.
 */

export interface ConsentRunDeps {
  db: Db;
  registerSecret: string;
  publicUrl: string;
  storage?: FileStorage;
  log?: RunLog;
}

/** What the candidate's mails say, with the link derived again from the stored nonce. */
export async function consentRequestOf(
  tx: Db,
  row: Pick<
    IntroductionRow,
    'id' | 'consentNonce' | 'consentRequestedAt' | 'agencyOrganisationId' | 'companyName' | 'jobTitle'
  >,
  deps: { registerSecret: string; publicUrl: string },
): Promise<ConsentRequest> {
  const [agency] =
    row.agencyOrganisationId === null
      ? []
      : await tx
          .select({ name: organisations.name })
          .from(organisations)
          .where(eq(organisations.id, row.agencyOrganisationId));
  return {
    agencyName: agency?.name ?? 'eine Personalvermittlung',
    companyName: row.companyName,
    jobTitle: row.jobTitle,
    url: consentUrl(deps.publicUrl, consentToken(deps.registerSecret, row.id, row.consentNonce ?? '')),
    expiresAt: consentExpiry(row)!,
  };
}

async function pendingIds(db: Db, requestedBefore: Date, extra?: SQL) {
  return db
    .select({ id: introductions.id })
    .from(introductions)
    .where(
      and(eq(introductions.consentState, 'pending'), lte(introductions.consentRequestedAt, requestedBefore), extra),
    )
    .orderBy(asc(introductions.id));
}

export async function remindConsents(deps: ConsentRunDeps, now: Date): Promise<number> {
  const due = await pendingIds(
    deps.db,
    daysBefore(now, CONSENT_REMINDER_DAYS),
    isNull(introductions.consentRemindedAt),
  );
  return eachRow(
    due,
    ({ id }) =>
      deps.db.transaction(async (tx) => {
        const [row] = await tx.select().from(introductions).where(eq(introductions.id, id)).for('update');
        if (!row || row.consentState !== 'pending' || row.consentRemindedAt !== null || row.email === null) return 0;
        if (isExpired(row, now)) return 0;
        await enqueueMail(tx, consentReminderMail(row.email, await consentRequestOf(tx, row, deps)));
        await tx.update(introductions).set({ consentRemindedAt: now, updatedAt: now }).where(eq(introductions.id, id));
        return 1;
      }),
    deps.log,
    'consent reminder',
  );
}

export async function expireConsents(deps: ConsentRunDeps, now: Date): Promise<number> {
  const ctx: RegisterContext = { now, publicUrl: deps.publicUrl, registerSecret: deps.registerSecret };
  const due = await pendingIds(deps.db, daysBefore(now, CONSENT_LINK_DAYS));
  return eachRow(
    due,
    async ({ id }) => {
      const files = await deps.db.transaction(async (tx) => {
        await lockRegister(tx); // lock order everywhere: register, then introduction rows
        const [row] = await tx.select().from(introductions).where(eq(introductions.id, id)).for('update');
        if (!row || row.consentState !== 'pending' || !isExpired(row, now)) return null;
        return endUnconfirmed(tx, row, 'expired', ctx);
      });
      if (files === null) return 0;
      await Promise.all(files.map((key) => deps.storage?.remove(key).catch(() => undefined)));
      return 1;
    },
    deps.log,
    'consent expiry',
  );
}

/** Hourly, once across instances. */
export function consentJob(deps: ConsentRunDeps): ScheduledJob {
  return {
    name: 'candidate-consent',
    period: (now) => now.toISOString().slice(0, 13),
    async run({ now }) {
      await expireConsents(deps, now);
      await remindConsents(deps, now);
    },
  };
}
