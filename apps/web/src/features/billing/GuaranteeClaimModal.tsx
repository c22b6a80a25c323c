import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import {
  DOCUMENT_ACCEPT,
  formatDay,
  GUARANTEE_ENDED_BY,
  GUARANTEE_ENDED_BY_LABELS,
  GUARANTEE_MAX_DOCUMENTS,
  GUARANTEE_MSG,
  GUARANTEE_NOTE_MAX,
  guaranteeClaimRequestSchema,
  type GuaranteeEndedBy,
  type PlacementEarning,
  viennaDate,
} from '@pb/core';
import { useClaimGuarantee } from '../../components/billing/api';
import { FormModal } from '../../components/FormModal';
import { TextField } from '../../components/TextField';

/**
 * 'Garantiefall melden' (company): start and end of the employment, who ended it, a required
 * description and optional documents. The server checks the terms (60 days, 7 days) and names
 * the rule and the dates when it refuses; the input stays.
 */
export function GuaranteeClaimModal({ placement, onClose }: { placement: PlacementEarning; onClose: () => void }) {
  const [form, setForm] = useState({ employmentStart: '', employmentEnd: '', endedBy: '', note: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const claim = useClaimGuarantee();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const onInput = (key: keyof typeof form) => (event: React.ChangeEvent<{ value: string }>) =>
    set(key)(event.target.value);

  const submit = () => {
    const parsed = guaranteeClaimRequestSchema.safeParse({ ...form, endedBy: form.endedBy || undefined });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? GUARANTEE_MSG.dateInvalid);
      return;
    }
    if (files.length > GUARANTEE_MAX_DOCUMENTS) {
      setProblem(GUARANTEE_MSG.tooManyDocuments);
      return;
    }
    setProblem(null);
    claim.mutate({ reportId: placement.id, claim: parsed.data, files }, { onSuccess: onClose });
  };

  return (
    <FormModal
      title="Garantiefall melden"
      titleId="pb-claim-title"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Garantiefall melden"
      pending={claim.isPending}
      problem={problem}
      error={claim.error}
    >
      <p className="mb-2">
        <strong>{placement.jobTitle}</strong>
        {placement.consultantName ? ` – vermittelt von ${placement.consultantName}` : ''}
      </p>
      <p className="small text-body-secondary" id="pb-claim-window">
        Die Garantie gilt für das vermittelte Dienstverhältnis, wenn es innerhalb von 60 Tagen nach seinem Beginn endet
        und Sie den Garantiefall innerhalb von 7 Tagen nach dem Ende melden.
        {placement.guaranteeUntil && (
          <>
            {' '}
            Gemeldet wurde die Vermittlung am {formatDay(viennaDate(placement.reportedAt))}; die Garantie läuft bis{' '}
            <strong>{formatDay(placement.guaranteeUntil)}</strong> — bis dahin muss das Dienstverhältnis geendet haben.
          </>
        )}{' '}
        Erstattet werden dann 50 % der Prämie und der Servicegebühr.
      </p>
      <div className="row g-2">
        <Form.Group className="col-sm-6" controlId="pb-claim-start">
          <Form.Label>Beginn des Dienstverhältnisses</Form.Label>
          <Form.Control type="date" value={form.employmentStart} onChange={onInput('employmentStart')} required />
        </Form.Group>
        <Form.Group className="col-sm-6" controlId="pb-claim-end">
          <Form.Label>Ende des Dienstverhältnisses</Form.Label>
          <Form.Control
            type="date"
            value={form.employmentEnd}
            onChange={onInput('employmentEnd')}
            max={placement.guaranteeUntil ?? undefined}
            aria-describedby="pb-claim-window"
            required
          />
        </Form.Group>
      </div>
      <Form.Group className="mt-2" controlId="pb-claim-ended-by">
        <Form.Label>Wer hat das Dienstverhältnis beendet?</Form.Label>
        <Form.Select value={form.endedBy} onChange={onInput('endedBy')} required>
          <option value="">Bitte wählen</option>
          {GUARANTEE_ENDED_BY.map((key: GuaranteeEndedBy) => (
            <option key={key} value={key}>
              {GUARANTEE_ENDED_BY_LABELS[key]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <TextField
        rows={3}
        id="pb-claim-note"
        className="mt-2"
        label="Beschreibung"
        value={form.note}
        onChange={set('note')}
        maxLength={GUARANTEE_NOTE_MAX}
        required
        counted
      />
      <Form.Group className="mt-2" controlId="pb-claim-files">
        <Form.Label>Dokumente (optional, z. B. Kündigungsschreiben; PDF, DOC, DOCX, je 5 MB)</Form.Label>
        <Form.Control
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          onChange={(e) => setFiles([...((e.target as HTMLInputElement).files ?? [])])}
        />
      </Form.Group>
    </FormModal>
  );
}
