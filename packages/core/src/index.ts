/**
 * @pb/core — the one definition of the API contract and the rules server and web share.
 * Each feature's contract (request schemas, response schemas and types, limits, texts):
 *   two-factor.ts  second factors (TOTP, recovery codes, passkeys), the sign-in challenge, sessions
 *   accounts.ts    registration, login, passwords, profile, profile image, e-mail change; AuthUser, OwnUser, PublicConsultant;
 *                  account-forms.ts: the web's auth forms (their ordered rules and field messages)
 *   jobs.ts        advertisements: Job, attachments, bonus history, publish/update body (jobDataSchema)
 *   placements.ts  placement reports: request, statuses and transitions, objection, company view
 *   chat.ts        conversations and messages (REST and Socket.IO)
 *   realtime.ts    the server's Socket.IO events to open tabs (RealtimeEvents)
 *   districts.ts   districts: list shape and back-office edits
 *   contact.ts     the contact form
 *   organisations.ts organisations: kinds, member roles, legal forms, Firmenbuch/UID check digits, invitations;
 *                  member-permissions.ts: what each member role may do (memberMay), the active membership;
 *                  organisation-profiles.ts: the public profile (description, services, logo, directory);
 *                  organisation-checks.ts: the back office's 'geprüft' marks (FN, UID, GISA) and its organisation pages;
 *                  terms.ts: terms versions, an organisation's acceptance or objection (six weeks)
 *   admin.ts       back office: dashboard, users, reports, contact messages, audit log
 *   system.ts      health checks, public site settings
 *   http.ts        envelopes: Collection, Single, Pagination, ApiErrorBody; query-string.ts: Strapi-style query strings
 *   data-export.ts 'Meine Daten herunterladen' (DSGVO Art. 15/20): request, state, download token
 *   billing.ts     salary facts, invoices, earnings; guarantee.ts: guarantee claims and their window;
 *                  fees.ts: the fee sheet and the salary text parser (cents, no schemas: the landing page and
 *                  the browser use it); uid.ts: EU VAT number syntax
 *                  payments.ts, dunning.ts, payouts.ts: money in (RF, camt), reminders, money out (credit notes, batches)
 *                  circumvention-cases.ts: the office's case on an 'Umgehungsverdacht' (hearing, decision, penalty);
 *                  accounting-export.ts: the monthly booking export (BMD NTCS, DATEV), its accounts and tax codes
 *   trust.ts       figures from the register (company responsiveness, agency track records); ratings.ts: ratings
 *                  and their moderation; working-hours.ts: Austrian office hours (08–18 on working days)
 *   alerts.ts      saved searches, watched advertisements, the browser's filters; notifications.ts: the notification centre
 * Shared building blocks: constants.ts (limits), messages.ts (MSG texts and the feature texts pages
 * show outside their forms: CHAT_MSG, PLACEMENT_OBJECTION_MSG, ALERT_MSG), input.ts (PostgreSQL-safe
 * input rules), roles.ts, files.ts, format.ts, business-days.ts, site.ts (the server-rendered pages, the pages to index, the noindex areas).
 */
export * from './constants';
export * from './format';
export * from './messages';
export * from './roles';
export * from './input';
export * from './files';
export * from './business-days';
export * from './site';
export * from './http';
export * from './query-string';
export * from './accounts';
export * from './account-forms';
export * from './jobs';
export * from './placements';
export * from './chat';
export * from './realtime';
export * from './districts';
export * from './contact';
export * from './organisations';
export * from './organisation-checks';
export * from './organisation-profiles';
export * from './terms';
export * from './member-permissions';
export * from './admin';
export * from './system';
export * from './introductions';
export * from './introduction-shapes';
export * from './candidate-consent';
export * from './salary-facts';
export * from './uid';
export * from './fees';
export * from './billing';
export * from './circumvention-cases';
export * from './accounting-export';
export * from './statement';
export * from './overview';
export * from './advertisement-numbers';
export * from './guarantee';
export * from './alerts';
export * from './notifications';
export * from './data-export';
export * from './two-factor';
export * from './payments';
export * from './dunning';
export * from './payouts';
export * from './interviews';
export * from './working-hours';
export * from './trust';
export * from './ratings';
