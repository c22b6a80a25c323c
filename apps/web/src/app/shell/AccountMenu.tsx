import { NavLink, useLocation } from 'react-router';
import { initials } from '@pb/core';
import type { Session } from '../../lib/session';
import type { MenuItem } from './menu';
import { useDisclosure } from '../../lib/useDisclosure';
import styles from './GuardedShell.module.css';

const ROLE_LABELS = { company: 'Unternehmen', consultant: 'Personalberater', admin: 'Administration' } as const;

/** Avatar, name and role (spec §2: the initials of the first two words of the name). */
export function WhoAmI({ session }: { session: Session }) {
  return (
    <>
      <span className={styles.avatar} aria-hidden="true">
        {initials(session.username)}
      </span>
      <span className={`${styles.who} d-flex flex-column lh-sm text-start`}>
        <span className={`fw-semibold ${styles.username}`} data-testid="shell-username">
          {session.username}
        </span>
        {session.role ? <span className="small text-secondary">{ROLE_LABELS[session.role]}</span> : null}
      </span>
    </>
  );
}

/**
 * Wide screens: the person's button opens the account menu (profile, organisation, security,
 * notifications) under it; Escape or a click outside closes it and focus returns to the button.
 */
export function AccountMenu({ session, items }: { session: Session; items: MenuItem[] }) {
  const { open, setOpen, button, panel } = useDisclosure();
  const { pathname } = useLocation();
  const here = items.some((item) => pathname.startsWith(item.to));

  return (
    <div
      className="position-relative"
      onBlur={(e) => {
        // Tabbing out of the menu closes it.
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`${styles.accountButton}${here ? ` ${styles.accountHere}` : ''}`}
        aria-expanded={open}
        aria-controls={open ? 'pb-account-menu' : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="account-menu-button"
      >
        <WhoAmI session={session} />
        <span className="visually-hidden">: Konto und Einstellungen</span>
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 16 16" fill="currentColor" className="ms-1">
          <path d="M1.646 4.646a.5.5 0 0 1 .708 0L8 10.293l5.646-5.647a.5.5 0 0 1 .708.708l-6 6a.5.5 0 0 1-.708 0l-6-6a.5.5 0 0 1 0-.708" />
        </svg>
      </button>
      {open ? (
        <div ref={panel} id="pb-account-menu" className={`${styles.accountPanel} shadow`}>
          <ul className="list-unstyled mb-0" aria-label="Konto und Einstellungen">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={styles.accountLink} onClick={() => setOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
