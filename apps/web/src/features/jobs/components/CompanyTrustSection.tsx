import { useRef } from 'react';
import { Link } from 'react-router';
import Spinner from 'react-bootstrap/Spinner';
import { CompanyTrustFigures } from '../../../components/trust/CompanyTrustFigures';
import { RatingAverages } from '../../../components/trust/RatingAverages';
import { useOrganisationTrust } from '../../../components/trust/api';
import { organisationPagePath } from '../../../components/trust/links';
import { useSeenOnce } from '../../../lib/useSeenOnce';
import styles from '../jobs.module.css';

/**
 * 'Reaktionszeit des Unternehmens' on an advertisement as a consultant sees it (issue 36): the
 * company's figures in sentences and its rating averages, read once the section comes near the
 * viewport (GET /api/organisations/:id/trust), and the link to the company's page. No chart here:
 * the browser's first load stays without the chart library.
 */
export function CompanyTrustSection({ organisationId }: { organisationId: number }) {
  const ref = useRef<HTMLElement>(null);
  const seen = useSeenOnce(ref);
  const trust = useOrganisationTrust(organisationId, seen);
  const data = trust.data;
  return (
    <section ref={ref} className="mb-4" aria-labelledby="pb-company-trust-title" data-testid="company-trust">
      <h3 id="pb-company-trust-title" className={`h5 ${styles.sectionTitle}`}>
        Reaktionszeit des Unternehmens
      </h3>
      {trust.isError ? (
        <p className="text-body-secondary mb-2">Die Kennzahlen des Unternehmens sind gerade nicht verfügbar.</p>
      ) : !data ? (
        <div className="d-flex align-items-center gap-2 text-body-secondary mb-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" /> Kennzahlen werden geladen …
        </div>
      ) : (
        <>
          {data.company ? <CompanyTrustFigures figures={data.company} chart={false} /> : null}
          <h4 className="h6 mt-3 mb-2">Bewertungen durch Personalvermittlungen</h4>
          <RatingAverages summary={data.ratings} kind="company" />
        </>
      )}
      <p className="mt-3 mb-0">
        <Link to={organisationPagePath(organisationId)}>Profil des Unternehmens</Link>
      </p>
    </section>
  );
}
