import { and, eq, sql } from 'drizzle-orm';
import {
  formatDate,
  termsEffectiveAt,
  termsLastDayText,
  TERMS_MSG,
  type TermsDecision,
  type TermsVersionRequest,
} from '@pb/core';
import type { Db } from '../../db/client';
import { organisations, organisationTerms, termsVersions } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import type { CurrentUser } from '../../services/auth';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import { createNotifications } from '../../services/notifications/centre';
import { isUniqueViolation } from '../accounts';
import type { ActingMember } from '../organisations';
import { administratorsToTell } from './queries';

/**
 * The terms' commands (issue 31, spec §9). Publishing tells every administrator of every
 * organisation whose contract runs, by mail (always: a change of contract) and in the bell, in the
 * transaction that publishes. A decision is recorded once per organisation and version.
 */

const ORGANISATION_TERMS_LINK = '/advertisements/organisation#agb';

export async function publishTermsVersion(
  db: Db,
  actor: Pick<CurrentUser, 'id' | 'email'>,
  input: TermsVersionRequest,
  context: { now: Date; publicUrl: string },
): Promise<{ id: number; told: number }> {
  // The name is unique regardless of case (index of 0039): two offices publishing the same name at
  // once meet there, and the loser's transaction — mails included — is rolled back.
  return db
    .transaction(async (tx) => {
      const effectiveAt = termsEffectiveAt(context.now);
      const [version] = await tx
        .insert(termsVersions)
        .values({ ...input, publishedAt: context.now, effectiveAt, publishedBy: actor.id })
        .returning({ id: termsVersions.id });
      const administrators = await administratorsToTell(tx);
      const lastDay = termsLastDayText(effectiveAt);
      const applies = formatDate(effectiveAt.toISOString());
      const title = `Neue AGB: ${input.version}`;
      const body = `Die AGB der Prämienbörse ändern sich: Ihre Organisation kann bis einschließlich ${lastDay} widersprechen; ohne Widerspruch gilt die neue Fassung ab ${applies}.`;
      for (const admin of administrators) {
        const paragraphs = [
          `Guten Tag ${admin.username},`,
          `die Prämienbörse hat eine neue Fassung ihrer Allgemeinen Geschäftsbedingungen veröffentlicht: „${input.version}“. Das ändert sich:`,
          input.summary,
          `Als Administrator von „${admin.organisationName}“ können Sie bis einschließlich ${lastDay} widersprechen. Ein Widerspruch beendet den Vertrag Ihrer Organisation mit Ablauf dieses Tages; bestehende Vermittlungen, Ansprüche und Rechnungen bleiben davon unberührt. Ohne Widerspruch gilt die neue Fassung ab ${applies}.`,
        ];
        const link = `${context.publicUrl}${ORGANISATION_TERMS_LINK}`;
        await enqueueMail(tx, {
          event: 'terms.published',
          to: admin.email,
          subject: `Änderung der AGB der Prämienbörse – Widerspruch bis ${lastDay} möglich`,
          text: [...paragraphs, link].join('\n\n'),
          html: simpleHtml(paragraphs, { href: link, label: 'Neue Fassung ansehen' }),
        });
      }
      await createNotifications(
        tx,
        administrators.map((admin) => ({
          userId: admin.userId,
          kind: 'terms' as const,
          title,
          body,
          link: ORGANISATION_TERMS_LINK,
        })),
        context.now,
        { mail: false },
      );
      await recordAudit(tx, actor, {
        action: 'terms.published',
        entity: 'terms_version',
        entityId: version!.id,
        after: { ...input, effectiveAt, told: administrators.length },
      });
      return { id: version!.id, told: administrators.length };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(TERMS_MSG.versionTaken) : error;
    });
}

/**
 * An administrator accepts a version or objects to it, before it applies. An objection ends the
 * organisation's contract on the version's effective date (the earlier end stays).
 */
export async function decideTerms(
  db: Db,
  member: ActingMember,
  versionId: number,
  decision: TermsDecision,
  now: Date,
): Promise<void> {
  const { organisationId } = member.organisation;
  await db.transaction(async (tx) => {
    // One decision per organisation: two administrators at once are serialised here.
    await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for('update');
    const [version] = await tx
      .select()
      .from(termsVersions)
      .where(and(eq(termsVersions.id, versionId), sql`${termsVersions.publishedAt} <= ${now}`));
    if (!version) throw notFound(TERMS_MSG.notFound);
    const [decided] = await tx
      .select({ id: organisationTerms.id })
      .from(organisationTerms)
      .where(
        and(eq(organisationTerms.organisationId, organisationId), eq(organisationTerms.termsVersionId, versionId)),
      );
    if (decided) throw conflict(TERMS_MSG.alreadyDecided);
    if (version.effectiveAt.getTime() <= now.getTime()) throw conflict(TERMS_MSG.objectionClosed);
    await tx.insert(organisationTerms).values({
      organisationId,
      termsVersionId: versionId,
      decision,
      decidedAt: now,
      decidedBy: member.id,
    });
    if (decision === 'objected') {
      await tx
        .update(organisations)
        .set({
          contractEndsAt: sql`least(coalesce(${organisations.contractEndsAt}, ${version.effectiveAt}), ${version.effectiveAt})`,
        })
        .where(eq(organisations.id, organisationId));
    }
    await recordAudit(tx, member, {
      action: decision === 'objected' ? 'terms.objected' : 'terms.accepted',
      entity: 'organisation',
      entityId: organisationId,
      after: { termsVersionId: versionId, version: version.version, effectiveAt: version.effectiveAt },
    });
  });
}
