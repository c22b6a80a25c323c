import { useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BrandMark, NavbarToggler, useCollapsibleMenu } from '../../components/public/PublicHeader';
import { useEndSessionOnUnauthorized } from '../../lib/useEndSessionOnUnauthorized';
import { signOut, useSession, type Session } from '../../lib/session';
import { useSocketConnection } from '../../lib/socket';
import { NotificationBell } from '../../components/notifications/NotificationBell';
import { useChatLiveUpdates } from '../../features/chat/useChatLiveUpdates';
import { usePlacementLiveUpdates } from '../../features/jobs/usePlacementLiveUpdates';
import { useIntroductionLiveUpdates } from '../../components/introductions/api';
import { useSessionRole } from './api/sessionRole';
import { SectionErrorBoundary } from './SectionErrorBoundary';
import { OrganisationSwitcher } from '../../features/organisations/OrganisationSwitcher';
import { hasPendingInvitation } from '../../features/organisations/pendingInvitation';
import { FeedbackHost } from '../../components/feedback/FeedbackHost';
import { OfflineBanner } from '../../components/feedback/OfflineBanner';
import { ProgressBar } from '../../components/feedback/ProgressBar';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { AccountMenu, WhoAmI } from './AccountMenu';
import { accountMenuFor, mainMenuFor } from './menu';
import styles from './GuardedShell.module.css';

/** Guarded area /advertisements (spec §2): only with a stored token, inside the overview shell. */
export function Component() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  // Signed in from an invitation's page: back to it to accept.
  if (hasPendingInvitation()) return <Navigate to="/einladung" replace />;
  return <Shell session={session} />;
}

/** Below Bootstrap's lg breakpoint the menu collapses behind the toggler. */
const WIDE = '(min-width: 992px)';

function Shell({ session }: { session: Session }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const menu = useCollapsibleMenu('pb-shell-menu');
  const { expanded, close } = menu;
  // The menu paints first and the page renders in the next task: two shorter tasks instead of one
  // long one on a signed-in page's first load (Lighthouse counts each task's excess over 50 ms).
  // Later navigations keep the shell mounted and render the page at once.
  const [pageShown, setPageShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPageShown(true), 0);
    return () => clearTimeout(timer);
  }, []);

  const wide = useMediaQuery(WIDE);
  const accountItems = accountMenuFor(session);

  useEndSessionOnUnauthorized();
  // The socket stays open in the whole area: the chat's badge and the company's list stay live.
  useSocketConnection();
  useChatLiveUpdates();
  usePlacementLiveUpdates();
  useIntroductionLiveUpdates();

  // Spec §7: the role name is read from the server when it is not stored.
  useSessionRole(session);

  const logout = () => {
    close();
    signOut();
    queryClient.clear();
  };

  return (
    <div className={`pb-shell ${styles.shell} d-flex flex-column min-vh-100`}>
      <a href="#pb-shell-main" className="skip-link">
        Zum Inhalt springen
      </a>
      {/* Bootstrap's navbar markup, written out: react-bootstrap's Navbar, Nav and Collapse cost the
          first load of every signed-in page ~10 ms of module evaluation and render (issue 14); the
          menu opens and closes without the height animation. */}
      <nav
        className={`${styles.nav} bg-white border-bottom navbar navbar-expand-lg navbar-light sticky-top`}
        aria-label="Hauptmenü"
        onKeyDown={menu.onKeyDown}
      >
        <div className="container">
          <Link to="/" className="navbar-brand" onClick={close} aria-label="Prämienbörse – Startseite">
            <BrandMark />
          </Link>
          {wide ? null : (
            // On phones the bell stays beside the toggler: new notifications show without opening the menu.
            <div className="ms-auto me-2">
              <NotificationBell onNavigate={close} />
            </div>
          )}
          <NavbarToggler menu={menu} />
          <div id="pb-shell-menu" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
            <div className={`${styles.menu} navbar-nav`}>
              {mainMenuFor(session).map((item) => (
                <NavLink key={item.to} to={item.to} className="nav-link" onClick={close}>
                  {item.label}
                  {item.badge}
                </NavLink>
              ))}
            </div>
            {wide ? null : (
              <div
                className={`${styles.menu} ${styles.accountList} navbar-nav`}
                aria-label="Konto und Einstellungen"
                role="group"
              >
                {accountItems.map((item) => (
                  <NavLink key={item.to} to={item.to} className="nav-link" onClick={close}>
                    {item.label}
                  </NavLink>
                ))}
              </div>
            )}
            <div className={`${styles.user} d-flex align-items-center gap-2`}>
              {wide ? (
                <AccountMenu session={session} items={accountItems} />
              ) : (
                <span className={`${styles.whoRow} d-flex align-items-center gap-2 me-2`}>
                  <WhoAmI session={session} />
                </span>
              )}
              <OrganisationSwitcher onSwitched={close} />
              {wide ? <NotificationBell onNavigate={close} /> : null}
              <Link to="/login" className="btn btn-outline-secondary btn-sm ms-auto" onClick={logout}>
                Ausloggen
              </Link>
            </div>
          </div>
        </div>
      </nav>
      <ProgressBar />
      <OfflineBanner />
      <main id="pb-shell-main" tabIndex={-1} className="flex-grow-1">
        <SectionErrorBoundary key={location.pathname}>{pageShown ? <Outlet /> : null}</SectionErrorBoundary>
      </main>
      <FeedbackHost />
    </div>
  );
}
