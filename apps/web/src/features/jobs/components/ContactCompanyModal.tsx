import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CHAT_MESSAGE_MAX_LENGTH, validateChatFiles, type Job } from '@pb/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useContactCompany } from '../api/contactCompany';
import { titleWithSuffix } from '../../../lib/jobFormat';
import { DocumentPicker } from '../../../components/DocumentPicker';

/** 'Unternehmen kontaktieren': first message plus optional documents, then the chat opens. */
export function ContactCompanyModal({ job, onClose }: { job: Job; onClose: () => void }) {
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const contact = useContactCompany();
  const fileProblem = validateChatFiles(files);
  const canSend = message.trim().length > 0 && fileProblem === null && !contact.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    contact.mutate(
      { advertisement: job.id, message: message.trim(), files },
      { onSuccess: (conversation) => navigate(`/advertisements/chat?conversation=${conversation.id}`) },
    );
  };

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="pb-contact-title">
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="pb-contact-title" as="h2" className="h5">
            Unternehmen kontaktieren
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary">
            Ihre Nachricht zu <strong>{titleWithSuffix(job.jobTitle)}</strong> geht an{' '}
            <strong>{job.users_permissions_user?.username ?? 'das Unternehmen'}</strong>. Die weitere Unterhaltung
            finden Sie im Chat.
          </p>
          <Form.Group className="mb-3" controlId="pb-contact-message">
            <Form.Label>Ihre Nachricht</Form.Label>
            <Form.Control
              as="textarea"
              rows={6}
              value={message}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="Stellen Sie sich kurz vor und beschreiben Sie Ihre Kandidatin bzw. Ihren Kandidaten …"
              autoFocus
            />
          </Form.Group>
          <DocumentPicker label="Dateien anhängen (optional)" files={files} onFilesChange={setFiles} />
          {contact.error && (
            <Alert variant="danger" className="mt-3 mb-0">
              {contact.error.message}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={!canSend}>
            {contact.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Nachricht senden
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
