import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { initials, memberMay } from '@pb/core';
import { BrandMark, NavbarToggler, useCollapsibleMenu } from '../../components/public/PublicHeader';
import { useEndSessionOnUnauthorized } from '../../lib/useEndSessionOnUnauthorized';
import { signOut, useSession, type Session } from '../../lib/session';
import { useSocketConnection } from '../../lib/socket';
import { NotificationBell } from '../../components/notifications/NotificationBell';
import { UnreadBadge } from '../../features/chat/components/UnreadBadge';
import { useChatLiveUpdates } from '../../features/chat/useChatLiveUpdates';
import { usePlacementLiveUpdates } from '../../features/jobs/usePlacementLiveUpdates';
import { useIntroductionLiveUpdates } from '../../components/introductions/api';
import { UnseenIntroductionsBadge } from '../../components/introductions/UnseenIntroductionsBadge';
import { useSessionRole } from './api/sessionRole';
import { SectionErrorBoundary } from './SectionErrorBoundary';
import { OrganisationSwitcher } from '../../features/organisations/OrganisationSwitcher';
import { hasPendingInvitation } from '../../features/organisations/pendingInvitation';
import styles from './GuardedShell.module.css';

/** Guarded area /advertisements (spec §2): only with a stored token, inside the overview shell. */
export function Component() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  // Signed in from an invitation's page: back to it to accept.
  if (hasPendingInvitation()) return <Navigate to="/einladung" replace />;
  return <Shell session={session} />;
}

interface MenuItem {
  to: string;
  label: string;
  badge?: ReactNode;
}

function menuFor(session: Session): MenuItem[] {
  const items: MenuItem[] = [{ to: '/advertisements/view', label: 'Inserate anzeigen' }];
  // Buchhaltung reads the company's advertisements; the spec's entry is for those who write them.
  if (session.role === 'company')
    items.push({
      to: '/advertisements/create',
      label:
        !session.organisation || memberMay(session.organisation, 'advertisements.write')
          ? 'Inserate erstellen/bearbeiten'
          : 'Inserate des Unternehmens',
    });
  items.push({ to: '/advertisements/chat', label: 'Chat', badge: <UnreadBadge /> });
  // Candidates' data is for the members who handle introductions, not for Buchhaltung.
  const handlesIntroductions = !session.organisation || memberMay(session.organisation, 'introductions.write');
  if (session.role === 'company' && handlesIntroductions)
    items.push({ to: '/advertisements/introductions', label: 'Vorstellungen', badge: <UnseenIntroductionsBadge /> });
  if (session.role === 'consultant' && handlesIntroductions)
    items.push({ to: '/advertisements/introductions', label: 'Meine Vorstellungen' });
  if (session.role === 'consultant') items.push({ to: '/advertisements/earnings', label: 'Meine Vermittlungen' });
  if (session.role === 'company') items.push({ to: '/advertisements/billing', label: 'Rechnungen' });
  if (session.role === 'consultant') items.push({ to: '/advertisements/searches', label: 'Meine Suchaufträge' });
  items.push({ to: '/advertisements/public-consultants', label: 'Öffentliche Personalberater' });
  if (session.role === 'company') items.push({ to: '/advertisements/profile', label: 'Unternehmensprofil bearbeiten' });
  if (session.role === 'consultant')
    items.push({ to: '/advertisements/profile', label: 'Personalvermittlerprofil bearbeiten' });
  if (session.role !== 'admin') items.push({ to: '/advertisements/organisation', label: 'Organisation' });
  items.push({ to: '/advertisements/security', label: 'Sicherheit' });
  if (session.role === 'admin') items.push({ to: '/admin', label: 'Backoffice' });
  return items;
}

const ROLE_LABELS = { company: 'Unternehmen', consultant: 'Personalberater', admin: 'Administration' } as const;

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
          <NavbarToggler menu={menu} />
          <div id="pb-shell-menu" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
            <div className={`${styles.menu} navbar-nav`}>
              {menuFor(session).map((item) => (
                <NavLink key={item.to} to={item.to} className="nav-link" onClick={close}>
                  {item.label}
                  {item.badge}
                </NavLink>
              ))}
            </div>
            <div className={`${styles.user} d-flex align-items-center gap-2`}>
              <span className={styles.avatar} aria-hidden="true">
                {initials(session.username)}
              </span>
              <span className={`${styles.who} d-flex flex-column lh-sm me-2`}>
                <span className={`fw-semibold ${styles.username}`} data-testid="shell-username">
                  {session.username}
                </span>
                {session.role ? <span className="small text-secondary">{ROLE_LABELS[session.role]}</span> : null}
              </span>
              <OrganisationSwitcher onSwitched={close} />
              <NotificationBell onNavigate={close} />
              <Link to="/login" className="btn btn-outline-secondary btn-sm ms-auto" onClick={logout}>
                Ausloggen
              </Link>
            </div>
          </div>
        </div>
      </nav>
      <main id="pb-shell-main" tabIndex={-1} className="flex-grow-1">
        <SectionErrorBoundary key={location.pathname}>{pageShown ? <Outlet /> : null}</SectionErrorBoundary>
      </main>
    </div>
  );
}
