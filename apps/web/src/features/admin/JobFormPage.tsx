import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import {
  DEFAULT_PLACEMENT_BONUS,
  firstMessage,
  jobDataSchema,
  MSG,
  placementBonusSchema,
  WORKING_TIMES,
  type AdminJob,
  type District,
} from '@pb/core';
import { BulletListEditor } from '../advertisements/components/BulletListEditor';
import {
  useAdminJob,
  useAllDistricts,
  useCompanies,
  useCreateAdminJob,
  useUpdateAdminJob,
  type AdminJobPayload,
} from './api';
import { ErrorLine, Loading, PageHeader } from './components';
import '../advertisements/advertisements.css';

const LIST_PATH = '/admin/advertisements';

interface FormState {
  companyId: string;
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
}

const EMPTY: FormState = {
  companyId: '',
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
};

function fromJob(job: AdminJob): FormState {
  return {
    companyId: job.users_permissions_user ? String(job.users_permissions_user.id) : '',
    jobTitle: job.jobTitle,
    workingTime: job.workingTime,
    street: job.location.street,
    postcode: job.location.postcode,
    city: job.location.city,
    salary: job.salary,
    district: job.district ? String(job.district.id) : '',
    assignment: [...job.assignment],
    requirements: [...job.requirements],
    benefits: [...job.benefits],
    jobInfo: [...job.jobInfo],
    placementBonus: String(job.currentPlacementBonus),
  };
}

const LISTS = [
  {
    key: 'assignment',
    label: 'Aufgabenbeschreibung',
    prompt: 'Noch keine Aufgaben eingetragen.',
    placeholder: 'z. B. Betreuung unserer Key Accounts',
  },
  {
    key: 'requirements',
    label: 'Qualifikationen/Erfahrung',
    prompt: 'Noch keine Anforderungen eingetragen.',
    placeholder: 'z. B. Abgeschlossene HTL',
  },
  {
    key: 'benefits',
    label: 'Benefits',
    prompt: 'Noch keine Benefits eingetragen.',
    placeholder: 'z. B. Gleitzeit und Homeoffice',
  },
  {
    key: 'jobInfo',
    label: 'Zusätzliche Informationen zur Position',
    prompt: 'Noch keine Zusatzinformationen eingetragen.',
    placeholder: 'z. B. Start ab sofort möglich',
  },
] as const;

/** Create an advertisement for a company (the spec's "the provider will post it") or edit any advertisement. */
export function Component() {
  const { id } = useParams();
  const jobId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  const editing = id !== undefined;
  const job = useAdminJob(jobId);
  if (!editing) return <JobForm job={null} initial={EMPTY} />;
  if (jobId === null) return <Alert variant="warning">{MSG.advertisementGone}</Alert>;
  if (job.isPending) return <Loading />;
  if (job.error) return <ErrorLine error={job.error} />;
  if (!job.data) {
    return (
      <>
        <Alert variant="warning">{MSG.advertisementGone}</Alert>
        <Link to={LIST_PATH}>Zurück zu den Inseraten</Link>
      </>
    );
  }
  return <JobForm key={job.data.id} job={job.data} initial={fromJob(job.data)} />;
}

function groupByState(districts: District[]): Array<[string, District[]]> {
  const groups = new Map<string, District[]>();
  for (const d of districts) groups.set(d.state, [...(groups.get(d.state) ?? []), d]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'de'));
}

function JobForm({ job, initial }: { job: AdminJob | null; initial: FormState }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>(initial);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const companies = useCompanies();
  const districts = useAllDistricts();
  const create = useCreateAdminJob();
  const update = useUpdateAdminJob();
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const missing = (value: string | readonly string[]) =>
    tried && (typeof value === 'string' ? !value.trim() : value.length === 0);
  const locationMissing = tried && !form.street.trim() && !form.postcode.trim() && !form.city.trim();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy) return;
    if (!job && !form.companyId) {
      setError('Bitte wählen Sie ein Unternehmen.');
      return;
    }
    const bonusText = form.placementBonus.replace(',', '.').trim();
    if (!bonusText || !placementBonusSchema.safeParse(bonusText).success) {
      setError(MSG.fillAllFields);
      return;
    }
    // The same schema the company's editor and the server use.
    const parsed = jobDataSchema.safeParse({
      jobTitle: form.jobTitle,
      workingTime: form.workingTime,
      assignment: form.assignment,
      requirements: form.requirements,
      benefits: form.benefits,
      jobInfo: form.jobInfo,
      location: { street: form.street, postcode: form.postcode, city: form.city },
      salary: form.salary,
      district: form.district,
      placementBonus: Number(bonusText),
    });
    if (!parsed.success) {
      setError(firstMessage(parsed.error));
      return;
    }
    const d = parsed.data;
    const data: AdminJobPayload = {
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
    };
    setError(null);
    const done = { onSuccess: () => navigate(LIST_PATH), onError: (e: Error) => setError(e.message) };
    if (job) update.mutate({ id: job.id, data }, done);
    else create.mutate({ companyId: Number(form.companyId), data }, done);
  };

  return (
    <>
      <PageHeader title={job ? 'Inserat bearbeiten' : 'Inserat für ein Unternehmen erstellen'} />
      <Form onSubmit={submit} noValidate className="pb-editor">
        <div className="row g-4">
          <div className="col-lg-8">
            <section className="card shadow-sm mb-4">
              <div className="card-body p-4">
                <Form.Group className="mb-3" controlId="admin-job-company">
                  <Form.Label>Unternehmen</Form.Label>
                  {job ? (
                    <Form.Control readOnly plaintext value={job.users_permissions_user?.username ?? '–'} />
                  ) : (
                    <Form.Select
                      value={form.companyId}
                      onChange={(e) => set('companyId', e.target.value)}
                      isInvalid={missing(form.companyId)}
                      disabled={companies.isPending}
                    >
                      <option value="">
                        {companies.isPending ? 'Unternehmen werden geladen …' : 'Bitte wählen …'}
                      </option>
                      {(companies.data ?? []).map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.username} ({c.email})
                        </option>
                      ))}
                    </Form.Select>
                  )}
                </Form.Group>
                <Form.Group className="mb-3" controlId="admin-job-title">
                  <Form.Label>Jobtitel</Form.Label>
                  <Form.Control
                    value={form.jobTitle}
                    maxLength={200}
                    onChange={(e) => set('jobTitle', e.target.value)}
                    isInvalid={missing(form.jobTitle)}
                  />
                  <Form.Text muted>Der Zusatz (m/w/d) wird automatisch angehängt.</Form.Text>
                </Form.Group>
                <div className="row g-3 mb-3">
                  <Form.Group className="col-sm-6" controlId="admin-job-working-time">
                    <Form.Label>Arbeitszeit</Form.Label>
                    <Form.Select
                      value={form.workingTime}
                      onChange={(e) => set('workingTime', e.target.value)}
                      isInvalid={missing(form.workingTime)}
                    >
                      <option value="">Bitte wählen …</option>
                      {WORKING_TIMES.map((w) => (
                        <option key={w} value={w}>
                          {w}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                  <Form.Group className="col-sm-6" controlId="admin-job-salary">
                    <Form.Label>Bruttojahresgehalt in EUR</Form.Label>
                    <Form.Control
                      value={form.salary}
                      maxLength={200}
                      onChange={(e) => set('salary', e.target.value)}
                      isInvalid={missing(form.salary)}
                      placeholder="z. B. 50.000 – 70.000"
                    />
                  </Form.Group>
                </div>
                <fieldset className="mb-3">
                  <legend className="form-label fs-6 mb-2">Arbeitsort</legend>
                  <div className="row g-3">
                    <Form.Group className="col-12" controlId="admin-job-street">
                      <Form.Label className="small text-body-secondary mb-1">Straße und Hausnummer</Form.Label>
                      <Form.Control
                        value={form.street}
                        maxLength={200}
                        onChange={(e) => set('street', e.target.value)}
                        isInvalid={locationMissing}
                      />
                    </Form.Group>
                    <Form.Group className="col-4" controlId="admin-job-postcode">
                      <Form.Label className="small text-body-secondary mb-1">PLZ</Form.Label>
                      <Form.Control
                        value={form.postcode}
                        maxLength={10}
                        inputMode="numeric"
                        onChange={(e) => set('postcode', e.target.value)}
                        isInvalid={locationMissing}
                      />
                    </Form.Group>
                    <Form.Group className="col-8" controlId="admin-job-city">
                      <Form.Label className="small text-body-secondary mb-1">Ort</Form.Label>
                      <Form.Control
                        value={form.city}
                        maxLength={120}
                        onChange={(e) => set('city', e.target.value)}
                        isInvalid={locationMissing}
                      />
                    </Form.Group>
                  </div>
                </fieldset>
                <Form.Group controlId="admin-job-district">
                  <Form.Label>Bezirk</Form.Label>
                  <Form.Select
                    value={form.district}
                    onChange={(e) => set('district', e.target.value)}
                    isInvalid={missing(form.district)}
                    disabled={districts.isPending}
                  >
                    <option value="">{districts.isPending ? 'Bezirke werden geladen …' : 'Bitte wählen …'}</option>
                    {groupByState(districts.data ?? []).map(([state, items]) => (
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
              <div className="card-body p-4">
                {LISTS.map((list) => (
                  <BulletListEditor
                    key={list.key}
                    label={list.label}
                    prompt={list.prompt}
                    placeholder={list.placeholder}
                    items={form[list.key]}
                    onChange={(items) => set(list.key, items)}
                    invalid={missing(form[list.key])}
                  />
                ))}
              </div>
            </section>
          </div>
          <div className="col-lg-4">
            <section className="card shadow-sm mb-4">
              <div className="card-body p-4">
                <Form.Group controlId="admin-job-bonus">
                  <Form.Label>Vermittlungsprämie</Form.Label>
                  <InputGroup>
                    <Form.Control
                      type="number"
                      min={0}
                      max={100}
                      step="0.5"
                      value={form.placementBonus}
                      onChange={(e) => set('placementBonus', e.target.value)}
                      isInvalid={missing(form.placementBonus)}
                    />
                    <InputGroup.Text>%</InputGroup.Text>
                  </InputGroup>
                  <Form.Text muted>Prozent des Bruttojahresgehalts.</Form.Text>
                </Form.Group>
              </div>
            </section>
            {error ? (
              <Alert variant="danger" role="alert">
                {error}
              </Alert>
            ) : null}
            <div className="d-flex gap-2">
              <Link to={LIST_PATH} className="btn btn-outline-secondary">
                Abbrechen
              </Link>
              <Button type="submit" disabled={busy}>
                {job ? 'Anpassungen speichern' : 'Veröffentlichen'}
              </Button>
            </div>
          </div>
        </div>
      </Form>
    </>
  );
}
