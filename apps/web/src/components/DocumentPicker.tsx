import { useId, useRef, useState } from 'react';
import { checkChatFiles, DOCUMENT_ACCEPT, fileSizeText, shortenFileName } from '@pb/core';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Icon } from './Icon';
import styles from './DocumentPicker.module.css';

/**
 * File input for PDF and Word documents, several at once (spec §5 chat files) or one:
 * at most 5, each at most 5 MB; a type or size error clears the selection.
 */
export function DocumentPicker({
  label,
  files,
  onFilesChange,
  hint,
  multiple = true,
}: {
  label: string;
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  hint?: string;
  /** false: one document only (a CV); the hint below says so unless `hint` is given. */
  multiple?: boolean;
}) {
  const id = useId();
  const [inputKey, setInputKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    const problem = checkChatFiles(chosen);
    setError(problem?.message ?? null);
    if (problem?.clearSelection) {
      onFilesChange([]);
      setInputKey((k) => k + 1);
      return;
    }
    onFilesChange(chosen);
  };

  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      {/* the native input stays labelled (and testable); the visible button speaks German */}
      <Form.Control
        key={inputKey}
        ref={input}
        type="file"
        accept={DOCUMENT_ACCEPT}
        multiple={multiple}
        onChange={onChange}
        isInvalid={error !== null}
        aria-describedby={`${id}-hint`}
        className="visually-hidden"
        tabIndex={-1}
      />
      <div className={error ? `${styles.picker} ${styles.invalid}` : styles.picker}>
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-hint`}
        >
          <Icon name="file" className="me-1" />
          {multiple ? 'Dateien auswählen' : 'Datei auswählen'}
        </Button>
        <span className="small text-body-secondary text-truncate">
          {files.length === 0 || error
            ? 'Keine Datei ausgewählt'
            : files.length === 1
              ? '1 Datei ausgewählt'
              : `${files.length} Dateien ausgewählt`}
        </span>
      </div>
      {error && (
        <div className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
      <Form.Text id={`${id}-hint`} muted className="d-block">
        {hint ??
          (multiple
            ? 'PDF oder Word (.pdf, .doc, .docx), bis zu 5 Dateien mit je höchstens 5 MB.'
            : 'Eine Datei: PDF oder Word (.pdf, .doc, .docx), höchstens 5 MB.')}
      </Form.Text>
      {files.length > 0 && !error && (
        <ul className="list-unstyled small mt-2 mb-0">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="text-body-secondary">
              <Icon name="file" className="me-1" />
              {shortenFileName(file.name)} · {fileSizeText(file.size)}
            </li>
          ))}
        </ul>
      )}
    </Form.Group>
  );
}
