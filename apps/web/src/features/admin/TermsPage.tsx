import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  formatDate,
  formatDateTime,
  ORGANISATION_KIND_NAMES,
  TERMS_SUMMARY_MAX_LENGTH,
  TERMS_VERSION_MAX_LENGTH,
  termsEffectiveAt,
  termsLastDayText,
  termsVersionRequestSchema,
  type AdminTermsVersion,
  type TermsVersionRequest,
} from '@pb/core';
import { ConfirmModal } from '../../components/FormModal';
import { usePublishTermsVersion, useTermsDecisions, useTermsVersions } from './api/terms';
import { ErrorLine, Loading, PageHeader } from './components';

type FieldErrors = Partial<Record<keyof TermsVersionRequest, string>>;

/**
 * /admin/terms: the operator publishes a new version of the terms (every administrator is told, six
 * weeks to object) and sees who accepted or objected — objections first, with the contract's end.
 */
export function Component() {
  const versions = useTermsVersions();
  const publish = usePublishTermsVersion();
  const [form, setForm] = useState({ version: '', summary: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<TermsVersionRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  const check = () => {
    const parsed = termsVersionRequestSchema.safeParse(form);
    if (parsed.success) {
      setErrors({});
      setConfirming(parsed.data);
      return;
    }
    const found: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof TermsVersionRequest;
      found[field] ??= issue.message;
    }
    setErrors(found);
    document.getElementById(found.version ? 'terms-version' : 'terms-summary')?.focus();
  };

  return (
    <>
      <PageHeader title="AGB-Fassungen" />
      {/* Always mounted: a screen reader announces what is put into it. */}
      <div aria-live="polite" aria-atomic="true">
        {notice ? (
          <Alert variant="success" role="status" dismissible onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
      </div>
      <section className="card shadow-sm mb-4" aria-labelledby="publish-title">
        <Form
          className="card-body"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            check();
          }}
        >
          <h2 id="publish-title" className="h5">
            Neue Fassung veröffentlichen
          </h2>
          <Form.Group className="mb-3" controlId="terms-version">
            <Form.Label>Bezeichnung</Form.Label>
            <Form.Control
              value={form.version}
              maxLength={TERMS_VERSION_MAX_LENGTH}
              isInvalid={!!errors.version}
              aria-describedby={errors.version ? 'terms-version-error' : undefined}
              onChange={(e) => {
                setForm({ ...form, version: e.target.value });
                setErrors({ ...errors, version: undefined });
              }}
            />
            <Form.Control.Feedback type="invalid" id="terms-version-error">
              {errors.version}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="terms-summary">
            <Form.Label>Was ändert sich? (geht wörtlich an alle Administratoren)</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              value={form.summary}
              maxLength={TERMS_SUMMARY_MAX_LENGTH}
              isInvalid={!!errors.summary}
              aria-describedby={errors.summary ? 'terms-summary-error' : undefined}
              onChange={(e) => {
                setForm({ ...form, summary: e.target.value });
                setErrors({ ...errors, summary: undefined });
              }}
            />
            <Form.Control.Feedback type="invalid" id="terms-summary-error">
              {errors.summary}
            </Form.Control.Feedback>
          </Form.Group>
          <Button type="submit">Veröffentlichen …</Button>
        </Form>
      </section>
      <h2 className="h5">Veröffentlichte Fassungen</h2>
      <ErrorLine error={versions.error} />
      {versions.isPending ? <Loading /> : null}
      <div className="d-flex flex-column gap-3">
        {versions.data?.map((v) => (
          <VersionCard
            key={v.id}
            version={v}
            open={open === v.id}
            onToggle={() => setOpen(open === v.id ? null : v.id)}
          />
        ))}
      </div>
      {confirming ? (
        <ConfirmModal
          title={`„${confirming.version}“ veröffentlichen`}
          confirmLabel="Veröffentlichen und alle informieren"
          confirmVariant="primary"
          pending={publish.isPending}
          error={publish.error}
          onClose={() => {
            setConfirming(null);
            publish.reset();
          }}
          onConfirm={() =>
            publish.mutate(confirming, {
              onSuccess: (answer) => {
                setNotice(
                  `„${confirming.version}“ ist veröffentlicht; ${answer.data.told === 1 ? 'ein Administrator wurde' : `${answer.data.told} Administratoren wurden`} per E-Mail und in der App informiert.`,
                );
                setForm({ version: '', summary: '' });
                setConfirming(null);
              },
            })
          }
        >
          <p>
            Alle Administratoren aller Organisationen mit laufendem Vertrag erhalten sofort eine E-Mail mit Ihrem Text.
            Widerspruch ist bis einschließlich <strong>{termsLastDayText(termsEffectiveAt(new Date()))}</strong>{' '}
            möglich; danach gilt die Fassung für alle, die nicht widersprochen haben.
          </p>
          <p className="mb-0">Eine veröffentlichte Fassung kann nicht geändert oder zurückgezogen werden.</p>
        </ConfirmModal>
      ) : null}
    </>
  );
}

function VersionCard({
  version: v,
  open,
  onToggle,
}: {
  version: AdminTermsVersion;
  open: boolean;
  onToggle: () => void;
}) {
  const decisions = useTermsDecisions(open ? v.id : null);
  const applies = new Date(v.effectiveAt) <= new Date();
  return (
    <section className="card shadow-sm" aria-label={v.version} data-testid="admin-terms-version">
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 align-items-baseline justify-content-between">
          <h3 className="h6 mb-0">{v.version}</h3>
          <span className="small text-body-secondary">
            veröffentlicht {formatDate(v.publishedAt)}
            {v.publishedBy ? ` von ${v.publishedBy}` : ''} · gilt ab {formatDate(v.effectiveAt)}
          </span>
        </div>
        <p className="my-2 text-break" style={{ whiteSpace: 'pre-line' }}>
          {v.summary}
        </p>
        <p className="mb-2">
          <Badge bg="success">{v.accepted} zugestimmt</Badge>{' '}
          <Badge bg={v.objected > 0 ? 'danger' : 'secondary'}>{v.objected} widersprochen</Badge>{' '}
          <Badge bg="light" text="dark" className="border">
            {v.undecided} {applies ? 'ohne Widerspruch angenommen' : 'noch offen'}
          </Badge>
        </p>
        <Button size="sm" variant="outline-secondary" aria-expanded={open} onClick={onToggle}>
          {open ? 'Entscheidungen ausblenden' : 'Entscheidungen anzeigen'}
        </Button>
        {open ? (
          decisions.isPending ? (
            <Loading />
          ) : decisions.data && decisions.data.length > 0 ? (
            <ul className="list-group list-group-flush mt-2">
              {decisions.data.map((d) => (
                <li key={d.organisationId} className="list-group-item px-0" data-testid="admin-terms-decision">
                  <div className="d-flex flex-wrap gap-2 align-items-baseline">
                    <strong>{d.organisationName}</strong>
                    <span className="small text-body-secondary">{ORGANISATION_KIND_NAMES[d.kind]}</span>
                    <Badge bg={d.decision === 'objected' ? 'danger' : 'success'}>
                      {d.decision === 'objected' ? 'widersprochen' : 'zugestimmt'}
                    </Badge>
                  </div>
                  <p className="small mb-0">
                    {formatDateTime(d.decidedAt)}
                    {d.decidedBy ? ` · ${d.decidedBy}` : ''}
                    {d.decision === 'objected' && d.contractEndsAt
                      ? ` · letzter Vertragstag ${termsLastDayText(d.contractEndsAt)}`
                      : ''}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="small text-body-secondary mt-2 mb-0">Noch keine ausdrückliche Entscheidung.</p>
          )
        ) : null}
      </div>
    </section>
  );
}
