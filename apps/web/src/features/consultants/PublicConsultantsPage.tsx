import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { MSG } from '@pb/core';
import { ApiError } from '../../lib/http';
import { usePublicConsultants } from './api/publicConsultants';
import { ConsultantCard, ConsultantGrid, ConsultantGridItem, NoConsultants } from './ConsultantCard';

const TITLE = 'Öffentliche Personalberater';

/** Public consultants page of the signed-in area (spec §2): one card per listed consultant, with the mailto link. */
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
        <NoConsultants />
      ) : (
        <ConsultantGrid label={TITLE}>
          {consultants.data.map((consultant) => (
            <ConsultantGridItem key={consultant.id}>
              <ConsultantCard consultant={consultant} email={consultant.email} />
            </ConsultantGridItem>
          ))}
        </ConsultantGrid>
      )}
    </div>
  );
}
