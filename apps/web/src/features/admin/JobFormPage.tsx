import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { ADMIN_MSG, firstMessage, jobDataSchema, MSG, placementBonusSchema, type AdminJob } from '@pb/core';
import {
  EMPTY_JOB_FIELDS,
  JobFields,
  jobDataInput,
  jobFieldsFromJob,
  jobPayload,
  type JobFieldsState,
  type JobPayload,
} from '../../components/jobForm/JobFields';
import { useAllDistricts } from './api/districts';
import { useAdminJob, useCreateAdminJob, useUpdateAdminJob } from './api/jobs';
import { useCompanies } from './api/users';
import { ErrorLine, Loading, PageHeader } from './components';

const LIST_PATH = '/admin/advertisements';

interface FormState extends JobFieldsState {
  companyId: string;
}

const EMPTY: FormState = { companyId: '', ...EMPTY_JOB_FIELDS };

function fromJob(job: AdminJob): FormState {
  return {
    companyId: job.users_permissions_user ? String(job.users_permissions_user.id) : '',
    ...jobFieldsFromJob(job, job.currentPlacementBonus),
  };
}

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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy) return;
    if (!job && !form.companyId) {
      setError(ADMIN_MSG.companyRequired);
      return;
    }
    const bonusText = form.placementBonus.replace(',', '.').trim();
    if (!bonusText || !placementBonusSchema.safeParse(bonusText).success) {
      setError(MSG.fillAllFields);
      return;
    }
    // The same schema the company's editor and the server use.
    const parsed = jobDataSchema.safeParse(jobDataInput(form, Number(bonusText)));
    if (!parsed.success) {
      setError(firstMessage(parsed.error));
      return;
    }
    const data: JobPayload = jobPayload(parsed.data);
    setError(null);
    const done = { onSuccess: () => navigate(LIST_PATH), onError: (e: Error) => setError(e.message) };
    if (job) update.mutate({ id: job.id, data }, done);
    else create.mutate({ companyId: Number(form.companyId), data }, done);
  };

  return (
    <>
      <PageHeader title={job ? 'Inserat bearbeiten' : 'Inserat für ein Unternehmen erstellen'} />
      <Form onSubmit={submit} noValidate>
        <div className="row g-4">
          <div className="col-lg-8">
            <JobFields
              value={form}
              onChange={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
              tried={tried}
              idPrefix="admin-job"
              districts={districts.data}
              districtsLoading={districts.isPending}
            >
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
                    <option value="">{companies.isPending ? 'Unternehmen werden geladen …' : 'Bitte wählen …'}</option>
                    {(companies.data ?? []).map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.username} ({c.email})
                      </option>
                    ))}
                  </Form.Select>
                )}
              </Form.Group>
            </JobFields>
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
