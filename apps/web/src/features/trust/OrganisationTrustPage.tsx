import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import { ORGANISATION_KIND_NAMES, TRUST_MSG, type OrganisationTrust } from '@pb/core';
import { AgencyTrackRecord } from '../../components/trust/AgencyTrackRecord';
import { CompanyTrustFigures } from '../../components/trust/CompanyTrustFigures';
import { tooLittleDataText } from '../../components/trust/figuresText';
import { PublishedComments } from '../../components/trust/PublishedComments';
import { RatingAverages } from '../../components/trust/RatingAverages';
import { useOrganisationTrust } from '../../components/trust/api';
import { ApiError, errorText } from '../../lib/http';

/** One card of the page, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card shadow-sm mb-4" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5 mb-3">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** The figures: a company's always (maybe too few), an agency's when it publishes them. */
function Figures({ trust }: { trust: OrganisationTrust }) {
  if (trust.organisation.kind === 'company') {
    return trust.company ? (
      <CompanyTrustFigures figures={trust.company} />
    ) : (
      <p className="text-body-secondary mb-0">{tooLittleDataText(0)}</p>
    );
  }
  if (!trust.agency) return <p className="text-body-secondary mb-0">{TRUST_MSG.notPublic}</p>;
  return (
    <>
      {!trust.trackRecordPublic ? (
        <Alert variant="info" className="small">
          Nur Ihre Organisation sieht diese Kennzahlen: Sie sind nicht im öffentlichen Profil.
        </Alert>
      ) : null}
      <AgencyTrackRecord figures={trust.agency} />
    </>
  );
}

/**
 * An organisation's page for signed-in users (issue 36; /advertisements/organisations/:id): name,
 * description and services, its figures (a company's responsiveness, an agency's track record when
 * it publishes it), its rating averages and the published comments with their answers.
 */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const trust = useOrganisationTrust(valid ? id : null);
  const data = trust.data;
  const name = data?.organisation.name;

  useEffect(() => {
    if (name) document.title = `${name} – Prämienbörse`;
  }, [name]);

  if (!valid || (trust.isError && trust.error instanceof ApiError && trust.error.status === 404)) {
    return (
      <div className="container py-4" style={{ maxWidth: '56rem' }}>
        <Alert variant="warning">{TRUST_MSG.notFound}</Alert>
      </div>
    );
  }
  return (
    <div className="container py-4" style={{ maxWidth: '56rem' }}>
      {trust.isPending ? (
        <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" /> Profil wird geladen …
        </div>
      ) : null}
      {trust.isError ? <Alert variant="danger">{errorText(trust.error)}</Alert> : null}
      {data ? (
        <>
          <header className="mb-4">
            <h1 className="h3 mb-1 text-break">{data.organisation.name}</h1>
            <Badge bg="light" text="dark" className="border">
              {ORGANISATION_KIND_NAMES[data.organisation.kind]}
            </Badge>
            {data.organisation.description ? (
              <p className="mt-3 mb-0" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {data.organisation.description}
              </p>
            ) : null}
            {data.organisation.services.length > 0 ? (
              <>
                <h2 className="h6 mt-3 mb-1">Leistungen</h2>
                <ul className="mb-0">
                  {data.organisation.services.map((service, index) => (
                    <li key={`${index}-${service}`}>{service}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </header>
          <Section id="pb-trust-figures" title="Kennzahlen">
            <Figures trust={data} />
          </Section>
          <Section id="pb-trust-ratings" title="Bewertungen">
            <RatingAverages summary={data.ratings} kind={data.organisation.kind} />
            {data.ratings.communication !== null || data.comments.length > 0 ? (
              <>
                <h3 className="h6 mt-4 mb-2">Kommentare</h3>
                <PublishedComments comments={data.comments} />
              </>
            ) : null}
          </Section>
        </>
      ) : null}
    </div>
  );
}
