import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { initials, ORGANISATION_KIND_NAMES, ORGANISATION_PROFILE_MSG, type OrganisationProfile } from '@pb/core';
import { errorText } from '../../lib/http';
import { useOrganisationProfile } from './api/organisationProfile';
import { OrganisationProfileForm } from './OrganisationProfileForm';
import styles from './profile.module.css';

/**
 * 'Öffentliches Profil': the public profile of the organisation the session acts for (issue 31).
 * Administrators change it; the other members see it as it is shown, with who may change it.
 */
export function OrganisationProfileSection({ organisationId }: { organisationId: number }) {
  const profile = useOrganisationProfile(organisationId);
  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="org-profile-title">
      <div className="card-body p-4">
        <h2 id="org-profile-title" className="h5 mb-1">
          Öffentliches Profil
        </h2>
        {profile.data ? (
          <p className="text-secondary mb-3" data-testid="org-profile-organisation">
            <span className="fw-semibold text-body">{profile.data.name}</span> ·{' '}
            {ORGANISATION_KIND_NAMES[profile.data.kind]}
          </p>
        ) : null}
        {profile.isPending ? (
          <div className="d-flex align-items-center gap-2 text-secondary" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" /> Profil wird geladen …
          </div>
        ) : profile.isError ? (
          <Alert variant="danger">{errorText(profile.error)}</Alert>
        ) : profile.data.editable ? (
          <OrganisationProfileForm key={profile.data.id} profile={profile.data} />
        ) : (
          <OrganisationProfileView profile={profile.data} />
        )}
      </div>
    </section>
  );
}

/** The profile for members who are not administrators: read only. */
function OrganisationProfileView({ profile }: { profile: OrganisationProfile }) {
  const isAgency = profile.kind === 'agency';
  return (
    <>
      <Alert variant="secondary" className="small d-flex flex-column flex-sm-row gap-2 align-items-sm-center">
        <span className="flex-grow-1">{ORGANISATION_PROFILE_MSG.administratorsOnly}</span>
        <Link to="/advertisements/organisation" className="alert-link flex-shrink-0">
          Zur Organisation
        </Link>
      </Alert>
      <dl className={`row mb-0 ${styles.facts}`}>
        {isAgency ? (
          <>
            <dt className="col-sm-4">Logo</dt>
            <dd className="col-sm-8">
              <div className={styles.imagePreview}>
                {profile.logo ? (
                  <img src={profile.logo} alt={`Logo von ${profile.name}`} />
                ) : (
                  <span className={styles.imagePlaceholder} aria-hidden="true">
                    {initials(profile.name) || '?'}
                  </span>
                )}
              </div>
              {profile.logo ? null : <span className="visually-hidden">Kein Logo</span>}
            </dd>
          </>
        ) : null}
        <dt className="col-sm-4">Beschreibung</dt>
        <dd className={`col-sm-8 ${styles.preLine}`}>{profile.description || '–'}</dd>
        <dt className="col-sm-4">Kontakt-E-Mail</dt>
        <dd className="col-sm-8 text-break">{profile.contactEmail ?? '–'}</dd>
        {isAgency ? (
          <>
            <dt className="col-sm-4">Leistungen</dt>
            <dd className="col-sm-8">
              {profile.services.length > 0 ? (
                <ul className="mb-0 ps-3">
                  {profile.services.map((service, index) => (
                    <li key={`${index}-${service}`}>{service}</li>
                  ))}
                </ul>
              ) : (
                '–'
              )}
            </dd>
            <dt className="col-sm-4">Verzeichnis</dt>
            <dd className="col-sm-8 mb-0">{listingText(profile)}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

function listingText(profile: OrganisationProfile): string {
  if (!profile.public) return 'Nicht im Verzeichnis der Personalberater';
  return profile.publicDirectoryConsentAt
    ? 'Im Verzeichnis der Personalberater, für alle sichtbar'
    : 'Im Verzeichnis der Personalberater, nur für angemeldete Nutzer sichtbar';
}
