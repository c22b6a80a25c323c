import Alert from 'react-bootstrap/Alert';
import {
  CLAIM_STATE_LABELS,
  CONSENT_ENDED_UNCONFIRMED,
  CONSENT_LINK_DAYS,
  CONSENT_MSG,
  CONSENT_REMINDER_DAYS,
  CONSENT_STATE_LABELS,
  formatDate,
  formatDateTime,
  type AnonymousProfile,
  type Introduction,
} from '@pb/core';
import { AnonymousProfileFacts } from '../../components/introductions/Consent';

/**
 * What an introduction's page says about the candidate's consent (issue 35): the company's notice
 * while it sees the profile only, the consultant's hint while the link is open, the end without
 * consent, a withdrawal, and the anonymised profile itself.
 */

/** The company, before the candidate agreed: what it sees, what follows, and what it may do now. */
export function CompanyConsentNotice({ introduction }: { introduction: Introduction }) {
  const { requestedAt, expiresAt } = introduction.consent;
  const dates = [
    requestedAt ? `angefragt am ${formatDate(requestedAt)}` : null,
    expiresAt ? `Antwort bis ${formatDateTime(expiresAt)}` : null,
  ].filter((part) => part !== null);
  return (
    <Alert variant="info" className="mb-3" data-testid="consent-pending-notice">
      <h2 className="h6 alert-heading">Noch keine Zustimmung der Kandidatin bzw. des Kandidaten</h2>
      <p className="mb-2">
        Die Person hat der Vorstellung noch nicht zugestimmt{dates.length > 0 ? ` (${dates.join(', ')})` : ''}. Name,
        Kontaktdaten und Lebenslauf erhalten Sie nach ihrer Zustimmung; bis dahin sehen Sie nur das anonymisierte
        Profil.
      </p>
      <p className="mb-0">
        Vor der Zustimmung sind nur „In Prüfung“ und „Endgültig abgesagt“ möglich. Eine Absage beendet die Vorstellung
        endgültig, und die Daten der Person werden sofort gelöscht.
      </p>
    </Alert>
  );
}

/** The consultant, while the candidate's link is open. */
export function ConsultantConsentHint() {
  return (
    <Alert variant="info" className="mb-3" data-testid="consent-pending-hint">
      <h2 className="h6 alert-heading">Wartet auf die Zustimmung der Kandidatin bzw. des Kandidaten</h2>
      <p className="mb-0">
        Die Prämienbörse hat der Person einen Link per E-Mail geschickt. Er gilt {CONSENT_LINK_DAYS} Tage; nach{' '}
        {CONSENT_REMINDER_DAYS} Tagen erinnern wir einmal. Bis zur Zustimmung sieht das Unternehmen nur das
        anonymisierte Profil; ohne Zustimmung entsteht kein Anspruch.
      </p>
    </Alert>
  );
}

/** Declined, expired or rejected before the candidate agreed: ended, no claim, data deleted. */
export function EndedWithoutConsentNotice({ introduction }: { introduction: Introduction }) {
  if (!CONSENT_ENDED_UNCONFIRMED.includes(introduction.consent.state)) return null;
  return (
    <Alert variant="secondary" className="mb-3" data-testid="consent-ended-notice">
      <h2 className="h6 alert-heading">Ohne Zustimmung beendet</h2>
      <p className="mb-1">{CONSENT_MSG.endedUnconfirmed}</p>
      <p className="mb-0">
        <strong>{CLAIM_STATE_LABELS.no_consent}</strong> · {CONSENT_STATE_LABELS[introduction.consent.state]}
        {introduction.personalDataDeletedAt
          ? ` · Personenbezogene Daten gelöscht am ${formatDate(introduction.personalDataDeletedAt)}`
          : null}
      </p>
    </Alert>
  );
}

/** The candidate withdrew their consent after the identity went out: ended as a rejection. */
export function WithdrawnNotice({ introduction }: { introduction: Introduction }) {
  if (introduction.consent.state !== 'withdrawn') return null;
  const at = introduction.consent.withdrawnAt;
  return (
    <Alert variant="secondary" className="mb-3" data-testid="consent-withdrawn-notice">
      Die Kandidatin bzw. der Kandidat hat die Einwilligung{at ? ` am ${formatDate(at)}` : ''} widerrufen. Die
      Vorstellung ist damit wie eine Absage beendet.
    </Alert>
  );
}

/**
 * The anonymised profile: open while it is all the company sees, folded away (but there) once the
 * identity is known.
 */
export function ProfileCard({
  profile,
  collapsed,
  forConsultant,
}: {
  profile: AnonymousProfile;
  collapsed: boolean;
  forConsultant: boolean;
}) {
  const hint = forConsultant ? (
    <p className="small text-body-secondary">Das sieht das Unternehmen bis zur Zustimmung.</p>
  ) : null;
  if (collapsed) {
    return (
      <section className="card shadow-sm mb-3" aria-label="Anonymisiertes Profil">
        <details className="card-body">
          <summary className="fw-semibold">Anonymisiertes Profil anzeigen</summary>
          <div className="mt-2">
            {hint}
            <AnonymousProfileFacts profile={profile} />
          </div>
        </details>
      </section>
    );
  }
  return (
    <section className="card shadow-sm mb-3" aria-labelledby="pb-profile-title">
      <div className="card-body">
        <h2 id="pb-profile-title" className="h6">
          Anonymisiertes Profil
        </h2>
        {hint}
        <AnonymousProfileFacts profile={profile} />
      </div>
    </section>
  );
}
