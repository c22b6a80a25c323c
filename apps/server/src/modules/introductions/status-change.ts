import {
  canChangeIntroductionStatus,
  CONSENT_ENDED_UNCONFIRMED,
  CONSENT_MSG,
  INTRODUCTION_MSG,
  mayMoveIntroduction,
  type IntroductionStatus,
  type RejectionReason,
} from '@pb/core';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { endUnconfirmed } from './consent';
import { cancelOpenInterviews } from './interview-changes';
import type { InterviewContext } from './interview-parts';

const INTERVIEW_END_REASON = {
  abgesagt: 'Das Unternehmen hat die Vorstellung endgültig abgesagt.',
  eingestellt: 'Das Unternehmen hat die Kandidatin bzw. den Kandidaten eingestellt.',
} as const;
import { authorizeIntroductionCompany } from './policy';
import { lockRegister } from './register';
import { lockIntroduction, moveIntroduction, type Caller, type IntroductionOutcome } from './service';

/** The company moves an introduction along its stages ('abgesagt' with a reason). */
export async function changeIntroductionStatus(
  db: Db,
  company: Caller,
  id: number,
  change: { status: IntroductionStatus; reason?: string | undefined; reasonCategory?: RejectionReason | undefined },
  ctx: InterviewContext,
): Promise<IntroductionOutcome> {
  return db.transaction(async (tx) => {
    await lockRegister(tx); // lock order everywhere: register, then introduction rows
    const row = authorizeIntroductionCompany(company, await lockIntroduction(tx, id));
    if (!mayMoveIntroduction(row.status, change.status, row.consentState)) {
      if (CONSENT_ENDED_UNCONFIRMED.includes(row.consentState)) throw conflict(CONSENT_MSG.endedUnconfirmed);
      if (row.consentState === 'pending' && canChangeIntroductionStatus(row.status, change.status)) {
        throw conflict(CONSENT_MSG.notYetConfirmed);
      }
      throw conflict(INTRODUCTION_MSG.invalidTransition);
    }
    const reason = change.status === 'abgesagt' ? (change.reason?.trim() ?? null) : null;
    const reasonCategory = change.status === 'abgesagt' ? change.reasonCategory : undefined;
    const revived = await moveIntroduction(tx, row, { status: change.status, reason, reasonCategory }, ctx);
    // A final rejection (or the hire) ends any interview still open.
    if (change.status === 'abgesagt' || change.status === 'eingestellt') {
      await cancelOpenInterviews(tx, row, 'company', INTERVIEW_END_REASON[change.status], ctx);
    }
    // Rejected from the profile alone: the candidate's answer is no longer needed, their data go now.
    const removeFiles =
      change.status === 'abgesagt' && row.consentState === 'pending'
        ? await endUnconfirmed(tx, row, 'cancelled', ctx)
        : [];
    return { introductionId: row.id, message: null, revived, removeFiles };
  });
}
