import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import Spinner from 'react-bootstrap/Spinner';
import { useSeenOnce } from '../../../lib/useSeenOnce';
import styles from '../jobs.module.css';

// The figures' code and request wait until the section is on the screen or the consultant chose the
// advertisement: the browser's first load (the list and the newest advertisement beside it) stays as
// it was.
const CompanyTrustDetails = lazy(() => import('./CompanyTrustDetails'));

/**
 * 'Reaktionszeit des Unternehmens' on an advertisement as a consultant sees it (issue 36): the
 * company's figures in sentences and its rating averages (CompanyTrustDetails, no chart) and the
 * link to the company's page. `atOnce`: the consultant chose this advertisement (not the one shown
 * first by default), so its figures load without waiting for the section to be scrolled to.
 */
export function CompanyTrustSection({ organisationId, atOnce }: { organisationId: number; atOnce: boolean }) {
  const ref = useRef<HTMLElement>(null);
  const seen = useSeenOnce(ref, '0px') || atOnce;
  return (
    <section ref={ref} className="mb-4" aria-labelledby="pb-company-trust-title" data-testid="company-trust">
      <h3 id="pb-company-trust-title" className={`h5 ${styles.sectionTitle}`}>
        Reaktionszeit des Unternehmens
      </h3>
      {seen ? (
        <Suspense
          fallback={
            <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
              <Spinner animation="border" size="sm" aria-hidden="true" /> Kennzahlen werden geladen …
            </div>
          }
        >
          <CompanyTrustDetails organisationId={organisationId} />
        </Suspense>
      ) : (
        // Until the section is scrolled to: a line where the figures will be, never an empty heading.
        <p className="text-body-secondary mb-0">Kennzahlen werden geladen …</p>
      )}
      <p className="mt-3 mb-0">
        {/* the path of components/trust/links.ts, written out: importing it would add a script to the first load */}
        <Link to={`/advertisements/organisations/${organisationId}`}>Profil des Unternehmens</Link>
      </p>
    </section>
  );
}
