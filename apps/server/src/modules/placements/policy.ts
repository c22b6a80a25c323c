import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatCommunications } from '../../db/schema';

/**
 * Who may report a placement on an advertisement as a consultant
 * (docs/decisions/0015-placement-objection.md): only a consultant who is in
 * touch with the company about that very advertisement. Today that is a
 * conversation (a chat_communications row for job and consultant).
 */

/** Db or a transaction handle: the check runs inside the report's transaction. */
type Queryable = Pick<Db, 'select'>;

export async function mayReportPlacement(db: Queryable, consultantId: number, jobId: number): Promise<boolean> {
  const [conversation] = await db
    .select({ id: chatCommunications.id })
    .from(chatCommunications)
    .where(and(eq(chatCommunications.jobId, jobId), eq(chatCommunications.consultantId, consultantId)))
    .limit(1);
  if (conversation) return true;
  // Seam: once introductions exist, a consultant who introduced a candidate for this job may report too:
  // return hasIntroduction(db, consultantId, jobId);
  return false;
}
