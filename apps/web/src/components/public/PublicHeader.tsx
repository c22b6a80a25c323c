import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import styles from './PublicLayout.module.css';

/** Landing page sections the top menu scrolls to (spec §2 Landing page). */
export const LANDING_SECTIONS = [
  { id: 'konzept', label: 'Unser Konzept' },
  { id: 'jobinserate', label: 'Aktuelle Jobinserate' },
  { id: 'ueber-uns', label: 'Über uns' },
  { id: 'kontakt', label: 'Kontakt' },
] as const;

export function BrandMark() {
  return (
    <span className={styles.brand}>
      {/* The favicon's drawing inline: as an <img>, the browser builds a separate SVG document for it
          before the first paint (~80 ms of the main thread at 4x CPU). */}
      <svg viewBox="0 0 64 64" width={32} height={32} aria-hidden="true" focusable="false" className={styles.brandIcon}>
        <rect width="64" height="64" rx="14" fill="#0b5ed7" />
        <text
          x="32"
          y="43"
          fontFamily="Arial,sans-serif"
          fontSize="30"
          fontWeight="700"
          fill="#fff"
          textAnchor="middle"
        >
          P%
        </text>
      </svg>
      <span>Prämienbörse</span>
    </span>
  );
}

/**
 * A navbar's menu that collapses below lg behind a toggler (the public header and the signed-in
 * shell): `menuId` is the menu element's id, its toggler's is `${menuId}-toggle`.
 */
export function useCollapsibleMenu(menuId: string) {
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);
  const toggle = () => setExpanded((open) => !open);
  // Escape closes the open menu and returns to its toggler (a panel inside, e.g. the bell's, stops its own Escape).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !expanded) return;
    close();
    document.getElementById(`${menuId}-toggle`)?.focus();
  };
  return { menuId, expanded, close, toggle, onKeyDown };
}

/** The button that opens and closes a `useCollapsibleMenu` menu. */
export function NavbarToggler({ menu }: { menu: ReturnType<typeof useCollapsibleMenu> }) {
  return (
    <button
      id={`${menu.menuId}-toggle`}
      type="button"
      className="navbar-toggler"
      aria-controls={menu.menuId}
      aria-expanded={menu.expanded}
      aria-label="Menü öffnen oder schließen"
      onClick={menu.toggle}
    >
      <span className="navbar-toggler-icon" />
    </button>
  );
}

/**
 * Top menu of the public pages. On the landing page the section entries are
 * in-page anchors; elsewhere they lead to the landing page's sections. Below lg
 * the entries collapse behind a toggler (plain Bootstrap classes, no JS library).
 */
export function PublicHeader({ onLanding = false }: { onLanding?: boolean }) {
  const menu = useCollapsibleMenu('pb-public-menu');
  const { expanded, close } = menu;
  return (
    <nav
      className={`navbar navbar-expand-lg sticky-top ${styles.navbar}`}
      aria-label="Hauptmenü"
      onKeyDown={menu.onKeyDown}
    >
      <div className="container">
        <Link to="/" className="navbar-brand" onClick={close} aria-label="Prämienbörse – Startseite">
          <BrandMark />
        </Link>
        <NavbarToggler menu={menu} />
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
