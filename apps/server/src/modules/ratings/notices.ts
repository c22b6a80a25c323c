import { formatDeadline, memberMay, type ActiveMembership, type ModerationState } from '@pb/core';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveMemberIdsOf, liveMembersOf } from '../../services/memberships';
import { createNotifications, type NewNotification } from '../../services/notifications/centre';
import { memberRolesSql } from '../../services/policies';
import { RATING_PERMISSION } from './policy';
import type { RatingRow } from './presenter';

/**
 * What the parties hear of the office's decisions (the bell, mailed as the 'introduction' kind's
 * setting says): the rated organisation's members who may answer when a comment about it is
 * published, the author when their comment or answer was not published (with the office's reason).
 */

const mayAnswer = (kind: SQL, role: SQL): SQL =>
  memberRolesSql(kind, role, (m) => memberMay(m as Pick<ActiveMembership, 'kind' | 'role'>, RATING_PERMISSION));

/**
 * The first rating of an introduction: the other side's members who may rate hear that it was given
 * (never its scores) and until when they may rate — then both count at once.
 */
export async function otherSideRatedNotices(
  tx: Db,
  introductionId: number,
  ratedOrganisationId: number,
  until: Date,
  now: Date,
): Promise<void> {
  // Organisations sharing a person never rate each other (eligibility), so no rater is asked here.
  const members = await liveMembersOf(tx, [ratedOrganisationId], mayAnswer);
  const entries: NewNotification[] = members.map(({ userId }) => ({
    userId,
    kind: 'introduction',
    title: 'Die andere Seite hat bewertet',
    body: `Kandidatenvorstellung Nr. ${introductionId}: Die andere Seite hat bewertet. Bitte bewerten Sie die Zusammenarbeit bis ${formatDeadline(until)}: Dann zählen beide Bewertungen gleichzeitig, und keine Seite sieht die andere vorher. Ohne Ihre Bewertung zählt die der anderen Seite ab dann allein.`,
    link: `/advertisements/introductions/${introductionId}`,
  }));
  await createNotifications(tx, entries, now);
}

export async function moderationNotices(
  tx: Db,
  rating: RatingRow,
  part: 'comment' | 'reply',
  state: Exclude<ModerationState, 'pending'>,
  reason: string | null,
  now: Date,
): Promise<void> {
  const link = `/advertisements/introductions/${rating.introductionId}`;
  const about = `Kandidatenvorstellung Nr. ${rating.introductionId}`;
  const entries: NewNotification[] = [];
  if (part === 'comment' && state === 'approved') {
    const members = await liveMembersOf(tx, [rating.ratedOrganisationId], mayAnswer);
    for (const { userId } of members) {
      entries.push({
        userId,
        kind: 'introduction',
        title: 'Neuer Kommentar zu Ihrer Organisation',
        body: `${about}: Ein Kommentar zu Ihrer Organisation wurde veröffentlicht. Sie können einmal darauf antworten.`,
        link,
      });
    }
  }
  if (state === 'rejected') {
    const author = part === 'comment' ? rating.raterUserId : rating.replyBy;
    // Only to a person who still acts for the organisation that wrote it.
    const writer = part === 'comment' ? rating.raterOrganisationId : rating.ratedOrganisationId;
    if (author !== null && (await liveMemberIdsOf(tx, [writer])).includes(author)) {
      entries.push({
        userId: author,
        kind: 'introduction',
        title:
          part === 'comment' ? 'Ihr Kommentar wurde nicht veröffentlicht' : 'Ihre Antwort wurde nicht veröffentlicht',
        body: `${about}: ${reason ?? ''}`.trim(),
        link,
      });
    }
  }
  await createNotifications(tx, entries, now);
}
