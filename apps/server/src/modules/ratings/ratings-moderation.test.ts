import { describe, expect, it } from 'vitest';
import { RATING_MSG, type AdminRatingText, type IntroductionRating } from '@pb/core';
import { createChatUser, type ChatUser } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { addMember } from '../../../test/support/organisation-fixtures';
import type { TestAccount } from '../../../test/support/account-fixtures';
import { ratingCalls } from '../../../test/support/ratings';
import { runTrustFigures } from '../trust';
import { publishedRatingsOf } from './index';

/**
 * The office and the texts of ratings (issue 36): a comment waits for the office, which approves
 * it or rejects it with a reason (audited, the parties told); the rated organisation answers a
 * published comment once, and that answer is moderated too. What everyone sees: the averages from
 * the third rating on, the published comments without rater, introduction or advertisement.
 */

const suite = introductionsSuite();
const { ctx, company, consultant, admin } = suite;
const { view, rate, reply, moderate, section, rated, messageOf, hired } = ratingCalls(suite);

const asAdmin = (user: ChatUser) => ({ jwt: user.token }) as TestAccount;

async function adminList(query = '') {
  const res = await ctx.request({ method: 'GET', url: `/api/admin/ratings${query}`, token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AdminRatingText[] }>().data;
}

async function auditOf(ratingId: number) {
  return ctx.database.query<{ action: string; actor_id: number; after: { state: string; reason: string | null } }>(
    "SELECT action, actor_id, after FROM audit_log WHERE entity = 'rating' AND entity_id = $1 ORDER BY id",
    [String(ratingId)],
  );
}

async function bell(userId: number) {
  return ctx.database.query<{ title: string; body: string; link: string }>(
    'SELECT title, body, link FROM notifications WHERE user_id = $1 ORDER BY id',
    [userId],
  );
}

const organisationOf = async (user: ChatUser) =>
  (
    await ctx.database.query<{ id: number }>(
      'SELECT organisation_id AS id FROM organisation_members WHERE user_id = $1 ORDER BY id LIMIT 1',
      [user.id],
    )
  )[0]!.id;

describe('The office moderates comments and answers', () => {
  it('When the office approves a comment, then the agency reads it and may answer once; the answer waits for the office too', async () => {
    const id = await hired();
    const ratingId = await rated(company, id, {
      communication: 4,
      quality: 5,
      speed: 4,
      comment: 'Schnelle Vorschläge.',
    });
    // Blind until the agency rated too: not even the office has it yet.
    expect((await adminList('?state=pending')).some((t) => t.ratingId === ratingId)).toBe(false);
    await rated(consultant, id);
    // Pending: not for the agency yet, and no answer to it.
    expect((await section(consultant, id)).received).toBeNull();
    const early = await reply(consultant, ratingId, 'Danke!');
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe(RATING_MSG.replyNotAllowed);

    const waiting = (await adminList('?state=pending')).find((t) => t.ratingId === ratingId)!;
    expect(waiting).toMatchObject({
      part: 'comment',
      text: 'Schnelle Vorschläge.',
      state: 'pending',
      author: { memberName: company.username, organisationName: company.username },
      rated: { organisationName: consultant.username },
      introductionId: id,
    });
    const approved = await moderate(admin, ratingId, { part: 'comment', decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ data: AdminRatingText }>().data).toMatchObject({ state: 'approved', rejectionReason: null });
    expect((await auditOf(ratingId)).map((a) => [a.action, a.actor_id, a.after.state])).toEqual([
      ['rating.comment.approve', admin.id, 'approved'],
    ]);
    expect((await bell(consultant.id)).map((n) => n.title)).toContain('Neuer Kommentar zu Ihrer Organisation');
    // Decided once.
    const twice = await moderate(admin, ratingId, { part: 'comment', decision: 'reject', reason: 'Doch nicht.' });
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe(RATING_MSG.nothingToModerate);

    expect((await section(consultant, id)).received).toEqual({
      id: ratingId,
      comment: 'Schnelle Vorschläge.',
      reply: null,
      replyState: null,
      replyRejectionReason: null,
      canReply: true,
    });
    // The rated organisation answers — not the rater, not a stranger.
    expect((await reply(company, ratingId, 'Selbstlob')).statusCode).toBe(404);
    expect((await reply(suite.otherCompany, ratingId, 'Fremd')).statusCode).toBe(404);
    expect((await reply(consultant, ratingId, '   ')).statusCode).toBe(400);
    const answered = await reply(consultant, ratingId, 'Vielen Dank für die gute Zusammenarbeit.');
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json<{ data: IntroductionRating }>().data.received).toMatchObject({
      replyState: 'pending',
      canReply: false,
    });
    const again = await reply(consultant, ratingId, 'Noch einmal.');
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(RATING_MSG.alreadyReplied);

    // A rejection needs its reason.
    const bare = await moderate(admin, ratingId, { part: 'reply', decision: 'reject' });
    expect(bare.statusCode).toBe(400);
    expect(messageOf(bare)).toBe(RATING_MSG.reasonRequired);
    const rejected = await moderate(admin, ratingId, {
      part: 'reply',
      decision: 'reject',
      reason: 'Bitte keine Werbung.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await auditOf(ratingId)).at(-1)).toMatchObject({
      action: 'rating.reply.reject',
      after: { state: 'rejected', reason: 'Bitte keine Werbung.' },
    });
    expect((await section(consultant, id)).received).toMatchObject({
      replyState: 'rejected',
      replyRejectionReason: 'Bitte keine Werbung.',
      canReply: false,
    });
    expect((await bell(consultant.id)).at(-1)).toMatchObject({
      title: 'Ihre Antwort wurde nicht veröffentlicht',
      body: `Kandidatenvorstellung Nr. ${id}: Bitte keine Werbung.`,
    });
    expect((await reply(consultant, ratingId, 'Dritter Versuch.')).statusCode).toBe(409);
  });

  it('When the office rejects a comment, then its author sees why and the other side never sees it', async () => {
    const id = await hired();
    const ratingId = await rated(consultant, id, {
      communication: 1,
      quality: 1,
      speed: 1,
      comment: 'Frau X. war unhöflich.',
    });
    await rated(company, id);
    const res = await moderate(admin, ratingId, {
      part: 'comment',
      decision: 'reject',
      reason: 'Kommentare dürfen keine Personen nennen.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await section(consultant, id)).own).toMatchObject({
      commentState: 'rejected',
      commentRejectionReason: 'Kommentare dürfen keine Personen nennen.',
    });
    const companySide = await view(company, id);
    expect(companySide.json<{ data: IntroductionRating }>().data.received).toBeNull();
    expect(companySide.body).not.toContain('unhöflich');
    expect((await bell(consultant.id)).at(-1)!.title).toBe('Ihr Kommentar wurde nicht veröffentlicht');
    expect(await auditOf(ratingId)).toHaveLength(1);
    // Decided texts are listed, the newest decision first, after the waiting ones.
    const all = await adminList();
    const decided = all.findIndex((t) => t.ratingId === ratingId);
    expect(all.slice(0, decided).every((t) => t.state === 'pending')).toBe(true);
    expect((await adminList('?state=decided'))[0]).toMatchObject({ ratingId, state: 'rejected' });
    expect((await adminList('?state=pending')).some((t) => t.ratingId === ratingId)).toBe(false);
  });

  it('When the list is asked with anything but its one filter, or a moderation names no rating, then a German 400/404', async () => {
    for (const query of ['?state=alle', '?state=pending&sort=id', '?evil=1']) {
      const res = await ctx.request({ method: 'GET', url: `/api/admin/ratings${query}`, token: admin.token });
      expect(res.statusCode, query).toBe(400);
      expect(messageOf(res)).toMatch(/^(Bitte wählen Sie|Unbekanntes Feld)/);
    }
    const missing = await moderate(admin, 999_999, { part: 'comment', decision: 'approve' });
    expect(missing.statusCode).toBe(404);
    expect(messageOf(missing)).toBe(RATING_MSG.notFound);
    const odd = await moderate(admin, 1, { part: 'bewertung', decision: 'approve' });
    expect(odd.statusCode).toBe(400);
  });
});

describe('What everyone sees of an organisation', () => {
  it('When an agency has fewer than three ratings, then only their count; from the third on the averages and the published texts, newest first', async () => {
    const agency = await createChatUser(ctx.app, 'consultant', 'Drei Sterne Personal GmbH');
    const agencyId = await organisationOf(agency);
    const scores = [
      { communication: 5, quality: 4, speed: 4, comment: 'Erster Kommentar.' },
      { communication: 4, quality: 4, speed: 3 },
      { communication: 4, quality: 5, speed: 2, comment: 'Dritter Kommentar.' },
    ];
    const ids: number[] = [];
    for (const [n, score] of scores.entries()) {
      suite.at(new Date(Date.parse('2027-02-10T09:00:00Z') + n * 40 * 86_400_000).toISOString());
      const hire = await hired(company, agency);
      ids.push(await rated(company, hire, score));
      // Blind until the agency rates back (docs/ratings.md); then it counts from the next trust run.
      await rated(agency, hire);
      await runTrustFigures(ctx.app.db, ctx.app.now());
      const published = await publishedRatingsOf(ctx.app.db, agencyId);
      if (n < 2)
        expect(published).toEqual({
          ratings: { count: n + 1, communication: null, quality: null, speed: null },
          comments: [],
        });
    }
    // The scores count once both sides rated; the comments only once the office approved them.
    expect(await publishedRatingsOf(ctx.app.db, agencyId)).toEqual({
      ratings: { count: 3, communication: 4.33, quality: 4.33, speed: 3 },
      comments: [],
    });
    await moderate(admin, ids[0]!, { part: 'comment', decision: 'approve' });
    await moderate(admin, ids[2]!, { part: 'comment', decision: 'approve' });
    const answered = await reply(agency, ids[0]!, 'Gerne wieder.');
    expect(answered.statusCode, answered.body).toBe(201);
    const pendingAnswer = await publishedRatingsOf(ctx.app.db, agencyId);
    expect(pendingAnswer.comments).toEqual([
      { id: ids[2], month: 'Mai 2027', comment: 'Dritter Kommentar.', reply: null },
      { id: ids[0], month: 'Februar 2027', comment: 'Erster Kommentar.', reply: null },
    ]);
    await moderate(admin, ids[0]!, { part: 'reply', decision: 'approve' });
    const shown = await publishedRatingsOf(ctx.app.db, agencyId);
    expect(shown.comments[1]).toEqual({
      id: ids[0],
      month: 'Februar 2027',
      comment: 'Erster Kommentar.',
      reply: 'Gerne wieder.',
    });
    // Never who rated, which introduction or which advertisement.
    const text = JSON.stringify(shown);
    for (const hidden of [company.username, 'introduction', 'Koch', 'rater', String(company.id)]) {
      expect(text).not.toContain(hidden);
    }
  });
});

describe('Deleted accounts and the data export', () => {
  it("When a member who rated deletes the account, then the rating stays the organisation's as 'Gelöschtes Konto'; before that the export holds it", async () => {
    const hotel = await createChatUser(ctx.app, 'company', 'Löschhotel GmbH');
    const member = await addMember(ctx, asAdmin(hotel), 'Lena Loeschbar', 'recruiting');
    const me = (await ctx.request({ method: 'GET', url: '/api/users/me', token: member.jwt })).json<{ id: number }>();
    const id = await hired(hotel);
    const ratingId = await rated({ token: member.jwt }, id, {
      communication: 3,
      quality: 3,
      speed: 3,
      comment: 'Ordentlich.',
    });

    const { collectAccountData } = await import('../data-export/contents');
    const exported = await collectAccountData(ctx.app.db, ctx.app.storage, me.id, ctx.app.now());
    const file = exported!.json.find((f) => f.name === 'bewertungen.json');
    await rated(consultant, id);
    expect(file?.value).toMatchObject({
      bewertungen: [{ bewertungNr: ratingId, vorstellungNr: id, kommentar: 'Ordentlich.', kommentarStatus: 'pending' }],
      antworten: [],
    });

    const deleted = await ctx.request({ method: 'DELETE', url: `/api/users/${me.id}`, token: member.jwt });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await ctx.database.query<{ rater_user_id: number | null; rater_name: string }>(
      'SELECT rater_user_id, rater_name FROM ratings WHERE id = $1',
      [ratingId],
    );
    expect(row).toEqual({ rater_user_id: null, rater_name: 'Gelöschtes Konto' });
    expect((await section(hotel, id)).own).toMatchObject({ communication: 3, comment: 'Ordentlich.' });
    expect((await adminList('?state=pending')).find((t) => t.ratingId === ratingId)!.author.memberName).toBe(
      'Gelöschtes Konto',
    );
    // The organisation's side has rated: nobody of it rates that introduction again.
    expect((await rate(hotel, id)).statusCode).toBe(409);
  });
});
