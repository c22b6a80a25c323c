import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import { MEMBER_ROLE_NAMES, ORGANISATION_KIND_NAMES } from '@pb/core';
import { errorText } from '../../lib/http';
import { useOrganisation } from './api';
import { LegalIdentitySection } from './LegalIdentitySection';
import { InvitationsSection, MembersSection } from './MembersSection';
import { TermsSection } from './TermsSection';
import { TrackRecordSection } from './TrackRecordSection';

/** One card of the page, named by its heading. */
function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="card mb-4" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5 mb-3">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * 'Organisation' (issue 31): the organisation the session acts for — its legal identity, its members
 * (for administrators) invitations, its figures (issue 36) and the terms it agreed to.
 */
export function Component() {
  const organisation = useOrganisation();
  const data = organisation.data;
  const administrator = data?.myRole === 'administrator';
  return (
    <div className="container py-4" style={{ maxWidth: '56rem' }}>
      <h1 className="h3 mb-1">Organisation</h1>
      {organisation.isPending ? <Spinner role="status" aria-label="Wird geladen" /> : null}
      {organisation.isError ? <Alert variant="danger">{errorText(organisation.error)}</Alert> : null}
      {data ? (
        <>
          <p className="text-secondary mb-4">
            {data.name} · {ORGANISATION_KIND_NAMES[data.kind]} · Ihre Rolle: {MEMBER_ROLE_NAMES[data.myRole]}
          </p>
          {!data.legalIdentityComplete ? (
            <Alert variant="warning">
              {administrator
                ? 'Bitte vervollständigen Sie die rechtlichen Angaben: Rechnungen gehen an diese Anschrift.'
                : 'Die rechtlichen Angaben sind noch unvollständig; ein Administrator Ihrer Organisation kann sie ergänzen.'}
            </Alert>
          ) : null}
          <Section
            id="legal-identity-heading"
            title={
              <>
                Rechtliche Angaben{' '}
                {data.legalIdentityComplete ? (
                  <Badge bg="success" className="ms-1 align-middle">
                    vollständig
                  </Badge>
                ) : null}
              </>
            }
          >
            <LegalIdentitySection key={data.id} organisation={data} editable={administrator} />
          </Section>
          <Section id="members-heading" title="Mitglieder">
            <MembersSection organisation={data} />
          </Section>
          <Section id="track-record-heading" title="Kennzahlen">
            <TrackRecordSection organisationId={data.id} />
          </Section>
          {administrator ? (
            <Section id="invitations-heading" title="Einladungen">
              <InvitationsSection organisation={data} />
            </Section>
          ) : null}
          <div id="agb">
            <Section id="terms-heading" title="AGB">
              <TermsSection organisationName={data.name} />
            </Section>
          </div>
        </>
      ) : null}
    </div>
  );
}
