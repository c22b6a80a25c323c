import type { FastifyPluginAsync } from 'fastify';
import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { localOnly } from '../../lib/loopback';
import { escapeHtml } from '../../services/mail-outbox';

/**
 * Development mailbox: every queued mail, newest first, with clickable links, so a
 * new user can confirm an account without an SMTP server. Never registered in production.
 * It holds every reset link, so it answers only requests from this machine itself (the
 * socket's address, never X-Forwarded-For; nothing that came through a proxy, lib/loopback):
 * anyone else gets the ordinary 404.
 */
export const devMailRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', localOnly(app.config.trustProxy));
  app.get('/dev/mail', { config: { policy: 'visitor' }, schema: { hide: true } }, async (_request, reply) => {
    const rows = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
    const items = rows
      .map((m) => {
        const text = escapeHtml(m.textBody).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
        return `<article class="mail"><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">An: <strong>${escapeHtml(m.toAddress)}</strong>${m.replyTo ? ` · Antwort an: ${escapeHtml(m.replyTo)}` : ''} · ${m.createdAt.toISOString()} · Status: ${m.status}</p>
<pre>${text}</pre>${
          m.calendar
            ? `<details><summary>Kalendereintrag (.ics, ${escapeHtml(m.calendar.method)})</summary><pre>${escapeHtml(m.calendar.content)}</pre></details>`
            : ''
        }</article>`;
      })
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Entwicklungs-Postfach</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem}.mail{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#666;font-size:.9rem}pre{white-space:pre-wrap;font-family:inherit}</style>
</head><body><h1>Entwicklungs-Postfach</h1><p>Ohne <code>SMTP_URL</code> werden E-Mails hier angezeigt statt versendet.</p>${items || '<p>Noch keine E-Mails.</p>'}</body></html>`;
  });

  app.get('/dev/mail.json', { config: { policy: 'visitor' }, schema: { hide: true } }, async () => {
    const rows = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
    return { data: rows };
  });
};
