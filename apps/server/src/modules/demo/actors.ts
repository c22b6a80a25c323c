import { and, eq, like } from 'drizzle-orm';
import type { ActiveMembership } from '@pb/core';
import type { Db } from '../../db/client';
import { jobs, users } from '../../db/schema';
import { activeMembershipById, latestMembershipOf } from '../../services/memberships';
import { storeFile, writeMessage, type ConversationRow, type MessageContext, type NewMessage } from '../chat';
import { DEMO_DOMAIN } from './seed';

/** The demo's people as the activity acts for them: the founders of the demo companies and agencies. */

export interface Actor {
  id: number;
  role: 'company' | 'consultant';
  username: string;
  email: string;
  tokenVersion: number;
  /** The founder's organisation (of one) the actor acts for. */
  organisation: ActiveMembership | null;
}

export async function demoActors(db: Db): Promise<{ companies: Actor[]; consultants: Actor[] }> {
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      username: users.username,
      email: users.email,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(like(users.email, `%@${DEMO_DOMAIN}`))
    .orderBy(users.email);
  const pick = async (prefix: string, role: Actor['role']): Promise<Actor[]> =>
    Promise.all(
      rows
        .filter((r) => r.email.startsWith(prefix))
        .sort((a, b) => a.email.localeCompare(b.email, 'en', { numeric: true }))
        .map(async (r) => ({
          id: r.id,
          role,
          username: r.username,
          email: r.email,
          tokenVersion: r.tokenVersion,
          organisation: await activeMembershipById(db, await latestMembershipOf(db, r.id)),
        })),
    );
  return { companies: await pick('firma', 'company'), consultants: await pick('berater', 'consultant') };
}

/** A message of the demo's history, written as every message is (files stored first). */
export async function post(
  db: Db,
  sender: Actor,
  conversation: ConversationRow,
  input: NewMessage,
  ctx: MessageContext,
) {
  const stored = await Promise.all(input.files.map((file) => storeFile(ctx.storage, file)));
  await db.transaction((tx) => writeMessage(tx, sender, conversation, { text: input.text, stored }, ctx));
}

export async function jobOf(db: Db, owner: Actor, title: string): Promise<number> {
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.ownerId, owner.id), eq(jobs.jobTitle, title)))
    .limit(1);
  if (!job) throw new Error(`demo activity: no advertisement '${title}' of ${owner.username}`);
  return job.id;
}
