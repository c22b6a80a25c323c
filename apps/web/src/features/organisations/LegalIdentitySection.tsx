import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import {
  LEGAL_FORM_KEYS,
  LEGAL_FORMS,
  legalIdentityGap,
  legalIdentitySchema,
  type LegalIdentityInput,
  type Organisation,
} from '@pb/core';
import { PendingButton } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { ApiError, errorText } from '../../lib/http';
import { useSaveLegalIdentity } from './api';

type Fields = Required<{ [K in keyof LegalIdentityInput]: string }>;

function fieldsOf(organisation: Organisation): Fields {
  return {
    name: organisation.name,
    legalForm: organisation.legalForm ?? '',
    street: organisation.street ?? '',
    postalCode: organisation.postalCode ?? '',
    city: organisation.city ?? '',
    registerNumber: organisation.registerNumber ?? '',
    uid: organisation.uid ?? '',
    gisaNumber: organisation.gisaNumber ?? '',
    billingEmail: organisation.billingEmail ?? '',
  };
}

/** Every field's first message (what the server checks for this kind), so all show at once. */
function issuesOf(kind: Organisation['kind'], fields: Fields): Record<string, string> {
  const parsed = legalIdentitySchema.safeParse(fields);
  const issues: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (!(field in issues)) issues[field] = issue.message;
  }
  const gap = legalIdentityGap(kind, fields);
  if (gap && !(gap.field in issues)) issues[gap.field] = gap.message;
  return issues;
}

/** The server's refusal per field (its validation errors name each field's path, '/uid'). */
function serverIssues(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const body = error.body as { error?: { details?: { errors?: { path: string; message: string }[] } } } | null;
  const issues: Record<string, string> = {};
  for (const { path, message } of body?.error?.details?.errors ?? []) {
    const field = path.replace(/^\//, '');
    if (field && !(field in issues)) issues[field] = message;
  }
  return issues;
}

/**
 * 'Rechtliche Angaben': what invoices and the register name. Administrators edit it, every other
 * member reads it. Each field's message stands beside it; the first wrong field gets the focus.
 */
export function LegalIdentitySection({ organisation, editable }: { organisation: Organisation; editable: boolean }) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(organisation));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveLegalIdentity();

  const set = (field: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setSaved(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = issuesOf(organisation.kind, fields);
    setIssues(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`org-${first}`)?.focus();
      return;
    }
    save.mutate(fields, {
      onSuccess: (answer) => {
        // As stored: 'fn 033209 M' comes back as 'FN 33209m'.
        setFields(fieldsOf(answer.data));
        setSaved(true);
      },
      onError: (error) => setIssues(serverIssues(error)),
    });
  };

  const text = (field: keyof Fields, label: string, options: { hint?: string; autoComplete?: string } = {}) => (
    <TextField
      id={`org-${field}`}
      label={label}
      value={fields[field]}
      onChange={set(field)}
      invalid={field in issues}
      feedback={issues[field]}
      className="mb-3"
      {...options}
    />
  );

  if (!editable) {
    return (
      <dl className="row mb-0" data-testid="legal-identity">
        <dt className="col-sm-4">Name</dt>
        <dd className="col-sm-8">{organisation.name}</dd>
        <dt className="col-sm-4">Rechtsform</dt>
        <dd className="col-sm-8">{organisation.legalForm ? LEGAL_FORMS[organisation.legalForm].name : '–'}</dd>
        <dt className="col-sm-4">Anschrift</dt>
        <dd className="col-sm-8">
          {organisation.street ? `${organisation.street}, ${organisation.postalCode} ${organisation.city}` : '–'}
        </dd>
        <dt className="col-sm-4">Firmenbuchnummer</dt>
        <dd className="col-sm-8">{organisation.registerNumber ?? '–'}</dd>
        <dt className="col-sm-4">UID-Nummer</dt>
        <dd className="col-sm-8">{organisation.uid ?? '–'}</dd>
      </dl>
    );
  }

  return (
    <Form noValidate onSubmit={submit} data-testid="legal-identity">
      {text('name', 'Name laut Firmenbuch oder Gewerbeschein', { autoComplete: 'organization' })}
      <Form.Group className="mb-3" controlId="org-legalForm">
        <Form.Label>Rechtsform</Form.Label>
        <Form.Select
          value={fields.legalForm}
          onChange={(event) => set('legalForm')(event.target.value)}
          isInvalid={'legalForm' in issues}
        >
          <option value="">Bitte wählen</option>
          {LEGAL_FORM_KEYS.map((key) => (
            <option key={key} value={key}>
              {LEGAL_FORMS[key].name}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{issues.legalForm}</Form.Control.Feedback>
      </Form.Group>
      {text('street', 'Straße und Hausnummer', { autoComplete: 'street-address' })}
      <div className="row">
        <div className="col-sm-4">{text('postalCode', 'PLZ', { autoComplete: 'postal-code' })}</div>
        <div className="col-sm-8">{text('city', 'Ort', { autoComplete: 'address-level2' })}</div>
      </div>
      {text('registerNumber', 'Firmenbuchnummer', { hint: 'z. B. FN 123456a – für eingetragene Rechtsformen' })}
      {text('uid', 'UID-Nummer', { hint: 'z. B. ATU12345678' })}
      {organisation.kind === 'agency'
        ? text('gisaNumber', 'GISA-Zahl (Gewerbe Arbeitsvermittlung)', { hint: 'aus dem Gewerbeinformationssystem' })
        : null}
      {text('billingEmail', 'E-Mail-Adresse für Rechnungen', { autoComplete: 'email' })}
      {save.isError && Object.keys(issues).length === 0 ? (
        <Alert variant="danger">{errorText(save.error)}</Alert>
      ) : null}
      {saved ? (
        <Alert variant="success" role="status">
          Die rechtlichen Angaben wurden gespeichert.
        </Alert>
      ) : null}
      <PendingButton type="submit" pending={save.isPending}>
        Speichern
      </PendingButton>
    </Form>
  );
}
