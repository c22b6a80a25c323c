import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations, ratings } from '../../db/schema';

/**
 * A person's ratings and answers for their data export (DSGVO Art. 15/20): what they wrote, with the
 * organisation it was about and what the office decided — not the other side's identity beyond the
 * organisation's name, which they saw when writing.
 */
export async function ratingsWrittenBy(db: Pick<Db, 'select'>, userId: number) {
  const written = await db
    .select({ rating: ratings, ratedName: organisations.name })
    .from(ratings)
    .innerJoin(organisations, eq(organisations.id, ratings.ratedOrganisationId))
    .where(eq(ratings.raterUserId, userId))
    .orderBy(ratings.id);
  const answered = await db
    .select({ rating: ratings })
    .from(ratings)
    .where(eq(ratings.replyBy, userId))
    .orderBy(ratings.id);
  return {
    bewertungen: written.map(({ rating, ratedName }) => ({
      bewertungNr: rating.id,
      vorstellungNr: rating.introductionId,
      bewerteteOrganisation: ratedName,
      kommunikation: rating.communication,
      qualitaet: rating.quality,
      schnelligkeit: rating.speed,
      kommentar: rating.comment,
      kommentarStatus: rating.commentState,
      kommentarAblehnungsgrund: rating.commentRejectionReason,
      abgegebenAm: rating.createdAt.toISOString(),
    })),
    antworten: answered.map(({ rating }) => ({
      bewertungNr: rating.id,
      vorstellungNr: rating.introductionId,
      antwort: rating.reply,
      status: rating.replyState,
      ablehnungsgrund: rating.replyRejectionReason,
      geschriebenAm: rating.replyAt?.toISOString() ?? null,
    })),
  };
}
