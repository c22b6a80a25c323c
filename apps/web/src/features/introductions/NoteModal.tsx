import { useState } from 'react';
import { INTRODUCTION_MSG, INTRODUCTION_NOTE_MAX_LENGTH, validateChatFiles } from '@pb/core';
import { DocumentPicker } from '../../components/DocumentPicker';
import { FormModal } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { showSuccess } from '../../components/feedback/feedback';
import { useMoveIntroduction } from './api/changeStatus';

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
 * 'Endgültig absagen' with its required reason; says afterwards that the agency gets the reason.
 * Before the candidate agreed (issue 35) it says first that the rejection ends the introduction and
 * deletes the person's data.
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
  return (
    <NoteModal
      title={title}
      label="Begründung (für den Personalberater)"
      hint={
        beforeConsent
          ? 'Die Kandidatin bzw. der Kandidat hat noch nicht zugestimmt: Die Absage beendet die Vorstellung endgültig, und die Daten der Person werden sofort gelöscht.'
          : undefined
      }
      submitLabel="Absage speichern"
      withDocument={false}
      pending={reject.isPending}
      error={reject.error}
      onSubmit={(reason) =>
        reject.mutate(
          { id, status: 'abgesagt', reason },
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
        )
      }
      onClose={onClose}
    />
  );
}
