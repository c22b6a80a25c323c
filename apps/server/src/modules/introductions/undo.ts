import { desc, eq } from 'drizzle-orm';
import {
  INTRODUCTION_MSG,
  INTRODUCTION_STATUS_LABELS,
  INTRODUCTION_STATUSES,
  STATUS_UNDO_SECONDS,
  UNDOABLE_STATUSES,
  type IntroductionStatus,
} from '@pb/core';
import { introductionEvents, introductions } from '../../db/schema';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { createNotifications } from '../../services/notifications/centre';
import { authorizeIntroductionCompany } from './policy';
import { appendRegisterEntry, lockRegister } from './register';
import { lockIntroduction, type Caller, type IntroductionOutcome, type RegisterContext } from './service';

/**
 * 'Rückgängig' after a stage change (issue 32): the company takes back its last move within the
 * selection (In Prüfung, Interview, Angebot) in the first seconds, as long as nothing else happened
 * since. Nothing is erased: the register keeps the move and appends 'status_undone' naming the entry
 * it takes back, and the agency is told. An undone move does not count as a commitment that ends the
 * 'Bereits bekannt' window (committedInRegister).
 */

const isStatus = (value: unknown): value is IntroductionStatus =>
  typeof value === 'string' && (INTRODUCTION_STATUSES as readonly string[]).includes(value);

export async function undoStatusChange(
  db: Db,
  company: Caller,
  id: number,
  ctx: RegisterContext,
): Promise<IntroductionOutcome> {
  return db.transaction(async (tx) => {
    await lockRegister(tx); // lock order everywhere: register, then introduction rows
    const row = authorizeIntroductionCompany(company, await lockIntroduction(tx, id));
    const [last] = await tx
      .select({ id: introductionEvents.id, kind: introductionEvents.kind, content: introductionEvents.content })
      .from(introductionEvents)
      .where(eq(introductionEvents.introductionId, row.id))
      .orderBy(desc(introductionEvents.id))
      .limit(1);
    const moved = last?.kind === 'status' ? last.content : null;
    const to = moved?.['status'];
    const from = moved?.['from'];
    const at = typeof moved?.['at'] === 'string' ? Date.parse(moved['at']) : Number.NaN;
    const undoable =
      last !== undefined &&
      isStatus(to) &&
      isStatus(from) &&
      UNDOABLE_STATUSES.includes(to) &&
      from !== 'abgesagt' &&
      row.status === to &&
      ctx.now.getTime() - at <= STATUS_UNDO_SECONDS * 1000;
    if (!undoable) throw conflict(INTRODUCTION_MSG.undoNotPossible);

    await tx
      .update(introductions)
      .set({ status: from, statusChangedAt: ctx.now, statusNote: null, updatedAt: ctx.now })
      .where(eq(introductions.id, row.id));
    await appendRegisterEntry(tx, ctx.registerSecret, {
      introductionId: row.id,
      kind: 'status_undone',
      at: ctx.now,
      data: { status: from, undoes: last.id },
    });
    if (row.consultantId !== null) {
      await createNotifications(
        tx,
        [
          {
            userId: row.consultantId,
            kind: 'introduction',
            title: 'Vorstellung: Statuswechsel zurückgenommen',
            body: `Kandidatenvorstellung Nr. ${row.id} zu „${row.jobTitle}“ steht wieder auf „${INTRODUCTION_STATUS_LABELS[from]}“.`,
            link: `/advertisements/introductions/${row.id}`,
          },
        ],
        ctx.now,
        { mail: false },
      );
    }
    return { introductionId: row.id, message: null, revived: false };
  });
}
