import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  formatDateTime,
  INTRODUCTION_FLAG_LABELS,
  INTRODUCTION_FLAGS,
  INTRODUCTION_MSG,
  INTRODUCTION_NOTE_MAX_LENGTH,
  INTRODUCTION_STATUS_LABELS,
  INTRODUCTION_STATUSES,
  type IntroductionFlag,
  type IntroductionStatus,
} from '@pb/core';
import { Dialog } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { downloadProof } from '../../components/introductions/api';
import { ConsentBadge } from '../../components/introductions/Consent';
import {
  bonusText,
  candidateName,
  FlagBadges,
  IntroductionFacts,
  StatusBadge,
  Timeline,
} from '../../components/introductions/IntroductionFacts';
import { useAdminIntroduction, useAdminIntroductions, useResolveIntroduction } from './api/introductions';
import { ErrorLine, FilterSelect, ListTable, Loading, PageHeader, usePagedSearch } from './components';
import { cell } from './ResponsiveTable';
import styles from './admin.module.css';

const idOrUndefined = (text: string) => (/^[1-9]\d{0,9}$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** One introduction of the register: facts, timeline, proof and the dispute resolution (audited). */
function RegisterEntry({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useAdminIntroduction(id);
  const resolve = useResolveIntroduction();
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const introduction = detail.data?.data;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!note.trim() || resolve.isPending) return;
    resolve.mutate({ id, note: note.trim() }, { onSuccess: () => setNote('') });
  };
  return (
    <Dialog title={`Vorstellung Nr. ${id}`} titleId="pb-register-entry-title" size="xl" scrollable onClose={onClose}>
      {detail.isPending ? (
        <Loading />
      ) : !introduction ? (
        <ErrorLine error={detail.error} />
      ) : (
        <div className="row g-3">
          <div className="col-lg-7">
            <IntroductionFacts introduction={introduction} backOffice />
            {introduction.alreadyKnown && (
              <Alert variant="secondary" className="mt-3">
                <strong>Bereits bekannt:</strong> {introduction.alreadyKnown.note}
              </Alert>
            )}
            <Button
              size="sm"
              variant="outline-secondary"
              className="mt-2"
              onClick={() => {
                setDownloadError(null);
                downloadProof(id).catch((e: unknown) => setDownloadError(e instanceof Error ? e.message : String(e)));
              }}
            >
              Nachweis (PDF)
            </Button>
            {downloadError && (
              <Alert variant="danger" className="mt-2">
                {downloadError}
              </Alert>
            )}
            <Form onSubmit={submit} noValidate className="mt-4">
              <TextField
                rows={3}
                id="pb-register-resolution"
                label="Klärung (Notiz, wird protokolliert)"
                value={note}
                maxLength={INTRODUCTION_NOTE_MAX_LENGTH}
                onChange={setNote}
                invalid={tried && !note.trim()}
                feedback={INTRODUCTION_MSG.resolutionRequired}
              />
              <ErrorLine error={resolve.error} />
              <Button type="submit" size="sm" className="mt-2" disabled={resolve.isPending}>
                Als geklärt speichern
              </Button>
            </Form>
          </div>
          <div className="col-lg-5">
            <h3 className="h6">Verlauf</h3>
            <Timeline timeline={introduction.timeline} backOffice />
            <p className="small text-body-secondary mt-2 mb-0">
              Registereintrag der Vorstellung (SHA-256):{' '}
              <span className="font-monospace text-break">{introduction.hash || '–'}</span>
              <br />
              Jeder Eintrag enthält den Hash des vorherigen; eine nachträgliche Änderung bricht die Kette. Prüfung mit
              „npm run register:verify“. Der Nachweis (PDF) der Parteien nennt keine Hashes: Auf Anfrage bestätigen Sie
              ihn anhand der Vorstellungsnummer.
            </p>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** Back office: the introductions register with filters and the full timeline of each entry. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<IntroductionStatus | ''>('');
  const [flag, setFlag] = useState<IntroductionFlag | ''>(() => {
    const initial = params.get('flag');
    return (INTRODUCTION_FLAGS as readonly string[]).includes(initial ?? '') ? (initial as IntroductionFlag) : '';
  });
  const [company, setCompany] = useState('');
  const [consultant, setConsultant] = useState('');
  const { limit, more } = usePagedSearch();
  const open = idOrUndefined(params.get('introduction') ?? '') ?? null;
  const setOpen = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('introduction');
    else next.set('introduction', String(id));
    setParams(next, { replace: true });
  };
  const query: Record<string, unknown> = { start: 0, limit };
  if (status) query['status'] = status;
  if (flag) query['flag'] = flag;
  const companyId = idOrUndefined(company);
  const consultantId = idOrUndefined(consultant);
  if (companyId) query['company'] = companyId;
  if (consultantId) query['consultant'] = consultantId;
  const list = useAdminIntroductions(query);
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.pagination.total ?? 0;

  return (
    <>
      <PageHeader title="Vorstellungen (Register)" />
      <div className="d-flex flex-wrap gap-2 mb-3">
        <FilterSelect<IntroductionStatus | ''>
          label="Status filtern"
          value={status}
          onChange={setStatus}
          options={[
            ['', 'Alle Status'],
            ...INTRODUCTION_STATUSES.map((s) => [s, INTRODUCTION_STATUS_LABELS[s]] as const),
          ]}
        />
        <FilterSelect<IntroductionFlag | ''>
          label="Markierung filtern"
          value={flag}
          onChange={setFlag}
          options={[
            ['', 'Alle Markierungen'],
            ...INTRODUCTION_FLAGS.map((f) => [f, INTRODUCTION_FLAG_LABELS[f]] as const),
          ]}
        />
        <Form.Control
          style={{ width: '11rem' }}
          inputMode="numeric"
          placeholder="Unternehmen (Nr.)"
          aria-label="Nach Unternehmen (Benutzer-Nr.) filtern"
          value={company}
          onChange={(e) => setCompany(e.target.value)}
        />
        <Form.Control
          style={{ width: '13rem' }}
          inputMode="numeric"
          placeholder="Personalberater (Nr.)"
          aria-label="Nach Personalberater (Benutzer-Nr.) filtern"
          value={consultant}
          onChange={(e) => setConsultant(e.target.value)}
        />
      </div>
      <ErrorLine error={list.error} />
      <ListTable
        pending={list.isPending}
        shown={rows.length}
        total={total}
        onMore={more}
        columns={[
          'Nr.',
          'Vorgestellt',
          'Inserat und Unternehmen',
          'Personalvermittlung',
          'Kandidat/in',
          { label: 'Prämie', end: true },
          'Status',
          '',
        ]}
        empty="Keine Vorstellungen gefunden."
      >
        {rows.map((i) => (
          <tr key={i.id} data-testid={`register-${i.id}`}>
            <td data-label="Nr." className={cell.half}>
              {i.id}
            </td>
            <td data-label="Vorgestellt" className={cell.half}>
              {formatDateTime(i.introducedAt)}
            </td>
            {/* Title and company in one column: the register's nine facts fit 1280 px. */}
            <td data-label="Inserat und Unternehmen" className={`${cell.half} ${cell.text}`}>
              {i.advertisement.jobTitle}
              <div className="small text-body-secondary">{i.company.name}</div>
            </td>
            <td data-label="Personalvermittlung" className={`${cell.half} ${cell.text}`}>
              {i.agency.name ?? '–'}
              <div className="small text-body-secondary">{i.consultant.name ?? 'Konto gelöscht'}</div>
            </td>
            <td data-label="Kandidat/in" className={`${cell.half} ${cell.text}`}>
              {candidateName(i)}
            </td>
            <td data-label="Prämie" className={`${cell.half} ${cell.end} ${cell.nowrap}`}>
              {bonusText(i.bonus)}
            </td>
            <td data-label="Status" className={cell.half}>
              {/* Status and flags side by side, wrapping in a narrow column. */}
              <div className={styles.badges}>
                <StatusBadge status={i.status} />
                <ConsentBadge introduction={i} />
                <FlagBadges introduction={i} />
              </div>
            </td>
            <td>
              <Button size="sm" variant="outline-primary" onClick={() => setOpen(i.id)}>
                Verlauf
              </Button>
            </td>
          </tr>
        ))}
      </ListTable>
      {open !== null && <RegisterEntry id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
