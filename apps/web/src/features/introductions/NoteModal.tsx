import { useState } from 'react';
import { INTRODUCTION_MSG, INTRODUCTION_NOTE_MAX_LENGTH, validateChatFiles } from '@pb/core';
import { DocumentPicker } from '../../components/DocumentPicker';
import { FormModal } from '../../components/FormModal';
import { TextField } from '../../components/TextField';

/** A required note (rejection reason, 'Bereits bekannt'), optionally with one document. */
export function NoteModal({
  title,
  label,
  submitLabel,
  withDocument,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
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
