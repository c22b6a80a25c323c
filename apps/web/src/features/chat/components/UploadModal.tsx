import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { checkChatFiles, DOCUMENT_ACCEPT, fileSizeText, fileTypeLabel, shortenFileName } from '@pb/core';

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
    <Modal
      show={show}
      onHide={() => {
        reset();
        onClose();
      }}
      onExited={reset}
      centered
      aria-labelledby="pb-chat-upload-title"
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (files.length > 0 && !problem) onSend(files, message);
        }}
      >
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="pb-chat-upload-title" as="h2" className="h5">
            PDF hochladen
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
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
          <Form.Group controlId="pb-chat-file-message">
            <Form.Label>Nachricht (optional)</Form.Label>
            <Form.Control as="textarea" rows={2} value={message} onChange={(e) => setMessage(e.target.value)} />
          </Form.Group>
          {error ? (
            <Alert variant="danger" className="mt-3 mb-0">
              {error}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={files.length === 0 || problem !== null || sending}>
            {sending ? <Spinner size="sm" className="me-1" aria-hidden="true" /> : null}
            Senden
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
