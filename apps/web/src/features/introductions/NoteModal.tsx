import { useState } from 'react';
import {
  INTERVIEW_MSG,
  INTRODUCTION_MSG,
  INTRODUCTION_NOTE_MAX_LENGTH,
  validateChatFiles,
  type RejectionReason,
} from '@pb/core';
import { DocumentPicker } from '../../components/DocumentPicker';
import { FormModal } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { showSuccess } from '../../components/feedback/feedback';
import { useMoveIntroduction } from './api/changeStatus';
import { RejectionReasonSelect } from './interviews/RejectionReasonSelect';

/** A required note (rejection reason, 'Bereits bekannt'), optionally with one document. */
export function NoteModal({
  title,
  label,
  hint,
  submitLabel,
  withDocument,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  /** Said above the field: what saving means. */
  hint?: string | undefined;
  submitLabel: string;
  withDocument: boolean;
  pending: boolean;
  error: Error | null;
  onSubmit: (note: string, file: File | null) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const problem = note.trim() ? validateChatFiles(files) : INTRODUCTION_MSG.noteRequired;
  return (
    <FormModal
      title={title}
      titleId="pb-note-title"
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (!problem && !pending) onSubmit(note.trim(), files[0] ?? null);
      }}
      submitLabel={submitLabel}
      pending={pending}
      problem={tried ? problem : null}
      error={error}
    >
      {hint && <p data-testid="note-hint">{hint}</p>}
      <TextField
        id="pb-note-text"
        className="mb-3"
        label={label}
        rows={4}
        value={note}
        maxLength={INTRODUCTION_NOTE_MAX_LENGTH}
        onChange={setNote}
        invalid={tried && !note.trim()}
        autoFocus
      />
      {withDocument && (
        <DocumentPicker label="Dokument (optional)" files={files} onFilesChange={setFiles} multiple={false} />
      )}
    </FormModal>
  );
}

/**
 * 'Endgültig absagen' with its required reason: a 'Grund' from the catalogue (issue 35) and a few
 * words of its own; says afterwards that the agency gets the reason. Before the candidate agreed
 * it says first that the rejection ends the introduction and deletes the person's data.
 */
export function RejectModal({
  id,
  title,
  beforeConsent = false,
  onClose,
}: {
  id: number;
  title: string;
  beforeConsent?: boolean;
  onClose: () => void;
}) {
  const reject = useMoveIntroduction();
  const [category, setCategory] = useState<RejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const categoryProblem = category ? undefined : INTERVIEW_MSG.reasonRequired;
  const noteProblem = note.trim() ? undefined : INTRODUCTION_MSG.noteRequired;
  const problem = categoryProblem ?? noteProblem ?? null;
  const submit = () => {
    setTried(true);
    if (!category || problem || reject.isPending) return;
    reject.mutate(
      { id, status: 'abgesagt', reason: note.trim(), reasonCategory: category },
      {
        onSuccess: () => {
          onClose();
          showSuccess(
            beforeConsent
              ? 'Die Absage ist gespeichert; die Vorstellung ist beendet und der Personalberater erhält die Begründung.'
              : 'Die Absage ist gespeichert; der Personalberater erhält die Begründung.',
          );
        },
      },
    );
  };
  return (
    <FormModal
      title={title}
      titleId="pb-reject-title"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Absage speichern"
      submitVariant="danger"
      pending={reject.isPending}
      problem={tried ? problem : null}
      error={reject.error}
    >
      {beforeConsent && (
        <p data-testid="note-hint">
          Die Kandidatin bzw. der Kandidat hat noch nicht zugestimmt: Die Absage beendet die Vorstellung endgültig, und
          die Daten der Person werden sofort gelöscht.
        </p>
      )}
      <RejectionReasonSelect
        id="pb-reject-category"
        value={category}
        onChange={setCategory}
        message={tried ? categoryProblem : undefined}
      />
      <TextField
        id="pb-reject-note"
        label="Begründung (für den Personalberater)"
        rows={4}
        value={note}
        maxLength={INTRODUCTION_NOTE_MAX_LENGTH}
        onChange={setNote}
        invalid={tried && noteProblem !== undefined}
        feedback={tried ? noteProblem : undefined}
      />
    </FormModal>
  );
}
