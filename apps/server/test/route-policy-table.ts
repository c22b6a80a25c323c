import { TEST_PROFILE } from './support/candidate-consent';

/**
 * Every route with the policy that guards it (`config.policy`, services/policies.ts), for
 * route-policies.test.ts: a new route fails there until it is tagged and listed here.
 */

export type Actor = 'company' | 'otherCompany' | 'consultant' | 'admin';

export interface Ids {
  /** The company actor's user id. */
  company: number;
  job: number;
  conversation: number;
  report: number;
  introduction: number;
}

/** An id nothing has. */
export const NO_ID = 2_000_000_000;

export interface Row {
  method: string;
  url: string;
  policy: string | undefined;
  /** A caller the policy excludes and the answer it gets (404 where the rule hides that the thing exists). */
  excluded?: { as: Actor; status: 403 | 404 };
  /** What a visitor gets where the policy lets some visitors in (default 401). */
  visitorStatus?: 404;
  /** The request: a concrete URL (ids filled in) and a body that passes validation, so the guard answers. */
  request?: (ids: Ids) => { url?: string; payload?: unknown; remoteAddress?: string };
}

// prettier-ignore
export const routes: Row[] = [
  // --- system ---
  { method: 'GET', url: '/api/health', policy: 'visitor' },
  { method: 'GET', url: '/api/health/ready', policy: 'visitor' },
  { method: 'GET', url: '/api/health/live', policy: 'visitor' },
  { method: 'GET', url: '/api/public-config', policy: 'visitor' },
  { method: 'GET', url: '/dev/mail', policy: 'visitor' },
  { method: 'GET', url: '/dev/mail.json', policy: 'visitor' },
  { method: 'GET', url: '/api/districts', policy: 'visitor' },
  { method: 'GET', url: '/api/districts/count', policy: 'visitor' },
  { method: 'GET', url: '/api/districts/:id', policy: 'visitor' },
  { method: 'POST', url: '/api/contact', policy: 'visitor' },
  { method: 'GET', url: '/robots.txt', policy: 'visitor' },
  { method: 'GET', url: '/sitemap.xml', policy: 'visitor' },
  // Without METRICS_TOKEN outside production only this machine may scrape; others get 404.
  {
    method: 'GET', url: '/metrics', policy: 'metrics.scraper', visitorStatus: 404,
    request: () => ({ remoteAddress: '203.0.113.7' }),
  },

  // --- advertisements ---
  { method: 'GET', url: '/api/jobs', policy: 'visitor' },
  { method: 'GET', url: '/api/jobs/count', policy: 'signedIn' },
  { method: 'GET', url: '/api/jobs/:id', policy: 'signedIn', request: (ids) => ({ url: `/api/jobs/${ids.job}` }) },
  { method: 'POST', url: '/api/jobs', policy: 'jobs.publish', excluded: { as: 'consultant', status: 403 } },
  {
    method: 'PUT', url: '/api/jobs/:id', policy: 'jobs.write', excluded: { as: 'otherCompany', status: 403 },
    request: (ids) => ({ url: `/api/jobs/${ids.job}`, payload: { data: { publishedAt: null } } }),
  },
  {
    method: 'POST', url: '/api/jobs/:id/attachments', policy: 'jobs.write', excluded: { as: 'otherCompany', status: 403 },
    request: (ids) => ({ url: `/api/jobs/${ids.job}/attachments` }),
  },
  {
    method: 'GET', url: '/api/jobs/:id/attachments', policy: 'signedIn',
    request: (ids) => ({ url: `/api/jobs/${ids.job}/attachments` }),
  },
  { method: 'GET', url: '/api/job-attachments/:id', policy: 'signedIn' },
  {
    method: 'DELETE', url: '/api/jobs/:id/attachments/:uploadId', policy: 'jobs.write',
    excluded: { as: 'otherCompany', status: 403 },
    request: (ids) => ({ url: `/api/jobs/${ids.job}/attachments/${NO_ID}` }),
  },
  {
    method: 'GET', url: '/api/placement-bonuses', policy: 'jobs.member', excluded: { as: 'otherCompany', status: 403 },
    request: (ids) => ({ url: `/api/placement-bonuses?filters[advertisement][id][$eq]=${ids.job}` }),
  },
  {
    method: 'POST', url: '/api/placement-bonuses', policy: 'jobs.write', excluded: { as: 'otherCompany', status: 403 },
    request: (ids) => ({ payload: { data: { advertisement: ids.job, bonus: 12 } } }),
  },

  // --- placement reports ---
  {
    method: 'POST', url: '/api/placement-reports', policy: 'placements.reporter',
    excluded: { as: 'admin', status: 403 },
  },
  {
    method: 'GET', url: '/api/placement-reports/mine', policy: 'role:company',
    excluded: { as: 'consultant', status: 403 },
  },
  {
    method: 'POST', url: '/api/placement-reports/:id/objection', policy: 'placements.objector',
    excluded: { as: 'otherCompany', status: 403 },
    request: (ids) => ({ url: `/api/placement-reports/${ids.report}/objection`, payload: { data: { note: 'Stimmt nicht.' } } }),
  },

  // --- chat and its files ---
  { method: 'GET', url: '/api/chat-communications', policy: 'signedIn' },
  {
    method: 'POST', url: '/api/chat-communications', policy: 'role:consultant',
    excluded: { as: 'company', status: 403 },
  },
  {
    // Readers are participants and admins; to anybody else the conversation does not exist.
    method: 'GET', url: '/api/chat-communications/:id', policy: 'chat.reader',
    excluded: { as: 'otherCompany', status: 404 },
    request: (ids) => ({ url: `/api/chat-communications/${ids.conversation}` }),
  },
  {
    // The own unread state: members of its organisations; an admin may read but is refused here.
    method: 'PUT', url: '/api/chat-communications/:id', policy: 'chat.member',
    excluded: { as: 'admin', status: 403 },
    request: (ids) => ({ url: `/api/chat-communications/${ids.conversation}` }),
  },
  {
    method: 'PUT', url: '/api/chat-communications/:id/read', policy: 'chat.member',
    excluded: { as: 'admin', status: 403 },
    request: (ids) => ({ url: `/api/chat-communications/${ids.conversation}/read` }),
  },
  {
    method: 'GET', url: '/api/chat-communications/:id/messages', policy: 'chat.reader',
    excluded: { as: 'otherCompany', status: 404 },
    request: (ids) => ({ url: `/api/chat-communications/${ids.conversation}/messages` }),
  },
  {
    method: 'POST', url: '/api/chat-communications/:id/messages', policy: 'chat.participant',
    excluded: { as: 'admin', status: 403 },
    request: (ids) => ({ url: `/api/chat-communications/${ids.conversation}/messages`, payload: { message: 'Hallo' } }),
  },
  { method: 'GET', url: '/api/files/:id', policy: 'chat.reader', excluded: { as: 'otherCompany', status: 404 } },

  // --- introductions (parties see, the company reacts, everybody else 404) ---
  {
    method: 'POST', url: '/api/introductions', policy: 'role:consultant', excluded: { as: 'company', status: 403 },
    request: (ids) => ({ payload: { advertisement: ids.job, firstName: 'Eva', lastName: 'Muster', email: 'eva.route@example.at', profile: TEST_PROFILE } }),
  },
  { method: 'GET', url: '/api/introductions', policy: 'introductions.own', excluded: { as: 'admin', status: 403 } },
  { method: 'GET', url: '/api/introductions/unseen', policy: 'introductions.own', excluded: { as: 'admin', status: 403 } },
  { method: 'GET', url: '/api/overview', policy: 'overview.member', excluded: { as: 'admin', status: 403 } },
  {
    method: 'GET', url: '/api/introductions/:id', policy: 'introductions.party', excluded: { as: 'otherCompany', status: 404 },
    request: (ids) => ({ url: `/api/introductions/${ids.introduction}` }),
  },
  {
    method: 'GET', url: '/api/introductions/:id/proof.pdf', policy: 'introductions.party',
    excluded: { as: 'otherCompany', status: 404 },
    request: (ids) => ({ url: `/api/introductions/${ids.introduction}/proof.pdf` }),
  },
  {
    method: 'POST', url: '/api/introductions/:id/seen', policy: 'introductions.company',
    excluded: { as: 'consultant', status: 403 },
    request: (ids) => ({ url: `/api/introductions/${ids.introduction}/seen` }),
  },
  {
    method: 'POST', url: '/api/introductions/:id/status', policy: 'introductions.company',
    excluded: { as: 'otherCompany', status: 404 },
    request: (ids) => ({ url: `/api/introductions/${ids.introduction}/status`, payload: { data: { status: 'in_pruefung' } } }),
  },
  {
    method: 'POST', url: '/api/introductions/:id/status/undo', policy: 'introductions.company',
    excluded: { as: 'otherCompany', status: 404 },
    request: (ids) => ({ url: `/api/introductions/${ids.introduction}/status/undo` }),
  },
  {
    method: 'POST', url: '/api/introductions/:id/already-known', policy: 'introductions.company',
    excluded: { as: 'admin', status: 403 },
    request: (ids) => ({ url: `/api/introductions/${ids.introduction}/already-known`, payload: { data: { note: 'Kannten wir' } } }),
  },

  // --- the candidate's consent (issue 35: no account, the mailed link's secret is the credential) ---
  { method: 'POST', url: '/api/candidate-consent', policy: 'visitor' },
  { method: 'POST', url: '/api/candidate-consent/confirm', policy: 'visitor' },
  { method: 'POST', url: '/api/candidate-consent/decline', policy: 'visitor' },
  { method: 'POST', url: '/api/candidate-consent/withdraw', policy: 'visitor' },
  // --- interviews (issue 35): the company proposes and gives feedback, the agency picks, either cancels ---
  {
    method: 'GET', url: '/api/introductions/:id/interviews', policy: 'introductions.party',
    excluded: { as: 'otherCompany', status: 404 },
    request: (ids) => ({ url: `/api/introductions/${ids.introduction}/interviews` }),
  },
  {
    method: 'POST', url: '/api/introductions/:id/interviews', policy: 'introductions.company',
    excluded: { as: 'consultant', status: 403 },
    request: (ids) => ({
      url: `/api/introductions/${ids.introduction}/interviews`,
      payload: { data: { slots: [{ date: '2030-01-07', time: '10:00' }], durationMinutes: 60, mode: 'telefon', location: '+43 1 234' } },
    }),
  },
  { method: 'POST', url: '/api/interviews/:id/choice', policy: 'interviews.agency', excluded: { as: 'otherCompany', status: 404 }, request: () => ({ payload: { data: { slot: 1 } } }) },
  { method: 'POST', url: '/api/interviews/:id/candidate-link', policy: 'interviews.agency', excluded: { as: 'otherCompany', status: 404 } },
  { method: 'PUT', url: '/api/interviews/:id', policy: 'interviews.company', excluded: { as: 'otherCompany', status: 404 }, request: () => ({ payload: { data: { location: 'Wien' } } }) },
  { method: 'POST', url: '/api/interviews/:id/cancellation', policy: 'interviews.party', excluded: { as: 'otherCompany', status: 404 }, request: () => ({ payload: { data: { reason: 'Krank' } } }) },
  { method: 'POST', url: '/api/interviews/:id/feedback', policy: 'interviews.company', excluded: { as: 'otherCompany', status: 404 }, request: () => ({ payload: { data: { outcome: 'angebot' } } }) },
  { method: 'GET', url: '/api/interviews/:id/calendar.ics', policy: 'interviews.party', excluded: { as: 'otherCompany', status: 404 } },
  { method: 'POST', url: '/api/interview-choice', policy: 'visitor' },
  { method: 'POST', url: '/api/interview-choice/choose', policy: 'visitor' },

  // --- billing (issue 12: own placements and invoices only) ---
  { method: 'GET', url: '/api/earnings', policy: 'billing.earnings', excluded: { as: 'company', status: 403 } },
  { method: 'GET', url: '/api/earnings.csv', policy: 'billing.earnings', excluded: { as: 'company', status: 403 } },
  { method: 'GET', url: '/api/billing', policy: 'billing.companyMember', excluded: { as: 'consultant', status: 403 } },
  { method: 'GET', url: '/api/billing/statement.pdf', policy: 'billing.companyMember', excluded: { as: 'consultant', status: 403 } },
  {
    method: 'GET', url: '/api/invoices/:id/pdf', policy: 'billing.invoiceReader', excluded: { as: 'consultant', status: 403 },
    request: () => ({ url: `/api/invoices/${NO_ID}/pdf` }),
  },
  {
    method: 'GET', url: '/api/invoices/:id/xml', policy: 'billing.invoiceReader', excluded: { as: 'consultant', status: 403 },
    request: () => ({ url: `/api/invoices/${NO_ID}/xml` }),
  },
  // --- payouts (issue 34: the organisation's money members) ---
  { method: 'GET', url: '/api/payouts', policy: 'payouts.member', excluded: { as: 'admin', status: 403 } },
  {
    method: 'PUT', url: '/api/organisation/payout-account', policy: 'payouts.member', excluded: { as: 'admin', status: 403 },
    request: () => ({ payload: { data: { accountHolder: 'X', iban: 'AT611904300234573201', selfBillingAgreed: true } } }),
  },
  {
    method: 'GET', url: '/api/credit-notes/:id/pdf', policy: 'payouts.creditNoteReader', excluded: { as: 'company', status: 404 },
    request: () => ({ url: `/api/credit-notes/${NO_ID}/pdf` }),
  },
  {
    method: 'POST', url: '/api/credit-notes/:id/objection', policy: 'payouts.member', excluded: { as: 'admin', status: 403 },
    request: () => ({ url: `/api/credit-notes/${NO_ID}/objection`, payload: { data: { reason: 'Betrag falsch' } } }),
  },
  { method: 'POST', url: '/api/organisation/self-billing/withdrawal', policy: 'payouts.member', excluded: { as: 'admin', status: 403 } },
  // --- ratings (issue 36): the parties of an introduction rate each other; the rated organisation answers ---
  {
    method: 'GET', url: '/api/introductions/:id/rating', policy: 'ratings.party',
    excluded: { as: 'otherCompany', status: 404 },
    request: (ids) => ({ url: `/api/introductions/${ids.introduction}/rating` }),
  },
  {
    method: 'POST', url: '/api/introductions/:id/rating', policy: 'ratings.party',
    excluded: { as: 'otherCompany', status: 404 },
    request: (ids) => ({ url: `/api/introductions/${ids.introduction}/rating`, payload: { data: { communication: 5, quality: 5, speed: 5 } } }),
  },
  {
    method: 'POST', url: '/api/ratings/:id/reply', policy: 'ratings.rated', excluded: { as: 'admin', status: 403 },
    request: () => ({ url: `/api/ratings/${NO_ID}/reply`, payload: { data: { reply: 'Danke.' } } }),
  },
  // --- trust figures (issue 36): anyone signed in reads an organisation's page; the own track record its members ---
  { method: 'GET', url: '/api/organisations/:id/trust', policy: 'trust.reader' },
  { method: 'GET', url: '/api/organisation/track-record', policy: 'organisations.member', excluded: { as: 'admin', status: 403 } },
  // --- circumvention cases (issue 34: the company's administrators) ---
  { method: 'GET', url: '/api/circumvention-cases', policy: 'circumvention_cases.company', excluded: { as: 'consultant', status: 403 } },
  {
    method: 'PUT', url: '/api/circumvention-cases/:id/answer', policy: 'circumvention_cases.company',
    excluded: { as: 'consultant', status: 403 },
    request: () => ({ url: `/api/circumvention-cases/${NO_ID}/answer`, payload: { data: { answer: 'Stellungnahme' } } }),
  },
  {
    method: 'GET', url: '/api/dunning-notices/:id/pdf', policy: 'billing.invoiceReader',
    excluded: { as: 'consultant', status: 403 }, request: () => ({ url: `/api/dunning-notices/${NO_ID}/pdf` }),
  },
  {
    method: 'POST', url: '/api/placements/:id/guarantee-claim', policy: 'billing.claimant',
    excluded: { as: 'otherCompany', status: 404 },
    request: (ids) => ({
      url: `/api/placements/${ids.report}/guarantee-claim`,
      payload: { data: { employmentStart: '2026-01-01', employmentEnd: '2026-01-20', endedBy: 'arbeitgeber', note: 'Kündigung' } },
    }),
  },

  {
    method: 'POST', url: '/api/guarantee-claims/:id/documents', policy: 'billing.claimant',
    excluded: { as: 'consultant', status: 403 },
    request: () => ({ url: `/api/guarantee-claims/${NO_ID}/documents` }),
  },
  {
    method: 'GET', url: '/api/guarantee-claim-documents/:id', policy: 'billing.claimDocumentReader',
    excluded: { as: 'consultant', status: 403 },
    request: () => ({ url: `/api/guarantee-claim-documents/${NO_ID}` }),
  },

  // --- saved searches, watches, notifications (issue 13: own only) ---
  { method: 'GET', url: '/api/saved-searches', policy: 'role:consultant', excluded: { as: 'company', status: 403 } },
  {
    method: 'POST', url: '/api/saved-searches', policy: 'role:consultant', excluded: { as: 'company', status: 403 },
    request: () => ({ payload: { data: { name: 'Wien', filters: {}, frequency: 'sofort' } } }),
  },
  {
    method: 'PUT', url: '/api/saved-searches/:id', policy: 'alerts.searchOwner', excluded: { as: 'company', status: 403 },
    request: () => ({ url: `/api/saved-searches/${NO_ID}`, payload: { data: { name: 'Wien', filters: {}, frequency: 'sofort' } } }),
  },
  {
    method: 'DELETE', url: '/api/saved-searches/:id', policy: 'alerts.searchOwner', excluded: { as: 'company', status: 403 },
    request: () => ({ url: `/api/saved-searches/${NO_ID}` }),
  },
  { method: 'GET', url: '/api/job-watches', policy: 'role:consultant', excluded: { as: 'company', status: 403 } },
  {
    method: 'GET', url: '/api/job-watches/advertisements', policy: 'role:consultant',
    excluded: { as: 'company', status: 403 },
  },
  { method: 'GET', url: '/api/advertisement-numbers', policy: 'role:company', excluded: { as: 'consultant', status: 403 } },
  {
    method: 'POST', url: '/api/jobs/:id/views', policy: 'role:consultant', excluded: { as: 'company', status: 403 },
    request: (ids) => ({ url: `/api/jobs/${ids.job}/views` }),
  },
  {
    method: 'PUT', url: '/api/job-watches/:jobId', policy: 'role:consultant', excluded: { as: 'company', status: 403 },
    request: (ids) => ({ url: `/api/job-watches/${ids.job}` }),
  },
  {
    method: 'DELETE', url: '/api/job-watches/:jobId', policy: 'role:consultant', excluded: { as: 'company', status: 403 },
    request: (ids) => ({ url: `/api/job-watches/${ids.job}` }),
  },
  { method: 'GET', url: '/api/notifications', policy: 'signedIn' },
  { method: 'POST', url: '/api/notifications/read-all', policy: 'signedIn' },
  {
    method: 'POST', url: '/api/notifications/:id/read', policy: 'notifications.owner',
    request: () => ({ url: `/api/notifications/${NO_ID}/read` }),
  },
  { method: 'GET', url: '/api/notification-settings', policy: 'signedIn' },
  { method: 'PUT', url: '/api/notification-settings', policy: 'signedIn', request: () => ({ payload: { data: {} } }) },
  { method: 'GET', url: '/api/notifications/unsubscribe', policy: 'visitor', request: () => ({ url: '/api/notifications/unsubscribe?token=x' }) },
  { method: 'POST', url: '/api/notifications/unsubscribe', policy: 'visitor', request: () => ({ url: '/api/notifications/unsubscribe?token=x' }) },

  // --- organisations (issue 31: always the session's own organisation; the back office has none) ---
  { method: 'GET', url: '/api/organisations', policy: 'signedIn' },
  {
    method: 'PUT', url: '/api/organisations/active', policy: 'signedIn',
    request: () => ({ payload: { organisationId: NO_ID } }),
  },
  { method: 'GET', url: '/api/organisation', policy: 'organisations.member', excluded: { as: 'admin', status: 403 } },
  { method: 'GET', url: '/api/organisations/:id/verification', policy: 'signedIn', request: () => ({ url: `/api/organisations/${NO_ID}/verification` }) },
  // The public profile (0040) and the directory of agencies (visitors: without addresses).
  { method: 'GET', url: '/api/organisation/profile', policy: 'organisations.member', excluded: { as: 'admin', status: 403 } },
  {
    method: 'PUT', url: '/api/organisation/profile', policy: 'organisations.administrator',
    excluded: { as: 'admin', status: 403 }, request: () => ({ payload: { description: 'Neu' } }),
  },
  { method: 'GET', url: '/api/agencies', policy: 'signedIn' },
  { method: 'GET', url: '/api/public-agencies', policy: 'visitor' },
  {
    method: 'PUT', url: '/api/organisation/legal-identity', policy: 'organisations.administrator',
    excluded: { as: 'admin', status: 403 },
    request: () => ({ payload: { name: 'Bau GmbH', legalForm: 'Verein', street: 'Gasse 1', postalCode: '1010', city: 'Wien' } }),
  },
  { method: 'GET', url: '/api/organisation/members', policy: 'organisations.member', excluded: { as: 'admin', status: 403 } },
  {
    method: 'PUT', url: '/api/organisation/members/:id', policy: 'organisations.administrator',
    excluded: { as: 'admin', status: 403 }, request: () => ({ url: `/api/organisation/members/${NO_ID}`, payload: { role: 'accounting' } }),
  },
  {
    method: 'DELETE', url: '/api/organisation/members/:id', policy: 'organisations.memberSelfOrAdministrator',
    excluded: { as: 'admin', status: 403 }, request: () => ({ url: `/api/organisation/members/${NO_ID}` }),
  },
  { method: 'GET', url: '/api/organisation/invitations', policy: 'organisations.administrator', excluded: { as: 'admin', status: 403 } },
  {
    method: 'POST', url: '/api/organisation/invitations', policy: 'organisations.administrator',
    excluded: { as: 'admin', status: 403 }, request: () => ({ payload: { email: 'neu@example.test', role: 'accounting' } }),
  },
  {
    method: 'POST', url: '/api/organisation/invitations/:id/resend', policy: 'organisations.administrator',
    excluded: { as: 'admin', status: 403 }, request: () => ({ url: `/api/organisation/invitations/${NO_ID}/resend` }),
  },
  {
    method: 'DELETE', url: '/api/organisation/invitations/:id', policy: 'organisations.administrator',
    excluded: { as: 'admin', status: 403 }, request: () => ({ url: `/api/organisation/invitations/${NO_ID}` }),
  },
  { method: 'GET', url: '/api/organisation/terms', policy: 'organisations.member', excluded: { as: 'admin', status: 403 } },
  {
    method: 'POST', url: '/api/organisation/terms/:id/acceptance', policy: 'organisations.administrator',
    excluded: { as: 'admin', status: 403 }, request: () => ({ url: `/api/organisation/terms/${NO_ID}/acceptance` }),
  },
  {
    method: 'POST', url: '/api/organisation/terms/:id/objection', policy: 'organisations.administrator',
    excluded: { as: 'admin', status: 403 }, request: () => ({ url: `/api/organisation/terms/${NO_ID}/objection` }),
  },
  { method: 'POST', url: '/api/invitations/lookup', policy: 'visitor', request: () => ({ payload: { token: 'x' } }) },
  { method: 'POST', url: '/api/invitations/accept', policy: 'signedIn', request: () => ({ payload: { token: 'x' } }) },
  {
    method: 'POST', url: '/api/invitations/register', policy: 'visitor',
    request: () => ({ payload: { token: 'x', username: 'Neu Person', password: 'geheim123' } }),
  },

  // --- data export (DSGVO Art. 15/20; another account's token: data-export.test.ts) ---
  { method: 'GET', url: '/api/data-exports/latest', policy: 'signedIn' },
  { method: 'POST', url: '/api/data-exports', policy: 'signedIn' },
  {
    method: 'POST', url: '/api/data-exports/download', policy: 'dataExport.owner',
    request: () => ({ payload: { token: 'A'.repeat(43) } }),
  },

  // --- back office (one onRequest guard for all of /api/admin) ---
  ...[
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/placement-reports'],
    ['GET', '/api/admin/placement-reports.csv'],
    ['PUT', '/api/admin/placement-reports/:id/status'],
    ['GET', '/api/admin/users'],
    ['PUT', '/api/admin/users/:id/block'],
    ['POST', '/api/admin/users/:id/resend-confirmation'],
    ['DELETE', '/api/admin/users/:id'],
    ['GET', '/api/admin/jobs'],
    ['GET', '/api/admin/jobs/:id'],
    ['POST', '/api/admin/jobs'],
    ['PUT', '/api/admin/jobs/:id'],
    ['PUT', '/api/admin/jobs/:id/publish'],
    ['GET', '/api/admin/contact-messages'],
    ['PUT', '/api/admin/contact-messages/:id/handled'],
    ['POST', '/api/admin/districts'],
    ['PUT', '/api/admin/districts/:id'],
    ['DELETE', '/api/admin/districts/:id'],
    ['GET', '/api/admin/audit-log'],
    ['GET', '/api/admin/introductions'],
    ['POST', '/api/admin/introductions/:id/resolution'],
    ['POST', '/api/admin/placement-reports/:id/correction'],
    ['PUT', '/api/admin/placement-reports/:id/review'],
    ['GET', '/api/admin/invoices'],
    ['GET', '/api/admin/guarantee-claims'],
    ['PUT', '/api/admin/guarantee-claims/:id'],
    ['GET', '/api/admin/organisations'],
    ['GET', '/api/admin/organisations/:id'],
    ['POST', '/api/admin/organisations/:id/register-checks'],
    ['GET', '/api/admin/terms-versions'],
    ['POST', '/api/admin/terms-versions'],
    ['GET', '/api/admin/terms-versions/:id/decisions'],
    ['POST', '/api/admin/bank-statements'],
    ['GET', '/api/admin/bank-statements'],
    ['GET', '/api/admin/payments'],
    ['POST', '/api/admin/payments/:id/allocations'],
    ['POST', '/api/admin/payments/:id/clear'],
    ['GET', '/api/admin/payout-items'],
    ['POST', '/api/admin/payout-items/settle'],
    ['GET', '/api/admin/payout-batches'],
    ['POST', '/api/admin/payout-batches'],
    ['GET', '/api/admin/payout-batches/:id/file'],
    ['PUT', '/api/admin/payout-batches/:id/items/:itemId'],
    ['POST', '/api/admin/payout-batches/:id/paid'],
    ['GET', '/api/admin/circumvention-cases'],
    ['GET', '/api/admin/accounting-export'],
    ['PUT', '/api/admin/credit-notes/:id/objection'],
    ['POST', '/api/admin/circumvention-cases'],
    ['POST', '/api/admin/circumvention-cases/:id/decision'],
    ['GET', '/api/admin/ratings'],
    ['POST', '/api/admin/ratings/:id/moderation'],
  ].map(([method, url]): Row => ({ method: method!, url: url!, policy: 'role:admin', excluded: { as: 'company', status: 403 } })),

  // --- accounts (auth, users, profile images, e-mail change) ---
  { method: 'POST', url: '/api/auth/local', policy: 'visitor' },
  { method: 'POST', url: '/api/auth/local/register', policy: 'visitor' },
  { method: 'GET', url: '/api/auth/email-confirmation', policy: 'visitor' },
  { method: 'POST', url: '/api/auth/send-email-confirmation', policy: 'visitor' },
  { method: 'POST', url: '/api/auth/forgot-password', policy: 'visitor' },
  { method: 'POST', url: '/api/auth/reset-password', policy: 'visitor' },
  { method: 'POST', url: '/api/auth/change-password', policy: 'signedIn' },
  { method: 'POST', url: '/api/auth/logout', policy: 'signedIn' },
  // The sign-in's second step: the password step's challenge is the credential (decision 0028).
  { method: 'POST', url: '/api/auth/second-factor', policy: 'visitor' },
  { method: 'POST', url: '/api/auth/second-factor/passkey-options', policy: 'visitor' },
  { method: 'POST', url: '/api/auth/second-factor/passkey', policy: 'visitor' },
  { method: 'GET', url: '/api/two-factor', policy: 'signedIn' },
  { method: 'POST', url: '/api/two-factor/step-up/passkey-options', policy: 'signedIn' },
  { method: 'POST', url: '/api/two-factor/totp/setup', policy: 'signedIn' },
  { method: 'POST', url: '/api/two-factor/totp/confirm', policy: 'signedIn' },
  { method: 'POST', url: '/api/two-factor/totp/disable', policy: 'signedIn' },
  { method: 'POST', url: '/api/two-factor/recovery-codes', policy: 'signedIn' },
  { method: 'POST', url: '/api/two-factor/passkeys/options', policy: 'signedIn' },
  { method: 'POST', url: '/api/two-factor/passkeys', policy: 'signedIn' },
  { method: 'POST', url: '/api/two-factor/passkeys/:id/remove', policy: 'signedIn' },
  { method: 'GET', url: '/api/sessions', policy: 'signedIn' },
  { method: 'DELETE', url: '/api/sessions/:id', policy: 'signedIn' },
  { method: 'POST', url: '/api/sessions/logout-all', policy: 'signedIn' },
  { method: 'GET', url: '/api/email-change/confirm', policy: 'visitor' },
  { method: 'POST', url: '/api/email-change/object', policy: 'visitor' },
  // Open to visitors for listed consultants and signed URLs; any other image does not exist to them.
  { method: 'GET', url: '/api/profile-images/:id', policy: 'accounts.imageViewer', visitorStatus: 404 },
  { method: 'GET', url: '/api/users', policy: 'accounts.self' },
  { method: 'GET', url: '/api/users/me', policy: 'signedIn' },
  { method: 'GET', url: '/api/users/:id', policy: 'accounts.self' },
  {
    method: 'PUT', url: '/api/users/:id', policy: 'accounts.self', excluded: { as: 'otherCompany', status: 403 },
    request: (ids) => ({ url: `/api/users/${ids.company}`, payload: { username: 'Fremd' } }),
  },
  {
    method: 'DELETE', url: '/api/users/:id', policy: 'accounts.self', excluded: { as: 'otherCompany', status: 403 },
    request: (ids) => ({ url: `/api/users/${ids.company}` }),
  },
  { method: 'POST', url: '/api/users/me/email-change/resend', policy: 'signedIn' },
  { method: 'DELETE', url: '/api/users/me/email-change', policy: 'signedIn' },
  // A logo: administrators of an agency (a company's administrator gets 403 too).
  { method: 'POST', url: '/api/upload', policy: 'organisations.administrator', excluded: { as: 'company', status: 403 } },
  { method: 'DELETE', url: '/api/upload/files/:id', policy: 'accounts.imageOwner' },
];
