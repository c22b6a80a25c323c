import Spinner from 'react-bootstrap/Spinner';
import { CompanyTrustFigures } from '../../../components/trust/CompanyTrustFigures';
import { RatingAverages } from '../../../components/trust/RatingAverages';
import { useOrganisationTrust } from '../../../components/trust/api';

/**
 * The company's figures in sentences and its rating averages (GET /api/organisations/:id/trust) for
 * 'Reaktionszeit des Unternehmens'; its own chunk, loaded once the section is on the screen.
 */
export default function CompanyTrustDetails({ organisationId }: { organisationId: number }) {
  const trust = useOrganisationTrust(organisationId);
  const data = trust.data;
  if (trust.isError) {
    return <p className="text-body-secondary mb-0">Die Kennzahlen des Unternehmens sind gerade nicht verfügbar.</p>;
  }
  if (!data) {
    return (
      <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" /> Kennzahlen werden geladen …
      </div>
    );
  }
  return (
    <>
      {data.company ? <CompanyTrustFigures figures={data.company} chart={false} /> : null}
      <h4 className="h6 mt-3 mb-2">Bewertungen durch Personalvermittlungen</h4>
      <RatingAverages summary={data.ratings} kind="company" />
    </>
  );
}
