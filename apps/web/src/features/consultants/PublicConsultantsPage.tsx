import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { initials, MSG, type PublicConsultant } from '@pb/core';
import { ApiError } from '../../lib/http';
import { usePublicConsultants } from './api/publicConsultants';
import './consultants.css';

const TITLE = 'Öffentliche Personalberater';

/** Public consultants page (spec §2): one card per listed consultant. */
export function Component() {
  const consultants = usePublicConsultants();

  useEffect(() => {
    document.title = `${TITLE} – Prämienbörse`;
  }, []);

  return (
    <div className="container py-4 py-md-5">
      <header className="mb-4">
        <h1 className="h3 mb-1">{TITLE}</h1>
        <p className="text-secondary mb-0">
          Personalberater, die ihr Profil veröffentlicht haben – kontaktieren Sie sie direkt per E-Mail.
        </p>
      </header>
      {consultants.isPending ? (
        <div className="d-flex align-items-center gap-2 text-secondary" role="status">
          <Spinner animation="border" size="sm" /> Personalberater werden geladen …
        </div>
      ) : consultants.isError ? (
        <Alert variant="danger">
          {consultants.error instanceof ApiError ? consultants.error.message : MSG.internal}
        </Alert>
      ) : consultants.data.length === 0 ? (
        <div className="pb-empty card border-0 shadow-sm text-center p-5">
          <h2 className="h5">Noch keine öffentlichen Personalberater</h2>
          <p className="text-secondary mb-0">Sobald Personalberater ihr Profil veröffentlichen, erscheinen sie hier.</p>
        </div>
      ) : (
        <ul className="row g-4 list-unstyled mb-0" aria-label={TITLE}>
          {consultants.data.map((consultant) => (
            <li key={consultant.id} className="col-12 col-md-6 col-xl-4">
              <ConsultantCard consultant={consultant} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ConsultantCard({ consultant }: { consultant: PublicConsultant }) {
  const headingId = `consultant-${consultant.id}`;
  return (
    <article className="card h-100 border-0 shadow-sm pb-consultant-card" aria-labelledby={headingId}>
      <div className="card-body p-4">
        <div className="d-flex align-items-center gap-3 mb-3">
          <div className="pb-consultant-image">
            {consultant.profile_img ? (
              <img src={consultant.profile_img} alt={`Profilbild von ${consultant.username}`} />
            ) : (
              <span aria-hidden="true">{initials(consultant.username)}</span>
            )}
          </div>
          <div className="min-w-0">
            <h2 id={headingId} className="h5 mb-1 text-break">
              {consultant.username}
            </h2>
            <a href={`mailto:${consultant.email}`} className="text-break">
              {consultant.email}
            </a>
          </div>
        </div>
        {consultant.description ? <p className="pb-consultant-description">{consultant.description}</p> : null}
        {consultant.services.length > 0 ? (
          <>
            <h3 className="h6 text-uppercase text-secondary small fw-semibold mb-2">Leistungen</h3>
            <ul className="mb-0 ps-3">
              {consultant.services.map((service, index) => (
                <li key={`${index}-${service}`}>{service}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </article>
  );
}
