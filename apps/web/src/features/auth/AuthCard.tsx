import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { PublicLayout } from '../../components/public/PublicLayout';
import styles from './auth.module.css';

/** Frame of the auth screens: public header and footer, one centred card. */
export function AuthCard({
  title,
  documentTitle,
  lead,
  wide = false,
  icon,
  children,
  footer,
}: {
  title: string;
  documentTitle?: string;
  lead?: ReactNode;
  wide?: boolean;
  /** Shown above the title (success screens). */
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  // Only the sign-in and the registration are indexed (INDEXED_PAGE_PATHS, @pb/core): PublicLayout decides.
  return (
    <PublicLayout
      title={`${documentTitle ?? title} – Prämienbörse`}
      description={`${documentTitle ?? title} bei der Prämienbörse, dem Marktplatz für Stelleninserate mit Vermittlungsprämie in Österreich.`}
    >
      <div className={`${styles.background} py-5`}>
        <div className="container">
          <div className={`${styles.card} card border-0 shadow-sm mx-auto ${wide ? styles.wide : ''}`}>
            <div className="card-body p-4 p-md-5">
              {icon ? (
                <div className={styles.successIcon} aria-hidden="true">
                  {icon}
                </div>
              ) : null}
              <h1 className="h3 mb-2">{title}</h1>
              {lead ? <p className="text-secondary mb-4">{lead}</p> : null}
              {children}
            </div>
            {footer ? <div className="card-footer bg-body-tertiary border-0 p-3 px-md-5 small">{footer}</div> : null}
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}

/** The error line above an auth form (nothing without an error). */
export function AuthError({ error }: { error: string | null }) {
  return error ? (
    <Alert variant="danger" role="alert">
      {error}
    </Alert>
  ) : null;
}

/** The full-width submit button of an auth form, with a spinner while pending. */
export function AuthSubmit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-100" disabled={pending}>
      {pending ? <Spinner animation="border" size="sm" className="me-2" /> : null}
      {children}
    </Button>
  );
}
