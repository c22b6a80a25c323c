import { useState } from 'react';
import {
  formatDate,
  PLACEMENT_OBJECTION_MSG,
  PLACEMENT_OBJECTION_NOTE_MAX,
  type CompanyPlacementReport,
} from '@pb/core';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { useObjectToPlacement } from '../api/placementReports';

/**
 * 'Widersprechen' (decision 0015): the company objects to a consultant's placement report
 * with a required note; the advertisement becomes active again and the office checks the case.
 * Focus starts in the note; Escape and 'Abbrechen' close the dialog.
 */
export function ObjectionModal({
  report,
  onClose,
  onObjected,
}: {
  report: CompanyPlacementReport;
  onClose: () => void;
  onObjected: (report: CompanyPlacementReport) => void;
}) {
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const object = useObjectToPlacement();
  const empty = note.trim() === '';
  const tooLong = note.length > PLACEMENT_OBJECTION_NOTE_MAX;
  const invalid = empty || tooLong;

  const submit = () => {
    setTried(true);
    if (invalid || object.isPending) return;
    object.mutate({ id: report.id, note: note.trim() }, { onSuccess: onObjected });
  };

  return (
    <FormModal
      title={`Widerspruch zur Meldung „${report.jobTitle}“`}
      titleId="pb-objection-title"
      titleClassName="text-break"
      footerClassName="flex-wrap"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Widerspruch senden"
      submitVariant="danger"
      pending={object.isPending}
      error={object.error}
    >
      <p>
        {report.consultantName ?? 'Ein Personalberater'} hat am {formatDate(report.reportedAt)} eine Stellenbesetzung
        gemeldet. Wenn das nicht zutrifft, begründen Sie Ihren Widerspruch kurz: Das Inserat wird sofort wieder aktiv
        und unser Backoffice prüft den Fall.
      </p>
      <TextField
        id="pb-objection-note"
        label="Begründung"
        rows={4}
        autoFocus
        required
        value={note}
        maxLength={PLACEMENT_OBJECTION_NOTE_MAX}
        onChange={setNote}
        invalid={tried && invalid}
        feedback={tooLong ? PLACEMENT_OBJECTION_MSG.noteTooLong : PLACEMENT_OBJECTION_MSG.noteRequired}
        counted
      />
    </FormModal>
  );
}
