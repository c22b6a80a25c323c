import { useState } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  formatDate,
  formatDateTime,
  LEGAL_FORMS,
  MEMBER_ROLE_NAMES,
  ORGANISATION_KIND_NAMES,
  REGISTER_CHECK_MSG,
  REGISTER_CHECK_NOTE_MAX_LENGTH,
  REGISTER_FIELD_NAMES,
  REGISTER_FIELDS,
  registerCheckRequestSchema,
  termsLastDayText,
  type AdminOrganisationDetail,
  type RegisterField,
} from '@pb/core';
import { FormModal } from '../../components/FormModal';
import { useAdminOrganisation, useRecordRegisterCheck } from './api/organisations';
import { ErrorLine, Loading, PageHeader } from './components';
import { cell, ResponsiveTable } from './ResponsiveTable';

/** Where the office looks a field up. */
const WHERE_TO_CHECK: Record<RegisterField, string> = {
  register_number: 'im Firmenbuch (Auszug über justizonline.gv.at)',
  uid: 'mit einer UID-Bestätigung Stufe 2 (FinanzOnline oder VIES)',
  gisa_number: 'im GISA (gisa.gv.at): Gewerbe „Arbeitsvermittlung“, aufrecht',
};

function valueOf(organisation: AdminOrganisationDetail, field: RegisterField): string | null {
  if (field === 'register_number') return organisation.registerNumber;
  return field === 'uid' ? organisation.uid : organisation.gisaNumber;
}

/** /admin/organisations/:id: legal identity, members with roles, and the 'geprüft' marks with their history. */
export function Component() {
  const { id } = useParams();
  const organisationId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  const organisation = useAdminOrganisation(organisationId);
  const [checking, setChecking] = useState<RegisterField | null>(null);
  if (organisationId === null) return <Alert variant="warning">{REGISTER_CHECK_MSG.organisationNotFound}</Alert>;
  if (organisation.isPending) return <Loading />;
  if (!organisation.data) return <ErrorLine error={organisation.error} />;
  const o = organisation.data;
  // What the kind asks for, and whatever else the organisation gave (a company may name a GISA number).
  const fields = REGISTER_FIELDS.filter(
    (field) => field !== 'gisa_number' || o.kind === 'agency' || o.fieldsToCheck.includes(field),
  );

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/organisations">← Alle Organisationen</Link>
      </p>
      <PageHeader title={o.name}>
        {o.verified ? <Badge bg="success">geprüft</Badge> : <Badge bg="secondary">nicht geprüft</Badge>}
      </PageHeader>
      <div className="row g-3">
        <section className="col-lg-6" aria-labelledby="identity-title">
          <div className="card shadow-sm h-100">
            <div className="card-body">
              <h2 id="identity-title" className="h5">
                Rechtliche Identität
              </h2>
              <SameIdentity organisations={o.sameIdentity} />
              {!o.legalIdentityComplete ? (
                <Alert variant="warning" className="py-2">
                  Unvollständig: An diese Organisation kann noch keine Rechnung gehen.
                </Alert>
              ) : null}
              <dl className="row mb-0">
                <dt className="col-sm-5">Art</dt>
                <dd className="col-sm-7">{ORGANISATION_KIND_NAMES[o.kind]}</dd>
                <dt className="col-sm-5">Rechtsform</dt>
                <dd className="col-sm-7">{o.legalForm ? LEGAL_FORMS[o.legalForm].name : '–'}</dd>
                <dt className="col-sm-5">Anschrift</dt>
                <dd className="col-sm-7">
                  {o.street ? `${o.street}, ${o.postalCode ?? ''} ${o.city ?? ''}, ${o.country}` : '–'}
                </dd>
                <dt className="col-sm-5">Rechnungs-E-Mail</dt>
                <dd className="col-sm-7 text-break">{o.billingEmail ?? '–'}</dd>
                {fields.map((field) => {
                  const value = valueOf(o, field);
                  const current = o.checks.find((c) => c.field === field && c.current);
                  return (
                    <FieldRow
                      key={field}
                      field={field}
                      value={value}
                      checkedAt={current?.checkedAt ?? null}
                      needed={o.fieldsToCheck.includes(field)}
                      onCheck={() => setChecking(field)}
                    />
                  );
                })}
              </dl>
            </div>
          </div>
        </section>
        <section className="col-lg-6" aria-labelledby="members-title">
          <div className="card shadow-sm h-100">
            <div className="card-body">
              <h2 id="members-title" className="h5">
                Mitglieder ({o.memberCount})
              </h2>
              <ResponsiveTable columns={['Name', 'Rolle', 'Seit']} className="table table-sm mb-0" flat>
                {o.members.map((m) => (
                  <tr key={m.id}>
                    <td data-label="Name">
                      {m.username}
                      <div className={`small text-body-secondary ${cell.anywhere}`}>{m.email}</div>
                      {m.blocked ? <Badge bg="danger">Gesperrt</Badge> : null}
                    </td>
                    <td data-label="Rolle" className={cell.half}>
                      {MEMBER_ROLE_NAMES[m.role]}
                    </td>
                    <td data-label="Seit" className={`${cell.half} ${cell.nowrap}`}>
                      {formatDate(m.joinedAt)}
                    </td>
                  </tr>
                ))}
              </ResponsiveTable>
              {o.openInvitations > 0 ? (
                <p className="small text-body-secondary mt-2 mb-0">
                  {o.openInvitations === 1 ? '1 offene Einladung' : `${o.openInvitations} offene Einladungen`}
                </p>
              ) : null}
            </div>
          </div>
        </section>
      </div>
      <CheckHistory organisation={o} />
      {checking ? <CheckModal organisation={o} field={checking} onClose={() => setChecking(null)} /> : null}
    </>
  );
}

function FieldRow(props: {
  field: RegisterField;
  value: string | null;
  checkedAt: string | null;
  needed: boolean;
  onCheck: () => void;
}) {
  const name = REGISTER_FIELD_NAMES[props.field];
  return (
    <>
      <dt className="col-sm-5">{name}</dt>
      <dd className="col-sm-7" data-testid={`register-field-${props.field}`}>
        <span className="me-2">{props.value ?? (props.needed ? 'fehlt' : '–')}</span>
        {props.checkedAt ? (
          <Badge bg="success">geprüft am {formatDate(props.checkedAt)}</Badge>
        ) : props.value ? (
          <Button size="sm" variant="outline-primary" onClick={props.onCheck}>
            Als geprüft markieren<span className="visually-hidden">: {name}</span>
          </Button>
        ) : null}
      </dd>
    </>
  );
}

function CheckHistory({ organisation }: { organisation: AdminOrganisationDetail }) {
  return (
    <section className="card shadow-sm mt-3" aria-labelledby="checks-title">
      <div className="card-body">
        <h2 id="checks-title" className="h5">
          Prüfungen
        </h2>
        {organisation.checks.length === 0 ? (
          <p className="text-body-secondary mb-0">Noch keine Prüfung vermerkt.</p>
        ) : (
          // A list, not a table: the notes are sentences and stay readable at 375 px.
          <ul className="list-group list-group-flush">
            {organisation.checks.map((c) => (
              <li key={c.id} className="list-group-item px-0" data-testid="register-check">
                <div className="d-flex flex-wrap gap-2 align-items-baseline">
                  <strong>{REGISTER_FIELD_NAMES[c.field]}</strong>
                  <span>{c.value}</span>
                  {c.current ? (
                    <Badge bg="success">gilt</Badge>
                  ) : (
                    <Badge bg="secondary">gilt nicht mehr: Wert geändert</Badge>
                  )}
                </div>
                <p className="mb-1 text-break">{c.note}</p>
                <p className="small text-body-secondary mb-0">
                  {formatDateTime(c.checkedAt)} · {c.checkedBy ?? 'Betreiber'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function CheckModal(props: { organisation: AdminOrganisationDetail; field: RegisterField; onClose: () => void }) {
  const { organisation, field } = props;
  const record = useRecordRegisterCheck();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = REGISTER_FIELD_NAMES[field];
  const value = valueOf(organisation, field);
  const submit = () => {
    const parsed = registerCheckRequestSchema.safeParse({ field, value, note });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? REGISTER_CHECK_MSG.noteRequired);
      document.getElementById('register-check-note')?.focus();
      return;
    }
    setProblem(null);
    record.mutate({ id: organisation.id, ...parsed.data });
  };
  return (
    <FormModal
      title={`${name} als geprüft markieren`}
      onClose={props.onClose}
      onSubmit={submit}
      submitLabel="Als geprüft markieren"
      pending={record.isPending}
      error={record.error}
      done={
        record.isSuccess && record.data ? (
          <p className="mb-0" role="status">
            Vermerkt: {name} {value} von {organisation.name} ist geprüft.{' '}
            {record.data.data.verified
              ? 'Die andere Seite sieht ab jetzt „geprüft“.'
              : 'Das Abzeichen „geprüft“ erscheint, sobald alle Angaben geprüft sind.'}
          </p>
        ) : undefined
      }
    >
      <p>
        Prüfen Sie <strong>{value}</strong> ({organisation.name}) {WHERE_TO_CHECK[field]}. Die Markierung gilt, solange
        die Organisation den Wert nicht ändert. Die andere Seite sieht nur „geprüft“ und das Datum, nicht Ihre Notiz.
      </p>
      <Form.Group controlId="register-check-note">
        <Form.Label>Wie geprüft? (Notiz)</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={note}
          maxLength={REGISTER_CHECK_NOTE_MAX_LENGTH}
          isInvalid={problem !== null}
          aria-describedby={problem ? 'register-check-note-error' : undefined}
          onChange={(e) => {
            setNote(e.target.value);
            setProblem(null);
          }}
        />
        {problem ? (
          <Form.Control.Feedback type="invalid" id="register-check-note-error">
            {problem}
          </Form.Control.Feedback>
        ) : null}
      </Form.Group>
    </FormModal>
  );
}

const SAME_FIELD_NAMES = { register_number: 'Firmenbuchnummer', uid: 'UID' } as const;

/** Other organisations with the same UID or Firmenbuchnummer: a re-founding after an ended contract, or a duplicate. */
function SameIdentity({ organisations }: { organisations: AdminOrganisationDetail['sameIdentity'] }) {
  if (organisations.length === 0) return null;
  return (
    <Alert variant="warning" className="py-2">
      <p className="mb-1 fw-semibold">Dieselben Registerangaben wie:</p>
      <ul className="mb-0 ps-3">
        {organisations.map((other) => (
          <li key={other.id}>
            <Link to={`/admin/organisations/${other.id}`}>{other.name}</Link> (
            {other.fields.map((field) => SAME_FIELD_NAMES[field]).join(', ')}
            {other.contractEndsAt ? `; letzter Vertragstag ${termsLastDayText(other.contractEndsAt)}` : ''})
          </li>
        ))}
      </ul>
    </Alert>
  );
}
