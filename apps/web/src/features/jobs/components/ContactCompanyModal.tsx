import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CHAT_MESSAGE_MAX_LENGTH, validateChatFiles, type Job } from '@pb/core';
import { useContactCompany } from '../api/contactCompany';
import { titleWithSuffix } from '../../../lib/jobFormat';
import { DocumentPicker } from '../../../components/DocumentPicker';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';

/** 'Unternehmen kontaktieren': first message plus optional documents, then the chat opens. */
export function ContactCompanyModal({ job, onClose }: { job: Job; onClose: () => void }) {
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const contact = useContactCompany();
  const fileProblem = validateChatFiles(files);
  const canSend = message.trim().length > 0 && fileProblem === null && !contact.isPending;

  const submit = () => {
    if (!canSend) return;
    contact.mutate(
      { advertisement: job.id, message: message.trim(), files },
      { onSuccess: (conversation) => navigate(`/advertisements/chat?conversation=${conversation.id}`) },
    );
  };

  return (
    <FormModal
      title="Unternehmen kontaktieren"
      titleId="pb-contact-title"
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Nachricht senden"
      pending={contact.isPending}
      submitDisabled={!canSend}
      error={contact.error}
    >
      <p className="text-body-secondary">
        Ihre Nachricht zu <strong>{titleWithSuffix(job.jobTitle)}</strong> geht an{' '}
        <strong>{job.users_permissions_user?.username ?? 'das Unternehmen'}</strong>. Die weitere Unterhaltung finden
        Sie im Chat.
      </p>
      <TextField
        id="pb-contact-message"
        className="mb-3"
        label="Ihre Nachricht"
        rows={6}
        value={message}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        onChange={setMessage}
        placeholder="Stellen Sie sich kurz vor und beschreiben Sie Ihre Kandidatin bzw. Ihren Kandidaten …"
        autoFocus
      />
      <DocumentPicker label="Dateien anhängen (optional)" files={files} onFilesChange={setFiles} />
    </FormModal>
  );
}
