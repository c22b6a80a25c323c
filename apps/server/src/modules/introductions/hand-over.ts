import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { introductions } from '../../db/schema';
import { appendRegisterEntry, lockRegister } from './register';

/**
 * A leaving member's introductions go to the successor (issue 31 hand-over): on the member's side
 * of every introduction of the organisation the successor becomes the member who handles it (whom
 * notices reach), and the register records 'übergeben an' (who, to whom, when), so the
 * verification replays the change instead of calling it tampering. Closed introductions move too:
 * a revived claim or a late report still needs someone to tell. Access never depended on it — the
 * organisation's members see its introductions. Inside the caller's transaction; answers how many moved.
 */
export async function handOverIntroductions(
  tx: Db,
  input: {
    organisationId: number;
    kind: 'company' | 'agency';
    fromUserId: number;
    to: { userId: number; name: string };
    now: Date;
    registerSecret: string;
  },
): Promise<number> {
  await lockRegister(tx);
  const side = input.kind === 'agency' ? 'consultant' : 'company';
  const ofOrganisation =
    input.kind === 'agency'
      ? eq(introductions.agencyOrganisationId, input.organisationId)
      : eq(introductions.companyOrganisationId, input.organisationId);
  const party = side === 'consultant' ? introductions.consultantId : introductions.companyId;
  const moved = await tx
    .update(introductions)
    .set(
      side === 'consultant'
        ? { consultantId: input.to.userId, updatedAt: input.now }
        : { companyId: input.to.userId, updatedAt: input.now },
    )
    .where(and(eq(party, input.fromUserId), ofOrganisation))
    .returning({ id: introductions.id });
  // The register in introduction order, like every other command that appends for several.
  for (const { id } of moved.sort((a, b) => a.id - b.id)) {
    await appendRegisterEntry(tx, input.registerSecret, {
      introductionId: id,
      kind: 'handed_over',
      at: input.now,
      data: { side, fromUserId: input.fromUserId, toUserId: input.to.userId },
      note: `Übergeben an ${input.to.name}`,
    });
  }
  return moved.length;
}
