import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

/** Landing page sections the top menu scrolls to (spec §2 Landing page). */
export const LANDING_SECTIONS = [
  { id: 'konzept', label: 'Unser Konzept' },
  { id: 'jobinserate', label: 'Aktuelle Jobinserate' },
  { id: 'ueber-uns', label: 'Über uns' },
  { id: 'kontakt', label: 'Kontakt' },
] as const;

export function BrandMark() {
  return (
    <span className="pb-brand">
      <img src="/favicon.svg" alt="" width={32} height={32} className="pb-brand-icon" />
      <span>Prämienbörse</span>
    </span>
  );
}

/**
 * Top menu of the public pages. On the landing page the section entries are
 * in-page anchors; elsewhere they lead to the landing page's sections. Below lg
 * the entries collapse behind a toggler (plain Bootstrap classes, no JS library).
 */
export function PublicHeader({ onLanding = false }: { onLanding?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && expanded) {
      close();
      document.getElementById('pb-public-menu-toggle')?.focus();
    }
  };
  return (
    <nav className="navbar navbar-expand-lg sticky-top pb-navbar" aria-label="Hauptmenü" onKeyDown={onKeyDown}>
      <div className="container">
        <Link to="/" className="navbar-brand" onClick={close} aria-label="Prämienbörse – Startseite">
          <BrandMark />
        </Link>
        <button
          id="pb-public-menu-toggle"
          type="button"
          className="navbar-toggler"
          aria-controls="pb-public-menu"
          aria-expanded={expanded}
          aria-label="Menü öffnen oder schließen"
          onClick={() => setExpanded((value) => !value)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="pb-public-menu" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav ms-auto align-items-lg-center gap-lg-1">
            {LANDING_SECTIONS.map((section) => (
              <li key={section.id} className="nav-item">
                {onLanding ? (
                  <a className="nav-link" href={`#${section.id}`} onClick={close}>
                    {section.label}
                  </a>
                ) : (
                  <Link className="nav-link" to={`/#${section.id}`} onClick={close}>
                    {section.label}
                  </Link>
                )}
              </li>
            ))}
            <li className="nav-item">
              <Link className="nav-link" to="/faq" onClick={close}>
                FAQ
              </Link>
            </li>
            <li className="nav-item">
              <Link to="/login" className="btn btn-primary ms-lg-3 mt-2 mt-lg-0 px-4 w-100" onClick={close}>
                Einloggen
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}
