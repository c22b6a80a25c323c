import { useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { checkChatFiles, DOCUMENT_ACCEPT, fileSizeText, fileTypeLabel, shortenFileName } from '@pb/core';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';

interface Props {
  show: boolean;
  sending: boolean;
  error: string | null;
  onClose: () => void;
  onSend: (files: File[], message: string) => void;
}

/** 'PDF hochladen': up to 5 PDF/Word files of ≤ 5 MB with an optional text (spec §5 Chat files). */
export function UploadModal({ show, sending, error, onClose, onSend }: Props) {
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const reset = () => {
    setFiles([]);
    setProblem(null);
    setMessage('');
    if (input.current) input.current.value = '';
  };

  const choose = (list: FileList | null) => {
    const chosen = list ? Array.from(list) : [];
    const check = checkChatFiles(chosen);
    setProblem(check?.message ?? null);
    if (check?.clearSelection) {
      setFiles([]);
      if (input.current) input.current.value = '';
      return;
    }
    setFiles(check ? [] : chosen);
  };

  return (
    <FormModal
      show={show}
      title="PDF hochladen"
      titleId="pb-chat-upload-title"
      onClose={() => {
        reset();
        onClose();
      }}
      onExited={reset}
      nativeValidation
      onSubmit={() => {
        if (files.length > 0 && !problem) onSend(files, message);
      }}
      submitLabel="Senden"
      pending={sending}
      submitDisabled={files.length === 0 || problem !== null}
      error={error}
    >
      <Form.Group controlId="pb-chat-files" className="mb-3">
        <Form.Label>Dateien (PDF oder Word, max. 5 Dateien zu je 5 MB)</Form.Label>
        <Form.Control
          ref={input}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          onChange={(e) => choose((e.target as HTMLInputElement).files)}
          isInvalid={problem !== null}
        />
        {problem ? (
          <Form.Control.Feedback type="invalid" role="alert">
            {problem}
          </Form.Control.Feedback>
        ) : null}
      </Form.Group>
      {files.length > 0 ? (
        <ul className="list-unstyled small mb-3" aria-label="Ausgewählte Dateien">
          {files.map((f) => (
            <li key={`${f.name}-${f.size}`}>
              {shortenFileName(f.name)} · {fileTypeLabel(f.name)} · {fileSizeText(f.size)}
            </li>
          ))}
        </ul>
      ) : null}
      <TextField
        id="pb-chat-file-message"
        label="Nachricht (optional)"
        rows={2}
        value={message}
        onChange={setMessage}
      />
    </FormModal>
  );
}
