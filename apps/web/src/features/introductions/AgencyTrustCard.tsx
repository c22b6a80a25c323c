import { Link } from 'react-router';
import { TRUST_MSG } from '@pb/core';
import { trackRecordLine } from '../../components/trust/AgencyTrackRecord';
import { useOrganisationTrust } from '../../components/trust/api';
import { organisationPagePath } from '../../components/trust/links';

/**
 * The introducing agency as the company sees it (issue 36): its name, linked to its page, and its
 * track record in one line when it publishes it (or that there is too little data, or that it does
 * not publish it). Nothing while loading or on an error: the introduction is the page's business.
 */
export function AgencyTrustCard({ agencyId, agencyName }: { agencyId: number; agencyName: string | null }) {
  const trust = useOrganisationTrust(agencyId);
  const data = trust.data;
  const line = data ? (data.agency ? trackRecordLine(data.agency) : TRUST_MSG.notPublic) : null;
  return (
    <section className="card shadow-sm mb-3" aria-labelledby="pb-agency-title" data-testid="agency-trust">
      <div className="card-body">
        <h2 id="pb-agency-title" className="h6">
          Personalvermittlung
        </h2>
        <p className="mb-1">
          <Link to={organisationPagePath(agencyId)}>{agencyName ?? data?.organisation.name ?? 'Profil ansehen'}</Link>
        </p>
        {line ? <p className="small text-body-secondary mb-0">{line}</p> : null}
      </div>
    </section>
  );
}
