import type { ReactNode } from 'react';
import {
  CITY_MAX_LENGTH,
  DEFAULT_PLACEMENT_BONUS,
  DEFAULT_YEARLY_PAYMENTS,
  formatNumber,
  SALARY_FACTS_MSG,
  YEARLY_PAYMENTS_MAX,
  YEARLY_PAYMENTS_MIN,
  JOB_TITLE_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
  SALARY_TEXT_MAX_LENGTH,
  STREET_MAX_LENGTH,
  WORKING_TIMES,
  type District,
  type Job,
  type JobData,
} from '@pb/core';
import Form from 'react-bootstrap/Form';
import { BulletListEditor } from './BulletListEditor';

/** Body of POST/PUT /api/jobs (also of the admin's job routes). */
export type JobPayload = Pick<
  Job,
  | 'jobTitle'
  | 'workingTime'
  | 'assignment'
  | 'requirements'
  | 'benefits'
  | 'jobInfo'
  | 'location'
  | 'salary'
  | 'placementBonus'
> & {
  district: number;
  /** § 9 (2) GlBG, euros per month (the server stores cents). */
  kvMinimum: number | null;
  overpayment: boolean | null;
  yearlyPayments: number;
};

/** The advertisement fields shared by the company's editor and the admin's job form. */
export interface JobFieldsState {
  jobTitle: string;
  workingTime: string;
  street: string;
  postcode: string;
  city: string;
  salary: string;
  district: string;
  assignment: string[];
  requirements: string[];
  benefits: string[];
  jobInfo: string[];
  placementBonus: string;
  /** § 9 (2) GlBG: KV minimum per month (text as typed), overpayment ('ja' | 'nein' | ''), salaries a year. */
  kvMinimum: string;
  overpayment: '' | 'ja' | 'nein';
  yearlyPayments: string;
}

export const EMPTY_JOB_FIELDS: JobFieldsState = {
  jobTitle: '',
  workingTime: '',
  street: '',
  postcode: '',
  city: '',
  salary: '',
  district: '',
  assignment: [],
  requirements: [],
  benefits: [],
  jobInfo: [],
  placementBonus: String(DEFAULT_PLACEMENT_BONUS),
  kvMinimum: '',
  overpayment: '',
  yearlyPayments: String(DEFAULT_YEARLY_PAYMENTS),
};

/**
 * Cents as the form's euro text, as typed and read back by the schema: '2.450' or '2.450,50'
 * (formatNumber groups with a no-break space, which the schema does not read).
 */
function euroInput(cents: number): string {
  return formatNumber(cents / 100, cents % 100 === 0 ? 0 : 2).replace(/[\s\u00a0\u202f]/g, '.');
}

/** The form fields of a stored advertisement. */
export function jobFieldsFromJob(job: Job, placementBonus: number): JobFieldsState {
  return {
    jobTitle: job.jobTitle,
    workingTime: job.workingTime,
    street: job.location?.street ?? '',
    postcode: job.location?.postcode ?? '',
    city: job.location?.city ?? '',
    salary: job.salary,
    district: job.district ? String(job.district.id) : '',
    assignment: [...job.assignment],
    requirements: [...job.requirements],
    benefits: [...job.benefits],
    jobInfo: [...job.jobInfo],
    placementBonus: String(placementBonus),
    kvMinimum: job.salaryFacts?.kvMinimumCents != null ? euroInput(job.salaryFacts.kvMinimumCents) : '',
    overpayment: job.salaryFacts?.overpayment == null ? '' : job.salaryFacts.overpayment ? 'ja' : 'nein',
    yearlyPayments: String(job.salaryFacts?.yearlyPayments ?? DEFAULT_YEARLY_PAYMENTS),
  };
}

/** Input for jobDataSchema (the same schema the server uses). */
export function jobDataInput(form: JobFieldsState, placementBonus: number) {
  return {
    jobTitle: form.jobTitle,
    workingTime: form.workingTime,
    assignment: form.assignment,
    requirements: form.requirements,
    benefits: form.benefits,
    jobInfo: form.jobInfo,
    location: { street: form.street, postcode: form.postcode, city: form.city },
    salary: form.salary,
    district: form.district,
    placementBonus,
    kvMinimum: form.kvMinimum.trim() === '' ? null : form.kvMinimum,
    overpayment: form.overpayment === '' ? null : form.overpayment === 'ja',
    yearlyPayments: Number(form.yearlyPayments),
  };
}

/** The request body built from jobDataSchema's parsed output. */
export function jobPayload(d: JobData): JobPayload {
  return {
    jobTitle: d.jobTitle,
    workingTime: d.workingTime,
    assignment: d.assignment,
    requirements: d.requirements,
    benefits: d.benefits,
    jobInfo: d.jobInfo,
    location: { street: d.location.street, postcode: d.location.postcode, city: d.location.city },
    salary: d.salary,
    district: d.district,
    placementBonus: d.placementBonus ?? DEFAULT_PLACEMENT_BONUS,
    kvMinimum: d.kvMinimum == null ? null : d.kvMinimum / 100,
    overpayment: d.overpayment ?? null,
    yearlyPayments: d.yearlyPayments ?? DEFAULT_YEARLY_PAYMENTS,
  };
}

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

interface JobFieldsProps {
  value: JobFieldsState;
  onChange: <K extends keyof JobFieldsState>(key: K, value: JobFieldsState[K]) => void;
  /** After a submit attempt, empty fields are marked invalid. */
  tried: boolean;
  /** Prefix of the input ids, e.g. 'pb' → 'pb-job-title'. */
  idPrefix: string;
  districts: readonly District[] | undefined;
  districtsLoading: boolean;
  /** Extra fields shown first in the 'Eckdaten' card. */
  children?: ReactNode;
}

/** The 'Eckdaten' and 'Beschreibung' cards of an advertisement form. */
export function JobFields({ value, onChange, tried, idPrefix, districts, districtsLoading, children }: JobFieldsProps) {
  const missing = (v: string | readonly string[]) => tried && (typeof v === 'string' ? !v.trim() : v.length === 0);
  const locationMissing = tried && !value.street.trim() && !value.postcode.trim() && !value.city.trim();
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <>
      <section className="card shadow-sm mb-4">
        <div className="card-body p-3 p-md-4">
          <h2 className="h5 mb-3">Eckdaten</h2>
          {children}
          <Form.Group className="mb-3" controlId={id('job-title')}>
            <Form.Label>Jobtitel</Form.Label>
            <Form.Control
              value={value.jobTitle}
              maxLength={JOB_TITLE_MAX_LENGTH}
              onChange={(e) => onChange('jobTitle', e.target.value)}
              isInvalid={missing(value.jobTitle)}
              aria-describedby={id('job-title-hint')}
              placeholder="z. B. Projektleiter Hochbau"
            />
            <Form.Text id={id('job-title-hint')} muted>
              Der Zusatz (m/w/d) wird automatisch angehängt.
            </Form.Text>
          </Form.Group>
          <div className="row g-3 mb-3">
            <Form.Group className="col-sm-6" controlId={id('working-time')}>
              <Form.Label>Arbeitszeit</Form.Label>
              <Form.Select
                value={value.workingTime}
                onChange={(e) => onChange('workingTime', e.target.value)}
                isInvalid={missing(value.workingTime)}
              >
                <option value="">Bitte wählen …</option>
                {WORKING_TIMES.map((w) => (
                  <option key={w} value={w}>
                    {w}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="col-sm-6" controlId={id('salary')}>
              <Form.Label>Bruttojahresgehalt in EUR</Form.Label>
              <Form.Control
                value={value.salary}
                maxLength={SALARY_TEXT_MAX_LENGTH}
                onChange={(e) => onChange('salary', e.target.value)}
                isInvalid={missing(value.salary)}
                placeholder="z. B. 50.000 – 70.000"
                aria-describedby={id('salary-hint')}
              />
              <Form.Text id={id('salary-hint')} muted>
                Ein Betrag oder eine Spanne, z. B. 50.000 – 70.000.
              </Form.Text>
            </Form.Group>
          </div>
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">Entgeltangaben (optional)</legend>
            <p className="small text-body-secondary mb-2">{SALARY_FACTS_MSG.glbgHint}</p>
            <div className="row g-3">
              <Form.Group className="col-sm-5" controlId={id('kv-minimum')}>
                <Form.Label>KV-Mindestgehalt (€ brutto/Monat)</Form.Label>
                <Form.Control
                  inputMode="decimal"
                  value={value.kvMinimum}
                  onChange={(e) => onChange('kvMinimum', e.target.value)}
                  placeholder="z. B. 2.450"
                />
              </Form.Group>
              <Form.Group className="col-sm-3" controlId={id('yearly-payments')}>
                <Form.Label>Gehälter pro Jahr</Form.Label>
                <Form.Control
                  type="number"
                  min={YEARLY_PAYMENTS_MIN}
                  max={YEARLY_PAYMENTS_MAX}
                  value={value.yearlyPayments}
                  onChange={(e) => onChange('yearlyPayments', e.target.value)}
                />
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
                  isInvalid={locationMissing}
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
                  isInvalid={locationMissing}
                  autoComplete="postal-code"
                />
              </Form.Group>
              <Form.Group className="col-8" controlId={id('city')}>
                <Form.Label className="small text-body-secondary mb-1">Ort</Form.Label>
                <Form.Control
                  value={value.city}
                  maxLength={CITY_MAX_LENGTH}
                  onChange={(e) => onChange('city', e.target.value)}
                  isInvalid={locationMissing}
                  autoComplete="address-level2"
                />
              </Form.Group>
            </div>
          </fieldset>
          <Form.Group controlId={id('district')}>
            <Form.Label>Bezirk</Form.Label>
            <Form.Select
              value={value.district}
              onChange={(e) => onChange('district', e.target.value)}
              isInvalid={missing(value.district)}
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
          </Form.Group>
        </div>
      </section>

      <section className="card shadow-sm mb-4">
        <div className="card-body p-3 p-md-4">
          <h2 className="h5 mb-3">Beschreibung</h2>
          {LISTS.map((list) => (
            <BulletListEditor
              key={list.key}
              label={list.label}
              prompt={list.prompt}
              placeholder={list.placeholder}
              items={value[list.key]}
              onChange={(items) => onChange(list.key, items)}
              invalid={missing(value[list.key])}
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
