import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  DEFAULT_PLACEMENT_BONUS,
  firstMessage,
  jobDataSchema,
  MSG,
  placementBonusSchema,
  validateChatFiles,
  WORKING_TIMES,
  type District,
  type Job,
} from '@pb/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from '../../lib/session';
import { uploadAttachments, useAttachments, useDeleteAttachment, useInvalidateAttachments } from './api/attachments';
import { useAddBonus, useBonusHistory } from './api/bonuses';
import { useDistricts } from './api/districts';
import { useJob, useSaveJob, type JobPayload } from './api/jobs';
import { AttachmentList } from './components/AttachmentList';
import { BonusHistory } from './components/BonusHistory';
import { BulletListEditor } from './components/BulletListEditor';
import { DocumentPicker } from './components/DocumentPicker';
import { FeeEstimate } from './components/FeeEstimate';
import { Icon } from './components/Icon';
import { parseNumberInput } from './components/ReportFields';
import { activeBonus } from './jobFormat';
import './advertisements.css';

const LIST_PATH = '/advertisements/create';

interface FormState {
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

const EMPTY_FORM: FormState = {
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

function formFromJob(job: Job): FormState {
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
    placementBonus: String(activeBonus(job)),
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

/** New ('Neues Inserat erstellen') and edit ('Inserat bearbeiten') form (spec §2). */
export function Component() {
  const { id } = useParams();
  const session = useSession();
  const jobId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  const editing = id !== undefined;
  const job = useJob(editing ? jobId : null);

  if (session?.role !== 'company') {
    return (
      <EditorFrame title={editing ? 'Inserat bearbeiten' : 'Neues Inserat erstellen'}>
        <Alert variant="info">Inserate können nur Unternehmen erstellen und bearbeiten.</Alert>
      </EditorFrame>
    );
  }
  if (!editing) return <EditorForm job={null} initial={EMPTY_FORM} />;
  if (jobId === null) return <Missing />;
  if (job.isPending) {
    return (
      <EditorFrame title="Inserat bearbeiten">
        <div className="text-center py-5">
          <Spinner role="status" aria-label="Inserat wird geladen" />
        </div>
      </EditorFrame>
    );
  }
  if (job.error) {
    return (
      <EditorFrame title="Inserat bearbeiten">
        <Alert variant="danger">{job.error.message}</Alert>
      </EditorFrame>
    );
  }
  // a deactivated advertisement (only its owner still gets it) cannot be edited
  if (!job.data || job.data.publishedAt === null) return <Missing />;
  // spec §2: content loads only if the advertisement's owner is the current user
  if (job.data.users_permissions_user?.id !== session.userId) {
    return (
      <EditorFrame title="Inserat bearbeiten">
        <Alert variant="warning">Sie können nur Ihre eigenen Inserate bearbeiten.</Alert>
        <Link to={LIST_PATH}>Zurück zu meinen Inseraten</Link>
      </EditorFrame>
    );
  }
  return <EditorForm key={job.data.id} job={job.data} initial={formFromJob(job.data)} />;
}

function Missing() {
  return (
    <EditorFrame title="Inserat bearbeiten">
      <Alert variant="warning">{MSG.advertisementGone}</Alert>
      <Link to={LIST_PATH}>Zurück zu meinen Inseraten</Link>
    </EditorFrame>
  );
}

function EditorFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container py-4 py-lg-5 pb-editor">
      <h1 className="h3 mb-4">{title}</h1>
      {children}
    </div>
  );
}

function EditorForm({ job, initial }: { job: Job | null; initial: FormState }) {
  const navigate = useNavigate();
  const location = useLocation();
  const editing = job !== null;
  const [form, setForm] = useState<FormState>(initial);
  const [error, setError] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const [tried, setTried] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const districts = useDistricts();
  const save = useSaveJob();
  const history = useBonusHistory(job?.id ?? null);
  const addBonus = useAddBonus(job?.id ?? 0);
  const attachments = useAttachments(job?.id ?? null);
  const removeAttachment = useDeleteAttachment(job?.id ?? 0);
  const invalidateAttachments = useInvalidateAttachments();

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const bonus = parseNumberInput(form.placementBonus);
  const busy = save.isPending || uploading;
  const missing = (value: string | readonly string[]) =>
    tried && (typeof value === 'string' ? !value.trim() : value.length === 0);
  const locationMissing = tried && !form.street.trim() && !form.postcode.trim() && !form.city.trim();

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
    placementBonus: Number.isFinite(bonus) ? bonus : DEFAULT_PLACEMENT_BONUS,
  });
  const bonusValid =
    form.placementBonus.trim() !== '' && placementBonusSchema.safeParse(form.placementBonus.replace(',', '.')).success;
  // spec §5: the message shows while the form is incomplete after a publish attempt
  const formMessage = !tried
    ? null
    : !parsed.success
      ? firstMessage(parsed.error)
      : !bonusValid
        ? MSG.fillAllFields
        : null;
  const shownError = formMessage ?? error;

  const payload = (): JobPayload | null => {
    if (!parsed.success) return null;
    const d = parsed.data;
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
    };
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy) return;
    setError(null);
    if (!bonusValid) return;
    const fileProblem = validateChatFiles(files);
    if (fileProblem) {
      setError(fileProblem);
      return;
    }
    const data = payload();
    if (!data) return;
    save.mutate(
      { id: job?.id ?? null, data },
      {
        onSuccess: async (res) => {
          const savedId = res.data.id;
          if (files.length > 0) {
            setUploading(true);
            try {
              await uploadAttachments(savedId, files);
              invalidateAttachments(savedId);
            } catch (e) {
              setUploading(false);
              const message = `Das Inserat wurde gespeichert, die Dateien konnten aber nicht hochgeladen werden: ${e instanceof Error ? e.message : MSG.internal}`;
              // a new advertisement exists now: continue in its editor so a retry cannot create it twice
              if (!editing)
                navigate(`/advertisements/create/update/${savedId}`, { replace: true, state: { notice: message } });
              else setError(message);
              return;
            }
            setUploading(false);
          }
          navigate(LIST_PATH);
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  const onAddBonus = () => {
    if (!job) return;
    const newBonus = placementBonusSchema.safeParse(form.placementBonus.replace(',', '.'));
    if (!form.placementBonus.trim() || !newBonus.success) {
      setError(newBonus.success ? MSG.fillAllFields : firstMessage(newBonus.error));
      return;
    }
    setError(null);
    addBonus.mutate(newBonus.data, { onError: (e) => setError(e.message) });
  };

  const districtGroups = groupByState(districts.data ?? []);
  const existing = attachments.data ?? [];

  return (
    <EditorFrame title={editing ? 'Inserat bearbeiten' : 'Neues Inserat erstellen'}>
      <Form onSubmit={submit} noValidate>
        <div className="row g-4">
          <div className="col-lg-8">
            <section className="card shadow-sm mb-4">
              <div className="card-body p-3 p-md-4">
                <h2 className="h5 mb-3">Eckdaten</h2>
                <Form.Group className="mb-3" controlId="pb-job-title">
                  <Form.Label>Jobtitel</Form.Label>
                  <Form.Control
                    value={form.jobTitle}
                    maxLength={200}
                    onChange={(e) => set('jobTitle', e.target.value)}
                    isInvalid={missing(form.jobTitle)}
                    aria-describedby="pb-job-title-hint"
                    placeholder="z. B. Projektleiter Hochbau"
                  />
                  <Form.Text id="pb-job-title-hint" muted>
                    Der Zusatz (m/w/d) wird automatisch angehängt.
                  </Form.Text>
                </Form.Group>
                <div className="row g-3 mb-3">
                  <Form.Group className="col-sm-6" controlId="pb-working-time">
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
                  <Form.Group className="col-sm-6" controlId="pb-salary">
                    <Form.Label>Bruttojahresgehalt in EUR</Form.Label>
                    <Form.Control
                      value={form.salary}
                      maxLength={200}
                      onChange={(e) => set('salary', e.target.value)}
                      isInvalid={missing(form.salary)}
                      placeholder="z. B. 50.000 – 70.000"
                      aria-describedby="pb-salary-hint"
                    />
                    <Form.Text id="pb-salary-hint" muted>
                      Ein Betrag oder eine Spanne, z. B. 50.000 – 70.000.
                    </Form.Text>
                  </Form.Group>
                </div>
                <fieldset className="mb-3">
                  <legend className="form-label fs-6 mb-2">Arbeitsort</legend>
                  <div className="row g-3">
                    <Form.Group className="col-12" controlId="pb-street">
                      <Form.Label className="small text-body-secondary mb-1">Straße und Hausnummer</Form.Label>
                      <Form.Control
                        value={form.street}
                        maxLength={200}
                        onChange={(e) => set('street', e.target.value)}
                        isInvalid={locationMissing}
                        autoComplete="street-address"
                      />
                    </Form.Group>
                    <Form.Group className="col-4" controlId="pb-postcode">
                      <Form.Label className="small text-body-secondary mb-1">PLZ</Form.Label>
                      <Form.Control
                        value={form.postcode}
                        maxLength={10}
                        inputMode="numeric"
                        onChange={(e) => set('postcode', e.target.value)}
                        isInvalid={locationMissing}
                        autoComplete="postal-code"
                      />
                    </Form.Group>
                    <Form.Group className="col-8" controlId="pb-city">
                      <Form.Label className="small text-body-secondary mb-1">Ort</Form.Label>
                      <Form.Control
                        value={form.city}
                        maxLength={120}
                        onChange={(e) => set('city', e.target.value)}
                        isInvalid={locationMissing}
                        autoComplete="address-level2"
                      />
                    </Form.Group>
                  </div>
                </fieldset>
                <Form.Group controlId="pb-district">
                  <Form.Label>Bezirk</Form.Label>
                  <Form.Select
                    value={form.district}
                    onChange={(e) => set('district', e.target.value)}
                    isInvalid={missing(form.district)}
                    disabled={districts.isPending}
                  >
                    <option value="">{districts.isPending ? 'Bezirke werden geladen …' : 'Bitte wählen …'}</option>
                    {districtGroups.map(([state, items]) => (
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
                    items={form[list.key]}
                    onChange={(items) => set(list.key, items)}
                    invalid={missing(form[list.key])}
                  />
                ))}
              </div>
            </section>
          </div>

          <div className="col-lg-4">
            <div className="pb-editor-side">
              <section className="card shadow-sm mb-4">
                <div className="card-body p-3 p-md-4">
                  <h2 className="h5 mb-3">Vermittlungsprämie</h2>
                  <Form.Group controlId="pb-bonus" className="mb-3">
                    <Form.Label>Prämie in % des Bruttojahresgehalts</Form.Label>
                    <InputGroup>
                      <Form.Control
                        type="number"
                        min={0}
                        max={100}
                        step="any"
                        inputMode="decimal"
                        value={form.placementBonus}
                        onChange={(e) => set('placementBonus', e.target.value)}
                      />
                      <InputGroup.Text>%</InputGroup.Text>
                      {editing && (
                        <Button variant="outline-primary" onClick={onAddBonus} disabled={addBonus.isPending}>
                          {addBonus.isPending ? <Spinner size="sm" aria-hidden="true" /> : <Icon name="plus" />}
                          <span className="ms-1">Prämie hinzufügen</span>
                        </Button>
                      )}
                    </InputGroup>
                    {editing && (
                      <Form.Text muted>Eine neue Prämie gilt ab sofort für neu vorgeschlagene Kandidaten.</Form.Text>
                    )}
                  </Form.Group>
                  <FeeEstimate bonus={bonus} salary={form.salary} />
                </div>
              </section>

              {editing && history.data && history.data.length > 0 && (
                <div className="mb-4">
                  <BonusHistory history={history.data} />
                </div>
              )}

              <section className="card shadow-sm mb-4">
                <div className="card-body p-3 p-md-4">
                  <h2 className="h5 mb-3">Unterlagen</h2>
                  {existing.length > 0 && (
                    <div className="mb-3">
                      <AttachmentList
                        files={existing}
                        removing={removeAttachment.isPending}
                        onRemove={(file) => removeAttachment.mutate(file.id, { onError: (e) => setError(e.message) })}
                      />
                    </div>
                  )}
                  <DocumentPicker
                    label="Dateien hinzufügen"
                    files={files}
                    onFilesChange={setFiles}
                    hint="z. B. die ausführliche Stellenbeschreibung – PDF oder Word, bis zu 5 Dateien mit je höchstens 5 MB. Sie werden beim Speichern hochgeladen."
                  />
                </div>
              </section>
            </div>
          </div>
        </div>

        <div className="pb-editor-actions">
          {shownError && (
            <Alert variant="danger" className="mb-3" role="alert" data-testid="editor-error">
              {shownError}
            </Alert>
          )}
          <div className="d-flex flex-column-reverse flex-sm-row justify-content-end gap-2">
            <Button variant="outline-secondary" onClick={() => navigate(LIST_PATH)} disabled={busy}>
              Abbrechen
            </Button>
            <Button type="submit" size="lg" disabled={busy}>
              {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {editing ? 'Anpassungen speichern' : 'Inserat veröffentlichen'}
            </Button>
          </div>
        </div>
      </Form>
    </EditorFrame>
  );
}

function groupByState(districts: readonly District[]): Array<[string, District[]]> {
  const groups = new Map<string, District[]>();
  for (const d of districts) {
    const list = groups.get(d.state) ?? [];
    list.push(d);
    groups.set(d.state, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'de'));
}
