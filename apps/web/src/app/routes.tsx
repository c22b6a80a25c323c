import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { directoryLoader } from '../features/consultants/api/listedAgencies';
import { LANDING_ROUTE_ID, landingLoader } from '../features/landing/api/latestJobs';
import { PUBLIC_ROUTE_ID, publicLoader } from '../lib/publicConfig';
import { RouteError } from '../components/RouteError';
import { getSession } from '../lib/session';
import { queryClient } from './queryClient';

/** Neutral placeholder while the first page's code is fetched. */
function PageFallback() {
  return <div className="min-vh-100" aria-busy="true" />;
}

/**
 * The advertisement browser's list is requested as soon as the router matches its URL, while the
 * page's code still loads (the page finds it in the query cache). Nothing to wait for: the loader
 * returns at once, and it does not run again when the page changes its own search parameters.
 */
function prefetchBrowserList({ request }: LoaderFunctionArgs): null {
  if (getSession()) {
    const params = new URL(request.url).searchParams;
    void import('../features/jobs/api/jobs').then((jobs) => jobs.prefetchBrowserJobs(queryClient, params));
  }
  return null;
}

/**
 * Routes of spec §2. Pages are lazy-loaded so a page ships only its own code; each lazy module
 * exports `Component`. The browser's router (router.tsx) and the server's render of the public
 * pages (entry-server.tsx) use this one table.
 */
export const routes: RouteObject[] = [
  {
    // Shown while the first lazy page loads (also silences React Router's missing-fallback warning).
    hydrateFallbackElement: <PageFallback />,
    children: [
      {
        // The public pages (rendered on the server, then hydrated): the site settings once for all.
        id: PUBLIC_ROUTE_ID,
        loader: publicLoader,
        shouldRevalidate: () => false,
        children: [
          {
            id: LANDING_ROUTE_ID,
            path: '/',
            lazy: () => import('../features/landing/LandingPage'),
            loader: landingLoader,
            errorElement: <RouteError />,
          },
          {
            path: '/public-consultants',
            lazy: () => import('../features/consultants/ConsultantDirectoryPage'),
            loader: directoryLoader,
            errorElement: <RouteError />,
          },
          {
            path: '/terms-and-conditions',
            lazy: () => import('../features/legal/TermsPage'),
            errorElement: <RouteError />,
          },
          {
            path: '/privacy-policy',
            lazy: () => import('../features/legal/PrivacyPage'),
            errorElement: <RouteError />,
          },
          { path: '/imprint', lazy: () => import('../features/legal/ImprintPage'), errorElement: <RouteError /> },
          { path: '/faq', lazy: () => import('../features/legal/FaqPage'), errorElement: <RouteError /> },
          { path: '/404', lazy: () => import('../features/errors/NotFoundPage') },
        ],
      },
      { path: '/login', lazy: () => import('../features/auth/LoginPage'), errorElement: <RouteError /> },
      { path: '/register', lazy: () => import('../features/auth/RegisterPage'), errorElement: <RouteError /> },
      {
        path: '/einladung',
        lazy: () => import('../features/organisations/InvitationPage'),
        errorElement: <RouteError />,
      },
      {
        // The candidate's answer to an introduction (issue 35): no account, the token in the fragment.
        path: '/einwilligung',
        lazy: () => import('../features/candidateConsent/CandidateConsentPage'),
        errorElement: <RouteError />,
      },
      {
        // The candidate picks an interview time (issue 35): no account, the token in the fragment.
        path: '/termin',
        lazy: () => import('../features/candidateInterview/CandidateInterviewPage'),
        errorElement: <RouteError />,
      },
      {
        path: '/forgot-password',
        lazy: () => import('../features/auth/ForgotPasswordPage'),
        errorElement: <RouteError />,
      },
      {
        path: '/reset-password/:code',
        lazy: () => import('../features/auth/ResetPasswordPage'),
        errorElement: <RouteError />,
      },
      { path: '/email-change', lazy: () => import('../features/auth/EmailChangePage'), errorElement: <RouteError /> },
      {
        path: '/email-change/object/:token',
        lazy: () => import('../features/auth/EmailObjectionPage'),
        errorElement: <RouteError />,
      },
      {
        path: '/data-export',
        lazy: () => import('../features/profile/DataExportDownloadPage'),
        errorElement: <RouteError />,
      },
      {
        path: '/unsubscribe',
        lazy: () => import('../features/notifications/UnsubscribePage'),
        errorElement: <RouteError />,
      },
      {
        path: '/advertisements',
        lazy: () => import('./shell/GuardedShell'),
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="view" replace /> },
          {
            path: 'view',
            lazy: () => import('./routes/JobBrowserRoute'),
            loader: prefetchBrowserList,
            shouldRevalidate: () => false,
          },
          { path: 'overview', lazy: () => import('../features/overview/OverviewPage') },
          { path: 'create', lazy: () => import('../features/jobs/OwnJobsPage') },
          { path: 'create/save', lazy: () => import('../features/jobs/JobEditorPage') },
          { path: 'create/update/:id', lazy: () => import('../features/jobs/JobEditorPage') },
          { path: 'profile', lazy: () => import('../features/profile/ProfilePage') },
          { path: 'security', lazy: () => import('../features/profile/SecurityPage') },
          { path: 'sessions', lazy: () => import('../features/profile/SessionsPage') },
          { path: 'organisation', lazy: () => import('../features/organisations/OrganisationPage') },
          { path: 'public-consultants', lazy: () => import('../features/consultants/PublicConsultantsPage') },
          // An organisation's figures, ratings and comments (issue 36).
          { path: 'organisations/:id', lazy: () => import('../features/trust/OrganisationTrustPage') },
          { path: 'chat', lazy: () => import('../features/chat/ChatPage') },
          { path: 'introductions', lazy: () => import('../features/introductions/IntroductionsPage') },
          { path: 'introductions/:id', lazy: () => import('../features/introductions/IntroductionDetailPage') },
          { path: 'earnings', lazy: () => import('../features/billing/EarningsPage') },
          { path: 'billing', lazy: () => import('../features/billing/BillingPage') },
          { path: 'payouts', lazy: () => import('../features/payouts/PayoutsPage') },
          {
            path: 'circumvention-cases',
            lazy: () => import('../features/circumventionCases/CircumventionCasesPage'),
          },
          { path: 'notifications', lazy: () => import('../features/notifications/SettingsPage') },
          { path: 'searches', lazy: () => import('../features/searches/SavedSearchesPage') },
        ],
      },
      {
        path: '/admin',
        lazy: () => import('../features/admin/AdminLayout'),
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('../features/admin/DashboardPage') },
          { path: 'advertisements', lazy: () => import('../features/admin/JobsPage') },
          { path: 'advertisements/new', lazy: () => import('../features/admin/JobFormPage') },
          { path: 'advertisements/:id', lazy: () => import('../features/admin/JobFormPage') },
          { path: 'placements', lazy: () => import('../features/admin/PlacementsPage') },
          { path: 'organisations', lazy: () => import('../features/admin/OrganisationsPage') },
          { path: 'organisations/:id', lazy: () => import('../features/admin/OrganisationDetailPage') },
          { path: 'terms', lazy: () => import('../features/admin/TermsPage') },
          { path: 'users', lazy: () => import('../features/admin/UsersPage') },
          { path: 'contact-messages', lazy: () => import('../features/admin/ContactMessagesPage') },
          { path: 'districts', lazy: () => import('../features/admin/DistrictsPage') },
          { path: 'audit-log', lazy: () => import('../features/admin/AuditLogPage') },
          { path: 'introductions', lazy: () => import('../features/admin/IntroductionsPage') },
          { path: 'billing', lazy: () => import('../features/admin/BillingPage') },
          { path: 'payments', lazy: () => import('../features/admin/PaymentsPage') },
          { path: 'payouts', lazy: () => import('../features/admin/PayoutsPage') },
          { path: 'circumvention-cases', lazy: () => import('../features/admin/CircumventionCasesPage') },
          { path: 'ratings', lazy: () => import('../features/admin/RatingsPage') },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
