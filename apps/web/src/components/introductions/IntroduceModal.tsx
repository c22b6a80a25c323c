import { useState } from 'react';
import {
  CANDIDATE_NAME_MAX_LENGTH,
  CANDIDATE_PHONE_MAX_LENGTH,
  CONSENT_LINK_DAYS,
  EMAIL_MAX_LENGTH,
  formatDateTime,
  INTRODUCTION_MSG,
  INTRODUCTION_PITCH_MAX_LENGTH,
  validateChatFiles,
  type RequirableProfileField,
} from '@pb/core';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { DocumentPicker } from '../DocumentPicker';
import { FormModal } from '../FormModal';
import { TextField, type TextFieldProps } from '../TextField';
import { useIntroduce } from './api';
import { checkIntroduction, EMPTY_PERSON, EMPTY_PROFILE, type PersonForm, type ProfileForm } from './introduceForm';
import { ProfileFields } from './ProfileFields';

export interface IntroduceTarget {
  advertisementId: number;
  jobTitle: string;
  companyName: string | null;
  /** The fields of the anonymised profile the company requires for this advertisement (issue 35). */
  requiredProfileFields: readonly RequirableProfileField[];
}

/** The candidate's name and e-mail (required: they confirm by e-mail), the phone (optional). */
const PERSON_FIELDS: ({ key: keyof PersonForm } & Omit<TextFieldProps, 'value' | 'onChange'>)[] = [
  {
    key: 'firstName',
    id: 'pb-introduce-first-name',
    label: 'Vorname',
    maxLength: CANDIDATE_NAME_MAX_LENGTH,
    autoFocus: true,
    required: true,
  },
  {
    key: 'lastName',
    id: 'pb-introduce-last-name',
    label: 'Nachname',
    maxLength: CANDIDATE_NAME_MAX_LENGTH,
    required: true,
  },
  {
    key: 'email',
    id: 'pb-introduce-email',
    label: 'E-Mail',
    type: 'email',
    maxLength: EMAIL_MAX_LENGTH,
    describedBy: 'pb-introduce-contact-hint',
    required: true,
  },
  {
    key: 'phone',
    id: 'pb-introduce-phone',
    label: 'Telefon (optional)',
    type: 'tel',
    maxLength: CANDIDATE_PHONE_MAX_LENGTH,
    describedBy: 'pb-introduce-contact-hint',
    placeholder: '+43 664 1234567',
  },
];

interface Done {
  notice: string | null;
  /** Until when the candidate may answer. */
  expiresAt: string | null;
}

/**
 * 'Kandidat vorstellen' (issue 11, issue 35): name, e-mail and optionally phone, CV, pitch and the
 * anonymised profile. The Prämienbörse mails the candidate, who confirms the introduction
 * themselves; until then the company sees the profile only. The server records time and bonus;
 * when another agency came first with this company it says so (the day only) and the dialog shows
 * that notice.
 */
export function IntroduceModal({ target, onClose }: { target: IntroduceTarget; onClose: () => void }) {
  const [person, setPerson] = useState<PersonForm>(EMPTY_PERSON);
  const [profile, setProfile] = useState<ProfileForm>(EMPTY_PROFILE);
  const [pitch, setPitch] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const introduce = useIntroduce();
  const checked = checkIntroduction(
    { advertisement: target.advertisementId, person, pitch, profile },
    target.requiredProfileFields,
  );
  const problem = checked.ok ? validateChatFiles(files) : checked.problem;
  const fieldProblems = tried && !checked.ok ? checked.fields : {};

  const submit = () => {
    setTried(true);
    if (!checked.ok || problem || introduce.isPending) return;
    introduce.mutate(
      { request: checked.request, cv: files[0] ?? null },
      {
        onSuccess: (result) => setDone({ notice: result.meta.notice, expiresAt: result.data.consent.expiresAt }),
      },
    );
  };

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
      done={done && <DoneText done={done} />}
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
            invalid={fieldProblems[key] !== undefined}
            feedback={fieldProblems[key]}
            autoComplete="off"
          />
        ))}
      </div>
      <Form.Text id="pb-introduce-contact-hint" muted className="d-block mb-3">
        Die Kandidatin bzw. der Kandidat erhält eine E-Mail der Prämienbörse und bestätigt die Vorstellung selbst (
        {CONSENT_LINK_DAYS} Tage Zeit). Bis dahin sieht das Unternehmen nur das anonymisierte Profil; Name,
        Kontaktdaten, Lebenslauf und Kurzbeschreibung erst nach der Zustimmung. Für den Abgleich mit anderen
        Vorstellungen verwendet die Prämienbörse die Kontaktdaten nur in unkenntlich gemachter Form.
      </Form.Text>
      <div className="mb-3">
        <DocumentPicker label="Lebenslauf (optional)" files={files} onFilesChange={setFiles} multiple={false} />
      </div>
      <TextField
        id="pb-introduce-pitch"
        label="Kurzbeschreibung (optional)"
        rows={4}
        value={pitch}
        maxLength={INTRODUCTION_PITCH_MAX_LENGTH}
        onChange={setPitch}
        invalid={fieldProblems.pitch !== undefined}
        feedback={fieldProblems.pitch}
        hint="Das Unternehmen erhält sie wie den Lebenslauf erst nach der Zustimmung."
        className="mb-3"
        counted
      />
      <ProfileFields
        value={profile}
        onChange={(key, value) => setProfile((p) => ({ ...p, [key]: value }))}
        required={target.requiredProfileFields}
        problems={fieldProblems}
      />
    </FormModal>
  );
}

function DoneText({ done }: { done: Done }) {
  return (
    <>
      <p>{INTRODUCTION_MSG.created}</p>
      <p>
        Die Prämienbörse hat die Kandidatin bzw. den Kandidaten per E-Mail um Zustimmung gebeten
        {done.expiresAt ? <> (Antwort möglich bis {formatDateTime(done.expiresAt)})</> : null}. Erst nach der
        Bestätigung erhält das Unternehmen Name, Kontaktdaten, Lebenslauf und Kurzbeschreibung; bis dahin sieht es nur
        das anonymisierte Profil.
      </p>
      {done.notice && (
        <Alert variant="warning" role="alert" className="mb-0" data-testid="introduction-notice">
          {done.notice}
        </Alert>
      )}
      <p className="small text-body-secondary mt-3 mb-0">
        Die Vorstellung steht auch im Chat zum Inserat; den Verlauf finden Sie unter „Meine Vorstellungen“.
      </p>
    </>
  );
}
