import { useState } from 'react';
import {
  CANDIDATE_NAME_MAX_LENGTH,
  CANDIDATE_PHONE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  INTRODUCTION_MSG,
  INTRODUCTION_PITCH_MAX_LENGTH,
  LONGER_KEEPING_MONTHS,
  validateChatFiles,
} from '@pb/core';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { DocumentPicker } from '../DocumentPicker';
import { FormModal } from '../FormModal';
import { TextAreaField } from '../TextAreaField';
import { TextField } from '../TextField';
import { useIntroduce } from './api';

export interface IntroduceTarget {
  advertisementId: number;
  jobTitle: string;
  companyName: string | null;
}

/** The order of the server's checks, so the first problem shown is the one it would name. */
function firstProblem(fields: { firstName: string; lastName: string; email: string; phone: string; consent: boolean }) {
  if (!fields.firstName.trim()) return INTRODUCTION_MSG.firstNameRequired;
  if (!fields.lastName.trim()) return INTRODUCTION_MSG.lastNameRequired;
  if (!fields.email.trim() && !fields.phone.trim()) return INTRODUCTION_MSG.contactRequired;
  if (!fields.consent) return INTRODUCTION_MSG.consentRequired;
  return null;
}

/**
 * 'Kandidat vorstellen' (issue 11): name, e-mail and/or phone, CV, pitch and the candidate's
 * consent. The server records time and bonus; when another consultant came first with this
 * company it says so (the day only) and the dialog shows that notice instead of closing.
 */
export function IntroduceModal({ target, onClose }: { target: IntroduceTarget; onClose: () => void }) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [pitch, setPitch] = useState('');
  const [consent, setConsent] = useState(false);
  const [keepLonger, setKeepLonger] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<{ notice: string | null } | null>(null);
  const introduce = useIntroduce();
  const problem = firstProblem({ firstName, lastName, email, phone, consent }) ?? validateChatFiles(files);

  const submit = () => {
    setTried(true);
    if (problem || introduce.isPending) return;
    introduce.mutate(
      {
        advertisement: target.advertisementId,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: email.trim(),
        phone: phone.trim(),
        pitch: pitch.trim(),
        consent,
        keepLonger,
        cv: files[0] ?? null,
      },
      { onSuccess: (result) => setDone({ notice: result.meta.notice }) },
    );
  };

  const invalid = (when: boolean) => tried && when;
  const noContact = invalid(!email.trim() && !phone.trim());
  return (
    <FormModal
      title={done ? 'Kandidat vorgestellt' : 'Kandidat vorstellen'}
      titleId="pb-introduce-title"
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Kandidat vorstellen"
      pending={introduce.isPending}
      problem={tried ? problem : null}
      error={introduce.error}
      done={
        done && (
          <>
            <p>{INTRODUCTION_MSG.created}</p>
            {done.notice && (
              <Alert variant="warning" role="alert" className="mb-0" data-testid="introduction-notice">
                {done.notice}
              </Alert>
            )}
            <p className="small text-body-secondary mt-3 mb-0">
              Die Vorstellung steht auch im Chat zum Inserat; den Verlauf finden Sie unter „Meine Vorstellungen“.
            </p>
          </>
        )
      }
    >
      <p className="text-body-secondary">
        Für <strong>{target.jobTitle}</strong>
        {target.companyName ? (
          <>
            {' '}
            bei <strong>{target.companyName}</strong>
          </>
        ) : null}
        . Zeitpunkt und aktuelle Prämie werden vom Server festgehalten; spätere Änderungen der Prämie gelten für diese
        Vorstellung nicht.
      </p>
      <div className="row g-3">
        <TextField
          id="pb-introduce-first-name"
          className="col-sm-6"
          label="Vorname"
          value={firstName}
          maxLength={CANDIDATE_NAME_MAX_LENGTH}
          onChange={setFirstName}
          invalid={invalid(!firstName.trim())}
          autoComplete="off"
          autoFocus
        />
        <TextField
          id="pb-introduce-last-name"
          className="col-sm-6"
          label="Nachname"
          value={lastName}
          maxLength={CANDIDATE_NAME_MAX_LENGTH}
          onChange={setLastName}
          invalid={invalid(!lastName.trim())}
          autoComplete="off"
        />
        <TextField
          id="pb-introduce-email"
          className="col-sm-6"
          label="E-Mail"
          type="email"
          value={email}
          maxLength={EMAIL_MAX_LENGTH}
          onChange={setEmail}
          invalid={noContact}
          describedBy="pb-introduce-contact-hint"
          autoComplete="off"
        />
        <TextField
          id="pb-introduce-phone"
          className="col-sm-6"
          label="Telefon"
          type="tel"
          value={phone}
          maxLength={CANDIDATE_PHONE_MAX_LENGTH}
          onChange={setPhone}
          invalid={noContact}
          describedBy="pb-introduce-contact-hint"
          placeholder="+43 664 1234567"
          autoComplete="off"
        />
      </div>
      <Form.Text id="pb-introduce-contact-hint" muted className="d-block mb-3">
        Mindestens E-Mail oder Telefon. Kontaktdaten sehen nur Sie und das Unternehmen; die Prämienbörse speichert zum
        Abgleich nur einen verschlüsselten Fingerabdruck.
      </Form.Text>
      <div className="mb-3">
        <DocumentPicker
          label="Lebenslauf (optional)"
          files={files}
          onFilesChange={setFiles}
          multiple={false}
          hint="Eine Datei: PDF oder Word (.pdf, .doc, .docx), höchstens 5 MB."
        />
      </div>
      <TextAreaField
        id="pb-introduce-pitch"
        className="mb-3"
        label="Kurzbeschreibung (optional)"
        rows={4}
        value={pitch}
        maxLength={INTRODUCTION_PITCH_MAX_LENGTH}
        onChange={setPitch}
        counted
      />
      <Form.Check
        id="pb-introduce-consent"
        className="mb-2"
        checked={consent}
        onChange={(e) => setConsent(e.target.checked)}
        isInvalid={invalid(!consent)}
        label="Die Kandidatin bzw. der Kandidat hat der Vorstellung bei diesem Unternehmen zugestimmt."
      />
      <Form.Check
        id="pb-introduce-keep-longer"
        checked={keepLonger}
        onChange={(e) => setKeepLonger(e.target.checked)}
        label={`Sie bzw. er ist mit einer längeren Speicherung der Daten einverstanden (${LONGER_KEEPING_MONTHS} Monate nach einer Absage statt 7).`}
      />
    </FormModal>
  );
}
