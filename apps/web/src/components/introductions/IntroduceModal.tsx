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
import { TextField, type TextFieldProps } from '../TextField';
import { useIntroduce } from './api';

export interface IntroduceTarget {
  advertisementId: number;
  jobTitle: string;
  companyName: string | null;
}

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** The candidate's name (required) and e-mail or phone (one of them). */
const PERSON_FIELDS: ({ key: keyof Person } & Omit<TextFieldProps, 'value' | 'onChange'>)[] = [
  {
    key: 'firstName',
    id: 'pb-introduce-first-name',
    label: 'Vorname',
    maxLength: CANDIDATE_NAME_MAX_LENGTH,
    autoFocus: true,
  },
  { key: 'lastName', id: 'pb-introduce-last-name', label: 'Nachname', maxLength: CANDIDATE_NAME_MAX_LENGTH },
  {
    key: 'email',
    id: 'pb-introduce-email',
    label: 'E-Mail',
    type: 'email',
    maxLength: EMAIL_MAX_LENGTH,
    describedBy: 'pb-introduce-contact-hint',
  },
  {
    key: 'phone',
    id: 'pb-introduce-phone',
    label: 'Telefon',
    type: 'tel',
    maxLength: CANDIDATE_PHONE_MAX_LENGTH,
    describedBy: 'pb-introduce-contact-hint',
    placeholder: '+43 664 1234567',
  },
];

/** The order of the server's checks, so the first problem shown is the one it would name. */
function firstProblem(fields: Person & { consent: boolean }) {
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
  const [person, setPerson] = useState<Person>({ firstName: '', lastName: '', email: '', phone: '' });
  const [pitch, setPitch] = useState('');
  const [consent, setConsent] = useState(false);
  const [keepLonger, setKeepLonger] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<{ notice: string | null } | null>(null);
  const introduce = useIntroduce();
  const problem = firstProblem({ ...person, consent }) ?? validateChatFiles(files);

  const submit = () => {
    setTried(true);
    if (problem || introduce.isPending) return;
    introduce.mutate(
      {
        advertisement: target.advertisementId,
        firstName: person.firstName.trim(),
        lastName: person.lastName.trim(),
        email: person.email.trim(),
        phone: person.phone.trim(),
        pitch: pitch.trim(),
        consent,
        keepLonger,
        cv: files[0] ?? null,
      },
      { onSuccess: (result) => setDone({ notice: result.meta.notice }) },
    );
  };

  const invalid = (when: boolean) => tried && when;
  const noContact = !person.email.trim() && !person.phone.trim();
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
        . Zeitpunkt und aktuelle Prämie werden von der Prämienbörse festgehalten; spätere Änderungen der Prämie gelten
        für diese Vorstellung nicht.
      </p>
      <div className="row g-3">
        {PERSON_FIELDS.map(({ key, ...field }) => (
          <TextField
            key={key}
            {...field}
            className="col-sm-6"
            value={person[key]}
            onChange={(value) => setPerson((p) => ({ ...p, [key]: value }))}
            invalid={invalid(key === 'email' || key === 'phone' ? noContact : !person[key].trim())}
            autoComplete="off"
          />
        ))}
      </div>
      <Form.Text id="pb-introduce-contact-hint" muted className="d-block mb-3">
        Mindestens E-Mail oder Telefon. Kontaktdaten sehen nur Sie und das Unternehmen; für den Abgleich mit anderen
        Vorstellungen verwendet die Prämienbörse sie nur in unkenntlich gemachter Form.
      </Form.Text>
      <div className="mb-3">
        <DocumentPicker label="Lebenslauf (optional)" files={files} onFilesChange={setFiles} multiple={false} />
      </div>
      <TextField
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
