import type { Db } from '../../db/client';
import { handOverConversations } from '../chat';
import { handOverIntroductions } from '../introductions';
import { handOverAdvertisements } from '../jobs';

/**
 * A leaving member's work goes to the successor in the same transaction (issue 31): nothing the
 * organisation owns is lost, and the person who left keeps no access through being a party. The
 * company's advertisements name the successor as contact person; the member's conversations and
 * introductions name the successor as the one who handles them (introductions with a register entry).
 */
export async function handOverWork(
  tx: Db,
  input: Parameters<typeof handOverIntroductions>[1],
): Promise<{ advertisements: number; conversations: number; introductions: number }> {
  const move = { organisationId: input.organisationId, fromUserId: input.fromUserId, toUserId: input.to.userId };
  const advertisements = input.kind === 'company' ? await handOverAdvertisements(tx, move) : 0;
  const conversations = await handOverConversations(tx, { ...move, kind: input.kind });
  const introductions = await handOverIntroductions(tx, { ...input });
  return { advertisements, conversations, introductions };
}
