import { useEffect } from 'react';
import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { formatDateTime } from '@pb/core';
import { useMarkRead, useNotificationLiveUpdates, useNotifications } from './api';
import { useDisclosure } from '../../lib/useDisclosure';
import styles from './NotificationBell.module.css';

/**
 * The bell in the shell (issue 13): the unread count, live; a panel with the newest entries,
 * each a link to its screen (and read by following it); 'Alle als gelesen markieren'.
 * Escape or a click outside closes the panel; focus returns to the bell.
 */
export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const notifications = useNotifications();
  useNotificationLiveUpdates();
  const markRead = useMarkRead();
  // Escape with the focus elsewhere on the page and a click outside close it (inside the bell,
  // onKeyDown below answers Escape first).
  const { open, setOpen, closeToButton, button, panel } = useDisclosure();
  const unread = notifications.data?.data.unread ?? 0;
  const items = notifications.data?.data.items ?? [];

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open, panel]);

  const close = () => {
    setOpen(false);
    onNavigate?.();
  };

  return (
    <div
      className="position-relative"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        // The panel's Escape closes the panel only, not the collapsed menu around the bell.
        e.stopPropagation();
        closeToButton();
      }}
    >
      <Button
        ref={button}
        variant="outline-secondary"
        size="sm"
        aria-expanded={open}
        aria-controls="pb-bell-panel"
        aria-label={`Benachrichtigungen, ${unread} ungelesen`}
        onClick={() => setOpen((o) => !o)}
        data-testid="notification-bell"
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
          <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2m.995-14.901a1 1 0 1 0-1.99 0A5 5 0 0 0 3 6c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901" />
        </svg>
        {unread > 0 && (
          <Badge bg="danger" pill className="ms-1" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
      </Button>
      {open && (
        <div
          ref={panel}
          id="pb-bell-panel"
          className={`${styles.panel} shadow`}
          role="region"
          aria-label="Benachrichtigungen"
        >
          <div className="d-flex align-items-center justify-content-between px-3 py-2 border-bottom">
            <span className="fw-semibold">Benachrichtigungen</span>
            <Button
              variant="link"
              size="sm"
              className="p-0"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate('all')}
            >
              Alle als gelesen markieren
            </Button>
          </div>
          {items.length === 0 ? (
            <p className="px-3 py-3 mb-0 text-body-secondary">Noch keine Benachrichtigungen.</p>
          ) : (
            <ul className={`list-unstyled mb-0 ${styles.list}`}>
              {items.map((n) => (
                <li key={n.id} className={n.read ? undefined : styles.unread}>
                  <Link
                    to={n.link}
                    className="d-block px-3 py-2 text-decoration-none text-body"
                    onClick={() => {
                      if (!n.read) markRead.mutate(n.id);
                      close();
                    }}
                  >
                    <span className="d-block fw-semibold">
                      {!n.read && <span className="visually-hidden">Ungelesen: </span>}
                      {n.title}
                    </span>
                    <span className="d-block small">{n.body}</span>
                    <span className="d-block small text-body-secondary">{formatDateTime(n.createdAt)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="px-3 py-2 border-top">
            <Link to="/advertisements/notifications" onClick={close}>
              Einstellungen
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
