import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  firstMessage,
  formatPercent,
  MEMBER_PERMISSION_MSG,
  memberMay,
  MSG,
  placementBonusSchema,
  validateChatFiles,
  type Job,
  type RequirableProfileField,
} from '@pb/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from '../../lib/session';
import { useAttachments, useDeleteAttachment, useUploadAttachments } from './api/attachments';
import { useAddBonus, useBonusHistory } from './api/bonuses';
import { useDistricts } from './api/districts';
import { useJob, useSaveJob } from './api/jobs';
import { AttachmentList } from './components/AttachmentList';
import { BonusHistory } from './components/BonusHistory';
import { RequiredProfileFields } from './components/RequiredProfileFields';
import { DocumentPicker } from '../../components/DocumentPicker';
import { FeeSheet } from '../../components/billing/FeeSheet';
import { Icon } from '../../components/Icon';
import { askFirst, showSuccess } from '../../components/feedback/feedback';
import { FieldFeedback, invalidControlProps } from '../../components/FieldFeedback';
import {
  EMPTY_JOB_FIELDS,
  JobFields,
  jobFieldIds,
  jobFieldsFromJob,
  jobPayload,
  type JobFieldsState,
} from '../../components/jobForm/JobFields';
import { jobEditorCheck } from '../../components/jobForm/jobFormCheck';
import { useSchemaForm } from '../../lib/useSchemaSubmit';
import { parseNumberInput } from './components/ReportFields';
import { activeBonus } from '../../lib/jobFormat';
import styles from './jobs.module.css';

const LIST_PATH = '/advertisements/create';

type FormState = JobFieldsState;

const EMPTY_FORM: FormState = EMPTY_JOB_FIELDS;

/** The controls by the key of their message, in the form's order: the fields, then the bonus. */
const FIELD_IDS = { ...jobFieldIds('pb'), placementBonus: 'pb-bonus' };
const BONUS_FEEDBACK_ID = 'pb-bonus-feedback';

function formFromJob(job: Job): FormState {
  return jobFieldsFromJob(job, activeBonus(job));
}

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
  if (session.organisation && !memberMay(session.organisation, 'advertisements.write')) {
    return (
      <EditorFrame title={editing ? 'Inserat bearbeiten' : 'Neues Inserat erstellen'}>
        <Alert variant="info">{MEMBER_PERMISSION_MSG['advertisements.write']}</Alert>
        <Link to={LIST_PATH}>Zu den Inseraten des Unternehmens</Link>
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
  // spec §2: content loads only for the advertisement's company (issue 31: its Administrators and Recruiting)
  if (
    job.data.organisation?.id !== session.organisation?.organisationId ||
    !memberMay(session.organisation, 'advertisements.write')
  ) {
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
    <div className="container py-4 py-lg-5">
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
  const [requiredProfileFields, setRequiredProfileFields] = useState<RequirableProfileField[]>(
    job ? [...job.requiredProfileFields] : [],
  );
  const [error, setError] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const districts = useDistricts();
  const save = useSaveJob();
  const history = useBonusHistory(job?.id ?? null);
  const addBonus = useAddBonus(job?.id ?? 0);
  const attachments = useAttachments(job?.id ?? null);
  const removeAttachment = useDeleteAttachment(job?.id ?? 0);
  const upload = useUploadAttachments();

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const bonus = parseNumberInput(form.placementBonus);
  const busy = save.isPending || uploading;

  // spec §5: after a publish attempt the summary names the first problem (nothing is sent), each field its own
  const checked = useSchemaForm(jobEditorCheck, form, FIELD_IDS);
  const shownError = checked.summary ?? error;
  const bonusError = checked.errors.placementBonus;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const valid = checked.check();
    if (!valid) return;
    const fileProblem = validateChatFiles(files);
    if (fileProblem) {
      setError(fileProblem);
      return;
    }
    const data = { ...jobPayload(valid), requiredProfileFields };
    save.mutate(
      { id: job?.id ?? null, data },
      {
        onSuccess: async (res) => {
          const savedId = res.data.id;
          if (files.length > 0) {
            setUploading(true);
            try {
              await upload.mutateAsync({ jobId: savedId, files });
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
          showSuccess(editing ? 'Die Anpassungen wurden gespeichert.' : 'Das Inserat ist veröffentlicht.');
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
    const current = history.data?.[0]?.bonus ?? activeBonus(job);
    const next = newBonus.data;
    askFirst({
      title: next < current ? 'Prämie senken' : 'Prämie ändern',
      body: (
        <>
          <p>
            Die Prämie für „{job.jobTitle}“ ändert sich von <strong>{formatPercent(current)}</strong> auf{' '}
            <strong>{formatPercent(next)}</strong> des Bruttojahresgehalts. Sie gilt ab sofort für neu vorgeschlagene
            Kandidaten.
          </p>
          <p className="mb-0">
            Bereits vorgestellte Kandidaten behalten die Prämie zum Zeitpunkt ihrer Vorstellung. Die Änderung bleibt in
            der Prämienhistorie sichtbar.
          </p>
        </>
      ),
      confirmLabel: `Prämie auf ${formatPercent(next)} setzen`,
      action: () => addBonus.mutateAsync(next),
      success: `Die Prämie beträgt jetzt ${formatPercent(next)}.`,
    });
  };

  const existing = attachments.data ?? [];

  return (
    <EditorFrame title={editing ? 'Inserat bearbeiten' : 'Neues Inserat erstellen'}>
      <Form onSubmit={submit} noValidate>
        <div className="row g-4">
          <div className="col-lg-8">
            <JobFields
              value={form}
              onChange={set}
              errors={checked.errors}
              idPrefix="pb"
              districts={districts.data}
              districtsLoading={districts.isPending}
            />
            <RequiredProfileFields value={requiredProfileFields} onChange={setRequiredProfileFields} />
          </div>

          <div className="col-lg-4">
            <div>
              <section className="card shadow-sm mb-4">
                <div className="card-body p-3 p-md-4">
                  <h2 className="h5 mb-3">Vermittlungsprämie</h2>
                  <Form.Group controlId={FIELD_IDS.placementBonus} className="mb-3">
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
                        {...invalidControlProps(bonusError, BONUS_FEEDBACK_ID)}
                      />
                      <InputGroup.Text>%</InputGroup.Text>
                      {editing && (
                        <Button variant="outline-primary" onClick={onAddBonus} disabled={addBonus.isPending}>
                          {addBonus.isPending ? <Spinner size="sm" aria-hidden="true" /> : <Icon name="plus" />}
                          <span className="ms-1">Prämie hinzufügen</span>
                        </Button>
                      )}
                    </InputGroup>
                    <FieldFeedback id={BONUS_FEEDBACK_ID} message={bonusError} standalone />
                    {editing && (
                      <Form.Text muted>Eine neue Prämie gilt ab sofort für neu vorgeschlagene Kandidaten.</Form.Text>
                    )}
                  </Form.Group>
                  <FeeSheet
                    bonusPercent={bonus}
                    salary={form.salary}
                    yearlyPayments={Number(form.yearlyPayments) || undefined}
                  />
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

        <div className={styles.editorActions}>
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
