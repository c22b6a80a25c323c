import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MSG } from '@pb/core';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { alertsSuite } from '../../../test/support/alerts-suite';
import { unsubscribeToken } from '../../services/notifications/unsubscribe';

/**
 * Issue 13 through the API on PGlite and PostgreSQL: batching of the match mails, unsubscribe tokens, and
 * the chat notices (batched, never the text in the bell, app-only stops the mails).
 */

let clock = new Date();
const { ctx, consultant, other, publish, saved, list, work } = alertsSuite(() => clock);

describe('mails', () => {
  it('When matches come in, then the first mail goes at once, later ones wait for 10 minutes and come batched, with one-click unsubscribe headers', async () => {
    const reader = await createUser(ctx, { role: 'consultant', username: 'Mail Leserin' });
    await saved(reader, 'Mailtest', { q: 'mailtest' });
    await publish({ jobTitle: 'Mailtest eins' });
    await work();
    await ctx.deliverMail();
    const first = ctx.smtp.messages.filter((m) => m.to.includes(reader.email));
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('Ein neues passendes Inserat');
    expect(first[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(first[0]!.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=/,
    );

    await publish({ jobTitle: 'Mailtest zwei' });
    await publish({ jobTitle: 'Mailtest drei' });
    await work();
    await ctx.deliverMail();
    expect(ctx.smtp.messages.filter((m) => m.to.includes(reader.email))).toHaveLength(1);
    const saved10 = clock;
    clock = new Date(clock.getTime() + 10 * 60_000 + 1000);
    try {
      await work();
      await ctx.deliverMail();
    } finally {
      clock = saved10;
    }
    const all = ctx.smtp.messages.filter((m) => m.to.includes(reader.email));
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toBe('2 neue passende Inserate');
    expect(all[1]!.text).toContain('Mailtest zwei');
    expect(all[1]!.text).toContain('Mailtest drei');

    // one click, no login: no more mails of this kind; the bell still rings
    const url = /<([^>]+)>/.exec(all[1]!.headers['list-unsubscribe']!)![1]!;
    const path = url.replace('http://localhost:3000', '');
    const click = await ctx.request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode, click.body).toBe(200);
    expect(click.json().data).toMatchObject({ kind: 'search_match', unsubscribed: true });
    clock = new Date(clock.getTime() + 30 * 60_000);
    await publish({ jobTitle: 'Mailtest vier' });
    await work();
    await ctx.deliverMail();
    expect(ctx.smtp.messages.filter((m) => m.to.includes(reader.email))).toHaveLength(2);
    expect((await list(reader)).items[0]!.body).toBe('Mailtest vier');
  });

  it('When an unsubscribe token is forged or changed to another user or kind, then it is refused and nothing changes', async () => {
    const secret = ctx.config.jwtSecret;
    const valid = unsubscribeToken(secret, consultant.id, 'bonus_rise');
    const [, , sig] = valid.split('.');
    for (const token of [
      `${other.id}.bonus_rise.${sig}`,
      `${consultant.id}.search_match.${sig}`,
      unsubscribeToken('another-secret-another-secret-xx', consultant.id, 'bonus_rise'),
      'garbage',
      `${consultant.id}.unknown_kind.${sig}`,
    ]) {
      const res = await ctx.request({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(NOTIFICATION_MSG.unsubscribeInvalid);
    }
    const settings = await ctx.request({ method: 'GET', url: '/api/notification-settings', token: other.token });
    expect(settings.json().data.bonus_rise).toBe('app_mail');
    const view = await ctx.request({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(valid)}`,
    });
    expect(view.json().data).toMatchObject({ kind: 'bonus_rise', unsubscribed: false });
  });
});

describe('chat notices', () => {
  const contact = (user: TestUser, advertisement: number, message: string) =>
    ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: user.token,
      payload: { advertisement, message },
    });

  it('When messages arrive in two conversations within 10 minutes, then the second notice waits and comes batched; the bell never shows the text; app-only stops the mails', async () => {
    const boss = await createUser(ctx, { role: 'company', username: 'Chatfirma GmbH' });
    const ad = async (title: string) =>
      (
        await ctx.request({
          method: 'POST',
          url: '/api/jobs',
          token: boss.token,
          payload: { data: jobData({ jobTitle: title }) },
        })
      ).json().data.id as number;
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect((await contact(consultant, await ad('Chat eins'), 'Geheimer Inhalt eins')).statusCode).toBe(201);
    expect((await contact(other, await ad('Chat zwei'), 'Geheimer Inhalt zwei')).statusCode).toBe(201);
    await work();
    await ctx.deliverMail();
    const toBoss = () => ctx.smtp.messages.filter((m) => m.to.includes(boss.email));
    expect(toBoss().map((m) => m.subject)).toEqual(["Neue Nachricht zu 'Chat eins'"]);
    expect(toBoss()[0]!.headers['list-unsubscribe']).toContain('/api/notifications/unsubscribe?token=');
    const bell = await list(boss);
    expect(bell.items.map((n) => n.title)).toEqual([
      'Neue Nachricht von Zweite Beratung',
      'Neue Nachricht von Sabine Recruiting',
    ]);
    expect(JSON.stringify(bell)).not.toContain('Geheimer Inhalt');

    clock = new Date(clock.getTime() + 11 * 60_000);
    await work();
    await ctx.deliverMail();
    expect(toBoss().map((m) => m.subject)).toEqual(["Neue Nachricht zu 'Chat eins'", 'Eine neue Chat-Nachricht']);

    await ctx.request({
      method: 'PUT',
      url: '/api/notification-settings',
      token: boss.token,
      payload: { data: { chat_message: 'app' } },
    });
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect((await contact(consultant, await ad('Chat drei'), 'Noch eine')).statusCode).toBe(201);
    await work();
    await ctx.deliverMail();
    expect(toBoss()).toHaveLength(2);
    expect((await list(boss)).unread).toBe(3);
  });
});
