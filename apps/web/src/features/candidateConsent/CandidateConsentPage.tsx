import { useRef, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  CONSENT_MSG,
  formatDate,
  LONGER_KEEPING_MONTHS,
  RECONTACT_WINDOW_MONTHS,
  viennaParts,
  type CandidateConsentView,
  type ConsentState,
} from '@pb/core';
import { ConfirmModal, PendingButton } from '../../components/FormModal';
import { AnonymousProfileFacts } from '../../components/introductions/Consent';
import { PublicLayout } from '../../components/public/PublicLayout';
import { errorText } from '../../lib/http';
import { ConsentPrivacy } from './ConsentPrivacy';
import { pageLinkToken, useConsentAction, useConsentView, type ConsentAction } from './api';
import { Announcement, MISSING_LINK_TOKEN } from '../../components/Announcement';

/** What the page says of a link already answered, or no longer open. */
const STATE_TEXT: Record<Exclude<ConsentState, 'pending'>, string> = {
  confirmed: CONSENT_MSG.alreadyConfirmed,
  declined: CONSENT_MSG.alreadyDeclined,
  expired: CONSENT_MSG.expired,
  cancelled: CONSENT_MSG.cancelled,
  withdrawn: CONSENT_MSG.alreadyWithdrawn,
};

/** What the page says right after the candidate's own answer. */
const OUTCOME_TEXT: Record<ConsentAction['kind'], string> = {
  confirm: CONSENT_MSG.confirmed,
  decline: CONSENT_MSG.declined,
  withdraw: CONSENT_MSG.withdrawn,
};

/** '12.03.2026, 14:30 Uhr' in Vienna time. */
function deadlineText(iso: string): string {
  const { hour, minute } = viennaParts(iso);
  return `${formatDate(iso)}, ${hour}:${minute} Uhr`;
}

/**
 * '/einwilligung#<token>' (issue 35): the candidate, without an account, sees who would introduce
 * them to whom for which position, what the company sees now and what it would get, and answers
 * — confirm (optionally with longer keeping), decline (asked first), and after a confirmation
 * withdraw (asked first). Nothing but the server's view of the link is shown.
 */
export function Component() {
  const [link] = useState(pageLinkToken);
  const token = link.kind === 'token' ? link.token : null;
  const view = useConsentView(token);
  return (
    <PublicLayout
      title="Ihre Zustimmung zur Vorstellung – Prämienbörse"
      description="Zustimmung zu einer Vorstellung bei einem Unternehmen über die Prämienbörse."
    >
      <div className="container py-4 py-md-5" style={{ maxWidth: '46rem', overflowWrap: 'anywhere' }}>
        <h1 className="h3 mb-3">Ihre Zustimmung zur Vorstellung</h1>
        {link.kind === 'missing' ? (
          <Announcement variant="danger" testId="consent-link-problem">
            {MISSING_LINK_TOKEN}
          </Announcement>
        ) : link.kind === 'invalid' ? (
          <Announcement variant="danger" testId="consent-link-problem">
            {CONSENT_MSG.invalidLink}
          </Announcement>
        ) : view.isPending ? (
          <Spinner animation="border" role="status" aria-label="Wird geladen" />
        ) : view.isError ? (
          <Announcement variant="danger" testId="consent-link-problem">
            {errorText(view.error)}
          </Announcement>
        ) : (
          <ConsentDetails token={link.token} view={view.data} />
        )}
      </div>
    </PublicLayout>
  );
}

function ConsentDetails({ token, view }: { token: string; view: CandidateConsentView }) {
  const action = useConsentAction(token);
  const [asking, setAsking] = useState<'decline' | 'withdraw' | null>(null);
  const [outcome, setOutcome] = useState<ConsentAction['kind'] | null>(null);
  // The result takes focus; after a dialog, once it has gone (the dialog holds focus until then).
  const result = useRef<HTMLDivElement>(null);
  const run = (next: ConsentAction) => {
    setOutcome(null);
    action.mutate(next, {
      onSuccess: () => {
        setAsking(null);
        setOutcome(next.kind);
      },
    });
  };
  const ask = (which: 'decline' | 'withdraw') => {
    action.reset();
    setAsking(which);
  };
  const dialog = {
    onClose: () => setAsking(null),
    onExited: () => result.current?.focus(),
    pending: action.isPending,
    // A refusal (already answered, expired) stays in the dialog; the page shows the link's state anew.
    error: action.error,
  };
  const { agencyName: agency, companyName: company } = view;
  const pending = view.state === 'pending';
  const given = view.state === 'confirmed';
  return (
    <>
      {action.isError && asking === null ? (
        <Announcement variant="danger" testId="consent-error" ref={result}>
          {errorText(action.error)}
        </Announcement>
      ) : outcome ? (
        <Announcement variant={outcome === 'confirm' ? 'success' : 'info'} testId="consent-outcome" ref={result}>
          {OUTCOME_TEXT[outcome]}
        </Announcement>
      ) : view.state !== 'pending' ? (
        <Alert variant="info" data-testid="consent-state">
          {STATE_TEXT[view.state]}
        </Alert>
      ) : null}

      <p className="lead text-break">
        {pending ? (
          <>
            Die Personalvermittlung <strong>{agency}</strong> möchte Sie dem Unternehmen <strong>{company}</strong> für
            die Position <strong>„{view.jobTitle}“</strong> vorstellen.
          </>
        ) : (
          <>
            Die Personalvermittlung <strong>{agency}</strong> hat Sie am {formatDate(view.introducedAt)} dem Unternehmen{' '}
            <strong>{company}</strong> für die Position <strong>„{view.jobTitle}“</strong> vorgeschlagen.
          </>
        )}
      </p>
      {pending && view.expiresAt ? (
        <p data-testid="consent-deadline">
          Bitte antworten Sie bis <strong>{deadlineText(view.expiresAt)}</strong> (Wiener Zeit). Ohne Ihre Antwort endet
          die Vorstellung dann und Ihre Daten werden gelöscht.
        </p>
      ) : null}

      {view.profile && (pending || given) ? (
        <section aria-labelledby="consent-profile" className="mt-4">
          <h2 id="consent-profile" className="h5">
            {pending ? 'Was das Unternehmen jetzt sieht' : 'Ihr anonymisiertes Profil'}
          </h2>
          <p className="text-body-secondary">
            {pending
              ? 'Bis zu Ihrer Zustimmung sieht das Unternehmen nur dieses anonymisierte Profil, ohne Namen, Kontaktdaten und Lebenslauf:'
              : 'So hat die Personalvermittlung Sie beschrieben:'}
          </p>
          <AnonymousProfileFacts profile={view.profile} />
        </section>
      ) : null}

      {pending || given ? <Shares view={view} /> : null}

      {pending ? (
        <Confirmation
          view={view}
          busy={action.isPending}
          onConfirm={(keepLonger) => run({ kind: 'confirm', keepLonger })}
        >
          <Button variant="outline-danger" onClick={() => ask('decline')} disabled={action.isPending}>
            Nicht vorstellen
          </Button>
        </Confirmation>
      ) : null}

      {given ? (
        <section aria-labelledby="consent-withdraw" className="mt-4">
          <h2 id="consent-withdraw" className="h5">
            Einwilligung widerrufen
          </h2>
          {view.keepLonger ? (
            <p>
              Sie haben zugestimmt, dass Ihre Daten bis zu {LONGER_KEEPING_MONTHS} Monate nach einer Absage aufbewahrt
              werden.
            </p>
          ) : null}
          <p>
            Sie können Ihre Einwilligung jederzeit widerrufen. Die Vorstellung endet dann; Kontaktdaten, Lebenslauf,
            Kurzbeschreibung und Profil werden gelöscht, und das Unternehmen sowie {agency} werden informiert.
          </p>
          <Button variant="outline-danger" onClick={() => ask('withdraw')} disabled={action.isPending}>
            Einwilligung widerrufen
          </Button>
        </section>
      ) : null}

      <ConsentPrivacy view={view} />

      <ConfirmModal
        show={asking === 'decline'}
        title="Vorstellung ablehnen?"
        {...dialog}
        confirmLabel="Nicht vorstellen"
        onConfirm={() => run({ kind: 'decline' })}
      >
        <p className="mb-0">
          {company} erhält Ihre Daten nicht, die Vorstellung durch {agency} endet und die Prämienbörse löscht Ihre Daten
          sofort. Das lässt sich nicht rückgängig machen.
        </p>
      </ConfirmModal>
      <ConfirmModal
        show={asking === 'withdraw'}
        title="Einwilligung widerrufen?"
        {...dialog}
        confirmLabel="Einwilligung widerrufen"
        onConfirm={() => run({ kind: 'withdraw' })}
      >
        <p className="mb-0">
          Die Vorstellung bei {company} endet; Kontaktdaten, Lebenslauf, Kurzbeschreibung und Profil werden gelöscht.
          Was {company} bereits erhalten hat, bleibt davon unberührt. Das lässt sich nicht rückgängig machen.
        </p>
      </ConfirmModal>
    </>
  );
}

/** What the company gets on confirmation (or got): categories from the view, never the data. */
function Shares({ view }: { view: CandidateConsentView }) {
  const items = [
    view.shares.name && 'Ihr Name',
    view.shares.email && 'Ihre E-Mail-Adresse',
    view.shares.phone && 'Ihre Telefonnummer',
    view.shares.cv && 'Ihr Lebenslauf',
    view.shares.pitch && 'die Kurzbeschreibung der Personalvermittlung',
  ].filter((item): item is string => typeof item === 'string');
  if (items.length === 0) return null;
  const pending = view.state === 'pending';
  return (
    <section aria-labelledby="consent-shares" className="mt-4">
      <h2 id="consent-shares" className="h5">
        {pending ? 'Was das Unternehmen mit Ihrer Zustimmung erhält' : 'Was das Unternehmen erhalten hat'}
      </h2>
      <ul data-testid="consent-shares">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** The candidate's 'Ja' with the optional longer keeping, beside the 'Nein' (`children`). */
function Confirmation({
  view,
  busy,
  onConfirm,
  children,
}: {
  view: CandidateConsentView;
  busy: boolean;
  onConfirm: (keepLonger: boolean) => void;
  children: ReactNode;
}) {
  const [keepLonger, setKeepLonger] = useState(false);
  return (
    <section aria-labelledby="consent-answer" className="mt-4">
      <h2 id="consent-answer" className="h5">
        Ihre Antwort
      </h2>
      <Form.Check
        id="consent-keep-longer"
        className="mb-3"
        checked={keepLonger}
        onChange={(e) => setKeepLonger(e.target.checked)}
        label={`Meine Daten dürfen bis zu ${LONGER_KEEPING_MONTHS} Monate nach einer Absage aufbewahrt werden, damit mich ${view.agencyName} für weitere Stellen ansprechen kann.`}
      />
      <div className="d-grid gap-2 d-sm-flex">
        {/* Long unbroken organisation names wrap instead of widening the page (375 px). */}
        <PendingButton className="text-break" pending={busy} onClick={() => onConfirm(keepLonger)}>
          Ich möchte von {view.agencyName} bei {view.companyName} vorgestellt werden
        </PendingButton>
        {children}
      </div>
      <Form.Text muted className="d-block mt-2">
        Die längere Aufbewahrung ist freiwillig; ohne sie löschen wir Ihre Daten {RECONTACT_WINDOW_MONTHS} Monate nach
        einer Absage.
      </Form.Text>
    </section>
  );
}
