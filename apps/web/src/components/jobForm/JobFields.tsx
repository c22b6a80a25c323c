import type { ReactNode } from 'react';
import {
  CITY_MAX_LENGTH,
  JOB_FIELD_MSG,
  JOB_TITLE_MAX_LENGTH,
  missingJobFields,
  POSTCODE_MAX_LENGTH,
  SALARY_FACTS_MSG,
  SALARY_TEXT_MAX_LENGTH,
  STREET_MAX_LENGTH,
  WORKING_TIMES,
  YEARLY_PAYMENTS_MAX,
  YEARLY_PAYMENTS_MIN,
  type District,
} from '@pb/core';
import Form from 'react-bootstrap/Form';
import { FieldFeedback, invalidControlProps } from '../FieldFeedback';
import type { FieldErrors } from '../../lib/useSchemaSubmit';
import { BulletListEditor } from './BulletListEditor';
import { jobDataInput, type JobFieldsState } from './jobFormModel';

// The form's values and conversions moved to jobFormModel.ts; the pages import them from here too.
export {
  EMPTY_JOB_FIELDS,
  jobDataInput,
  jobFieldsFromJob,
  jobPayload,
  type JobFieldsState,
  type JobPayload,
} from './jobFormModel';

const LISTS = [
  {
    key: 'assignment',
    label: 'Aufgabenbeschreibung',
    prompt: 'Noch keine Aufgaben eingetragen. Beschreiben Sie, was die Stelle ausmacht.',
    placeholder: 'z. B. Betreuung unserer Key Accounts',
  },
  {
    key: 'requirements',
    label: 'Qualifikationen/Erfahrung',
    prompt: 'Noch keine Anforderungen eingetragen. Welche Ausbildung und Erfahrung wird erwartet?',
    placeholder: 'z. B. Abgeschlossene HTL oder FH im Bereich Elektrotechnik',
  },
  {
    key: 'benefits',
    label: 'Benefits',
    prompt: 'Noch keine Benefits eingetragen. Was bieten Sie Ihren Mitarbeiterinnen und Mitarbeitern?',
    placeholder: 'z. B. Gleitzeit und Homeoffice',
  },
  {
    key: 'jobInfo',
    label: 'Zusätzliche Informationen zur Position',
    prompt: 'Noch keine Zusatzinformationen eingetragen, etwa zu Team, Reisetätigkeit oder Startdatum.',
    placeholder: 'z. B. Start ab sofort möglich',
  },
] as const;

/**
 * The ids of the fields' controls by the key of their message (FieldErrors), in the form's order:
 * a form moves focus to the first refused one (for the address its first field, for a list its
 * text area).
 */
export function jobFieldIds(idPrefix: string) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return {
    jobTitle: id('job-title'),
    workingTime: id('working-time'),
    salary: id('salary'),
    kvMinimum: id('kv-minimum'),
    yearlyPayments: id('yearly-payments'),
    location: id('street'),
    district: id('district'),
    assignment: id('assignment-entry'),
    requirements: id('requirements-entry'),
    benefits: id('benefits-entry'),
    jobInfo: id('job-info-entry'),
  };
}

/** The required fields' messages for the values as they are (spec §5, the rule jobDataSchema applies). */
function requiredFieldErrors(value: JobFieldsState): FieldErrors {
  // The bonus is not among the required fields: any number does here.
  const missing = missingJobFields(jobDataInput(value, 0));
  return Object.fromEntries(missing.map((field) => [field, JOB_FIELD_MSG[field]]));
}

interface JobFieldsProps {
  value: JobFieldsState;
  onChange: <K extends keyof JobFieldsState>(key: K, value: JobFieldsState[K]) => void;
  /** Each refused field's message (the company's editor: kept from its last submit, see useSchemaForm). */
  errors?: FieldErrors;
  /** Without `errors`: after a submit attempt, the empty required fields are marked with their message. */
  tried?: boolean;
  /** Prefix of the input ids, e.g. 'pb' → 'pb-job-title'. */
  idPrefix: string;
  districts: readonly District[] | undefined;
  districtsLoading: boolean;
  /** Extra fields shown first in the 'Eckdaten' card. */
  children?: ReactNode;
}

/** The 'Eckdaten' and 'Beschreibung' cards of an advertisement form, each refused field with its message. */
export function JobFields({
  value,
  onChange,
  errors,
  tried = false,
  idPrefix,
  districts,
  districtsLoading,
  children,
}: JobFieldsProps) {
  const shown = errors ?? (tried ? requiredFieldErrors(value) : {});
  const ids = jobFieldIds(idPrefix);
  const id = (name: string) => `${idPrefix}-${name}`;
  const feedbackId = (key: keyof typeof ids) => `${ids[key]}-feedback`;
  const marks = (key: keyof typeof ids, ...describedBy: string[]) =>
    invalidControlProps(shown[key], feedbackId(key), ...describedBy);
  const feedback = (key: keyof typeof ids) => <FieldFeedback id={feedbackId(key)} message={shown[key]} />;
  // The address is one field of three inputs: all three are marked, the message follows the group.
  const locationMarks = marks('location');

  return (
    <>
      <section className="card shadow-sm mb-4">
        <div className="card-body p-3 p-md-4">
          <h2 className="h5 mb-3">Eckdaten</h2>
          {children}
          <Form.Group className="mb-3" controlId={ids.jobTitle}>
            <Form.Label>Jobtitel</Form.Label>
            <Form.Control
              value={value.jobTitle}
              maxLength={JOB_TITLE_MAX_LENGTH}
              onChange={(e) => onChange('jobTitle', e.target.value)}
              {...marks('jobTitle', id('job-title-hint'))}
              placeholder="z. B. Projektleiter Hochbau"
            />
            {feedback('jobTitle')}
            <Form.Text id={id('job-title-hint')} muted>
              Der Zusatz (m/w/d) wird automatisch angehängt.
            </Form.Text>
          </Form.Group>
          <div className="row g-3 mb-3">
            <Form.Group className="col-sm-6" controlId={ids.workingTime}>
              <Form.Label>Arbeitszeit</Form.Label>
              <Form.Select
                value={value.workingTime}
                onChange={(e) => onChange('workingTime', e.target.value)}
                {...marks('workingTime')}
              >
                <option value="">Bitte wählen …</option>
                {WORKING_TIMES.map((w) => (
                  <option key={w} value={w}>
                    {w}
                  </option>
                ))}
              </Form.Select>
              {feedback('workingTime')}
            </Form.Group>
            <Form.Group className="col-sm-6" controlId={ids.salary}>
              <Form.Label>Bruttojahresgehalt in EUR</Form.Label>
              <Form.Control
                value={value.salary}
                maxLength={SALARY_TEXT_MAX_LENGTH}
                onChange={(e) => onChange('salary', e.target.value)}
                placeholder="z. B. 50.000 – 70.000"
                {...marks('salary', id('salary-hint'))}
              />
              {feedback('salary')}
              <Form.Text id={id('salary-hint')} muted>
                Ein Betrag oder eine Spanne, z. B. 50.000 – 70.000.
              </Form.Text>
            </Form.Group>
          </div>
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">Entgeltangaben (optional)</legend>
            <p className="small text-body-secondary mb-2">{SALARY_FACTS_MSG.glbgHint}</p>
            <div className="row g-3">
              <Form.Group className="col-sm-5" controlId={ids.kvMinimum}>
                <Form.Label>KV-Mindestgehalt (€ brutto/Monat)</Form.Label>
                <Form.Control
                  inputMode="decimal"
                  value={value.kvMinimum}
                  onChange={(e) => onChange('kvMinimum', e.target.value)}
                  placeholder="z. B. 2.450"
                  {...marks('kvMinimum')}
                />
                {feedback('kvMinimum')}
              </Form.Group>
              <Form.Group className="col-sm-3" controlId={ids.yearlyPayments}>
                <Form.Label>Gehälter pro Jahr</Form.Label>
                <Form.Control
                  type="number"
                  min={YEARLY_PAYMENTS_MIN}
                  max={YEARLY_PAYMENTS_MAX}
                  value={value.yearlyPayments}
                  onChange={(e) => onChange('yearlyPayments', e.target.value)}
                  {...marks('yearlyPayments')}
                />
                {feedback('yearlyPayments')}
              </Form.Group>
              <fieldset className="col-sm-4">
                <legend className="form-label fs-6 mb-1">Überzahlung möglich</legend>
                {(
                  [
                    ['ja', 'Ja'],
                    ['nein', 'Nein'],
                    ['', 'Keine Angabe'],
                  ] as const
                ).map(([choice, label]) => (
                  <Form.Check
                    key={choice || 'none'}
                    type="radio"
                    inline
                    id={id(`overpayment-${choice || 'none'}`)}
                    name={id('overpayment')}
                    label={label}
                    checked={value.overpayment === choice}
                    onChange={() => onChange('overpayment', choice)}
                  />
                ))}
              </fieldset>
            </div>
          </fieldset>
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-2">Arbeitsort</legend>
            <div className="row g-3">
              <Form.Group className="col-12" controlId={id('street')}>
                <Form.Label className="small text-body-secondary mb-1">Straße und Hausnummer</Form.Label>
                <Form.Control
                  value={value.street}
                  maxLength={STREET_MAX_LENGTH}
                  onChange={(e) => onChange('street', e.target.value)}
                  {...locationMarks}
                  autoComplete="street-address"
                />
              </Form.Group>
              <Form.Group className="col-4" controlId={id('postcode')}>
                <Form.Label className="small text-body-secondary mb-1">PLZ</Form.Label>
                <Form.Control
                  value={value.postcode}
                  maxLength={POSTCODE_MAX_LENGTH}
                  inputMode="numeric"
                  onChange={(e) => onChange('postcode', e.target.value)}
                  {...locationMarks}
                  autoComplete="postal-code"
                />
              </Form.Group>
              <Form.Group className="col-8" controlId={id('city')}>
                <Form.Label className="small text-body-secondary mb-1">Ort</Form.Label>
                <Form.Control
                  value={value.city}
                  maxLength={CITY_MAX_LENGTH}
                  onChange={(e) => onChange('city', e.target.value)}
                  {...locationMarks}
                  autoComplete="address-level2"
                />
              </Form.Group>
            </div>
            <FieldFeedback id={feedbackId('location')} message={shown.location} standalone />
          </fieldset>
          <Form.Group controlId={ids.district}>
            <Form.Label>Bezirk</Form.Label>
            <Form.Select
              value={value.district}
              onChange={(e) => onChange('district', e.target.value)}
              {...marks('district')}
              disabled={districtsLoading}
            >
              <option value="">{districtsLoading ? 'Bezirke werden geladen …' : 'Bitte wählen …'}</option>
              {groupByState(districts ?? []).map(([state, items]) => (
                <optgroup key={state} label={state}>
                  {items.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Form.Select>
            {feedback('district')}
          </Form.Group>
        </div>
      </section>

      <section className="card shadow-sm mb-4">
        <div className="card-body p-3 p-md-4">
          <h2 className="h5 mb-3">Beschreibung</h2>
          {LISTS.map((list) => (
            <BulletListEditor
              key={list.key}
              id={ids[list.key]}
              label={list.label}
              prompt={list.prompt}
              placeholder={list.placeholder}
              items={value[list.key]}
              onChange={(items) => onChange(list.key, items)}
              error={shown[list.key]}
            />
          ))}
        </div>
      </section>
    </>
  );
}

function groupByState(districts: readonly District[]): Array<[string, District[]]> {
  const groups = new Map<string, District[]>();
  for (const d of districts) groups.set(d.state, [...(groups.get(d.state) ?? []), d]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'de-AT'));
}
