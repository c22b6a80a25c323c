import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  termsLastDayText,
  TERMS_STANDING_NAMES,
  type OrganisationTerms,
  type TermsDecision,
  type TermsStanding,
} from '@pb/core';
import { api, errorText } from '../../lib/http';
import { ConfirmModal } from '../../components/FormModal';

/**
 * 'AGB' on the organisation page (issue 31, spec §9): every version of the terms with the
 * organisation's standing. An administrator may accept a new version early or object to it until
 * the day it applies; an objection ends the contract on that day, so it asks first.
 */

const termsKey = ['organisation', 'terms'] as const;

const STANDING_VARIANTS: Record<TermsStanding, string> = {
  accepted: 'success',
  deemed_accepted: 'success',
  objected: 'danger',
  open: 'warning',
};

type Version = OrganisationTerms['versions'][number];

export function TermsSection({ organisationName }: { organisationName: string }) {
  const queryClient = useQueryClient();
  const terms = useQuery({
    queryKey: termsKey,
    queryFn: () => api<{ data: OrganisationTerms }>('/organisation/terms'),
    select: (answer) => answer.data,
  });
  const [asking, setAsking] = useState<{ version: Version; decision: TermsDecision } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (v: { id: number; decision: TermsDecision }) =>
      api(`/organisation/terms/${v.id}/${v.decision === 'objected' ? 'objection' : 'acceptance'}`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: termsKey }),
  });

  const loaded = terms.data !== undefined;
  // The bell and the mail link here ('#agb'): scroll once the versions are shown.
  useEffect(() => {
    if (loaded && window.location.hash === '#agb') document.getElementById('agb')?.scrollIntoView();
  }, [loaded]);

  if (terms.isPending) return <Spinner role="status" aria-label="Wird geladen" size="sm" />;
  if (!terms.data) return <Alert variant="danger">{errorText(terms.error)}</Alert>;
  const { versions, contractEndsAt } = terms.data;

  return (
    <>
      <p className="small text-secondary">
        Die <Link to="/terms-and-conditions">AGB</Link> gelten zwischen der Prämienbörse und Ihrer Organisation. Einer
        geänderten Fassung können Administratoren sechs Wochen lang widersprechen; ohne Widerspruch gilt sie danach.
      </p>
      {contractEndsAt ? (
        <Alert variant="danger" data-testid="contract-ends">
          Der Vertrag von {organisationName} mit der Prämienbörse{' '}
          {new Date(contractEndsAt) <= new Date() ? 'endete' : 'endet'} mit Ablauf des{' '}
          {termsLastDayText(contractEndsAt)} (Widerspruch gegen geänderte AGB). Danach sind keine neuen Inserate,
          Unterhaltungen oder Vorstellungen möglich; bestehende Vermittlungen und Rechnungen bleiben unberührt.
        </Alert>
      ) : null}
      {/* Always mounted: a screen reader announces what is put into it. */}
      <div aria-live="polite" aria-atomic="true">
        {notice ? (
          <Alert variant="success" role="status" onClose={() => setNotice(null)} dismissible>
            {notice}
          </Alert>
        ) : null}
      </div>
      <ul className="list-group" data-testid="terms-versions">
        {versions.map((v) => (
          <li key={v.id} className="list-group-item" data-testid="terms-version">
            <div className="d-flex flex-wrap gap-2 align-items-baseline justify-content-between">
              <strong>{v.version}</strong>
              <Badge bg={STANDING_VARIANTS[v.standing]} text={v.standing === 'open' ? 'dark' : undefined}>
                {TERMS_STANDING_NAMES[v.standing]}
              </Badge>
            </div>
            <p className="mb-1 text-break" style={{ whiteSpace: 'pre-line' }}>
              {v.summary}
            </p>
            <p className="small text-secondary mb-0">
              Veröffentlicht am {formatDate(v.publishedAt)} · gilt ab {formatDate(v.effectiveAt)}
              {v.decidedAt ? ` · ${TERMS_STANDING_NAMES[v.standing]} am ${formatDate(v.decidedAt)}` : ''}
              {v.decidedBy ? ` von ${v.decidedBy}` : ''}
            </p>
            {v.standing === 'open' && !v.mayObject ? (
              <p className="small mb-0 mt-1">
                Widerspruch bis einschließlich {termsLastDayText(v.effectiveAt)} möglich – das entscheiden die
                Administratoren Ihrer Organisation.
              </p>
            ) : null}
            {v.mayObject ? (
              <div className="d-flex flex-wrap gap-2 mt-2">
                <Button
                  size="sm"
                  variant="outline-success"
                  onClick={() => setAsking({ version: v, decision: 'accepted' })}
                >
                  Zustimmen<span className="visually-hidden">: {v.version}</span>
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => setAsking({ version: v, decision: 'objected' })}
                >
                  Widersprechen<span className="visually-hidden">: {v.version}</span>
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {asking ? (
        <ConfirmModal
          title={
            asking.decision === 'objected'
              ? `Der Fassung „${asking.version.version}“ widersprechen`
              : `Der Fassung „${asking.version.version}“ zustimmen`
          }
          confirmLabel={asking.decision === 'objected' ? 'Widersprechen und Vertrag beenden' : 'Zustimmen'}
          confirmVariant={asking.decision === 'objected' ? 'danger' : 'success'}
          pending={decide.isPending}
          error={decide.error}
          onClose={() => {
            setAsking(null);
            decide.reset();
          }}
          onConfirm={() =>
            decide.mutate(
              { id: asking.version.id, decision: asking.decision },
              {
                onSuccess: () => {
                  setNotice(
                    asking.decision === 'objected'
                      ? `Ihr Widerspruch ist vermerkt. Der Vertrag endet mit Ablauf des ${termsLastDayText(asking.version.effectiveAt)}.`
                      : `Ihre Zustimmung zur Fassung „${asking.version.version}“ ist vermerkt.`,
                  );
                  setAsking(null);
                },
              },
            )
          }
        >
          {asking.decision === 'objected' ? (
            <p className="mb-0">
              Mit dem Widerspruch endet der Vertrag von <strong>{organisationName}</strong> mit der Prämienbörse mit
              Ablauf des <strong>{termsLastDayText(asking.version.effectiveAt)}</strong>. Ab dann sind keine neuen
              Inserate, Unterhaltungen oder Vorstellungen möglich; bestehende Vermittlungen, Ansprüche und Rechnungen
              laufen nach den bisherigen AGB weiter. Der Widerspruch kann nicht zurückgenommen werden.
            </p>
          ) : (
            <p className="mb-0">
              {organisationName} stimmt der Fassung „{asking.version.version}“ zu; sie gilt ab{' '}
              {formatDate(asking.version.effectiveAt)}. Ein späterer Widerspruch ist dann nicht mehr möglich.
            </p>
          )}
        </ConfirmModal>
      ) : null}
    </>
  );
}
