import { useEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import Spinner from 'react-bootstrap/Spinner';
import { ADMIN_MSG, initials } from '@pb/core';
import { BrandMark } from '../../components/public/PublicHeader';
import { useEndSessionOnUnauthorized } from '../../lib/useEndSessionOnUnauthorized';
import { signOut, saveUser, useSession } from '../../lib/session';
import { useCurrentAdmin } from './api/currentAdmin';
import { useSecondFactorGate } from './api/secondFactorGate';
import { FeedbackHost } from '../../components/feedback/FeedbackHost';
import { ProgressBar } from '../../components/feedback/ProgressBar';
import styles from './admin.module.css';

const TABS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/advertisements', label: 'Inserate' },
  { to: '/admin/placements', label: 'Vermittlungen' },
  { to: '/admin/circumvention-cases', label: 'Umgehungsverfahren' },
  { to: '/admin/introductions', label: 'Vorstellungen' },
  { to: '/admin/ratings', label: 'Bewertungen' },
  { to: '/admin/billing', label: 'Rechnungen' },
  { to: '/admin/payments', label: 'Zahlungen' },
  { to: '/admin/payouts', label: 'Auszahlungen' },
  { to: '/admin/organisations', label: 'Organisationen' },
  { to: '/admin/terms', label: 'AGB' },
  { to: '/admin/users', label: 'Benutzer' },
  { to: '/admin/contact-messages', label: 'Kontaktanfragen' },
  { to: '/admin/districts', label: 'Bezirke' },
  { to: '/admin/audit-log', label: 'Protokoll' },
] as const;

/** /admin: the operator's back office. The server guards every /api/admin route; this only decides what to show. */
export function Component() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <AdminArea />;
}

function AdminArea() {
  const session = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const me = useCurrentAdmin();
  const gate = useSecondFactorGate();

  useEndSessionOnUnauthorized();

  // The stored role may be missing or stale: the server's answer decides.
  useEffect(() => {
    if (me.data && session && me.data.role.type !== session.role) saveUser(me.data);
  }, [me.data, session]);

  const role = me.data?.role.type ?? session?.role ?? null;
  const tabs = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: the current one is scrolled into the middle of the strip.
  useEffect(() => {
    const strip = tabs.current;
    const active = strip?.querySelector<HTMLElement>('.nav-link.active');
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    const offset = active.getBoundingClientRect().left - strip.getBoundingClientRect().left;
    strip.scrollLeft += offset - (strip.clientWidth - active.offsetWidth) / 2;
  }, [location.pathname, role]);
  if (me.isPending && role !== 'admin') {
    return (
      <div className="text-center py-5">
        <Spinner role="status" aria-label="Wird geladen" />
      </div>
    );
  }
  if (role !== 'admin') {
    return (
      <main className="container py-5" style={{ maxWidth: 640 }}>
        <h1 className="h3">{ADMIN_MSG.noAccess}</h1>
        <p className="text-body-secondary">{ADMIN_MSG.noAccessText}</p>
        <Link to="/advertisements" className="btn btn-primary">
          Zur Übersicht
        </Link>
      </main>
    );
  }

  const logout = () => {
    signOut();
    queryClient.clear();
  };

  return (
    <div className={`pb-admin ${styles.admin} d-flex flex-column min-vh-100 bg-body-tertiary`}>
      <Navbar expand="lg" className="bg-white border-bottom" aria-label="Backoffice">
        <Container fluid="xxl">
          <Navbar.Brand as={Link} to="/admin" aria-label="Backoffice – Dashboard">
            <BrandMark />
            <span className={`badge text-bg-dark ms-2 align-middle ${styles.backofficeBadge}`}>Backoffice</span>
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="pb-admin-menu" label="Menü öffnen oder schließen" />
          <Navbar.Collapse id="pb-admin-menu" className="justify-content-end">
            {/* Wraps on a phone: the opened menu never runs past the screen. */}
            <div className="d-flex flex-wrap align-items-center gap-2 py-2 py-lg-0">
              <Link to="/advertisements/view" className="btn btn-link btn-sm">
                Zur Plattform
              </Link>
              <Link to="/advertisements/security" className="btn btn-link btn-sm">
                Sicherheit
              </Link>
              <span className="d-inline-flex align-items-center gap-2">
                <span className={styles.avatar} aria-hidden="true">
                  {initials(session?.username)}
                </span>
                <span className="fw-semibold small">{session?.username}</span>
              </span>
              <Link to="/login" className="btn btn-outline-secondary btn-sm" onClick={logout}>
                Ausloggen
              </Link>
            </div>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <Container fluid="xxl" className="pt-3">
        <Nav
          ref={tabs}
          variant="tabs"
          className={`${styles.tabs} flex-nowrap overflow-auto`}
          as="nav"
          aria-label="Bereiche des Backoffice"
        >
          {TABS.map((tab) => (
            <Nav.Item key={tab.to}>
              <Nav.Link as={NavLink} to={tab.to} end={'end' in tab ? tab.end : false}>
                {tab.label}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      </Container>
      <main className="flex-grow-1" key={location.pathname}>
        <Container fluid="xxl" className="py-4">
          {gate.data && !gate.data.sessionVerified ? (
            <section className="card mx-auto" style={{ maxWidth: 640 }} data-testid="admin-second-factor">
              <div className="card-body">
                <h1 className="h4">Zwei-Faktor-Anmeldung erforderlich</h1>
                <p>
                  Das Backoffice verwaltet Geld und Daten von Bewerberinnen und Bewerbern. Bitte richten Sie eine
                  Authenticator-App oder einen Passkey ein
                  {gate.data.enabled ? ' und melden Sie sich damit erneut an' : ''}.
                </p>
                <Link to="/advertisements/security" className="btn btn-primary">
                  Zwei-Faktor-Anmeldung einrichten
                </Link>
              </div>
            </section>
          ) : (
            <Outlet />
          )}
        </Container>
      </main>
      <FeedbackHost />
      <ProgressBar />
    </div>
  );
}
