import { useState } from 'react';
import {
  CANDIDATE_NAME_MAX_LENGTH,
  CANDIDATE_PHONE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  formatNumber,
  INTRODUCTION_MSG,
  INTRODUCTION_PITCH_MAX_LENGTH,
  LONGER_KEEPING_MONTHS,
  validateChatFiles,
} from '@pb/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { DocumentPicker } from '../DocumentPicker';
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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
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

  if (done) {
    return (
      <Modal show onHide={onClose} centered aria-labelledby="pb-introduce-done-title">
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="pb-introduce-done-title" as="h2" className="h5">
            Kandidat vorgestellt
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{INTRODUCTION_MSG.created}</p>
          {done.notice && (
            <Alert variant="warning" role="alert" className="mb-0" data-testid="introduction-notice">
              {done.notice}
            </Alert>
          )}
          <p className="small text-body-secondary mt-3 mb-0">
            Die Vorstellung steht auch im Chat zum Inserat; den Verlauf finden Sie unter „Meine Vorstellungen“.
          </p>
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={onClose} autoFocus>
            Schließen
          </Button>
        </Modal.Footer>
      </Modal>
    );
  }

  const invalid = (when: boolean) => tried && when;
  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="pb-introduce-title">
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="pb-introduce-title" as="h2" className="h5">
            Kandidat vorstellen
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary">
            Für <strong>{target.jobTitle}</strong>
            {target.companyName ? (
              <>
                {' '}
                bei <strong>{target.companyName}</strong>
              </>
            ) : null}
            . Zeitpunkt und aktuelle Prämie werden vom Server festgehalten; spätere Änderungen der Prämie gelten für
            diese Vorstellung nicht.
          </p>
          <div className="row g-3">
            <Form.Group className="col-sm-6" controlId="pb-introduce-first-name">
              <Form.Label>Vorname</Form.Label>
              <Form.Control
                value={firstName}
                maxLength={CANDIDATE_NAME_MAX_LENGTH}
                onChange={(e) => setFirstName(e.target.value)}
                isInvalid={invalid(!firstName.trim())}
                autoComplete="off"
                autoFocus
              />
            </Form.Group>
            <Form.Group className="col-sm-6" controlId="pb-introduce-last-name">
              <Form.Label>Nachname</Form.Label>
              <Form.Control
                value={lastName}
                maxLength={CANDIDATE_NAME_MAX_LENGTH}
                onChange={(e) => setLastName(e.target.value)}
                isInvalid={invalid(!lastName.trim())}
                autoComplete="off"
              />
            </Form.Group>
            <Form.Group className="col-sm-6" controlId="pb-introduce-email">
              <Form.Label>E-Mail</Form.Label>
              <Form.Control
                type="email"
                value={email}
                maxLength={EMAIL_MAX_LENGTH}
                onChange={(e) => setEmail(e.target.value)}
                isInvalid={invalid(!email.trim() && !phone.trim())}
                aria-describedby="pb-introduce-contact-hint"
                autoComplete="off"
              />
            </Form.Group>
            <Form.Group className="col-sm-6" controlId="pb-introduce-phone">
              <Form.Label>Telefon</Form.Label>
              <Form.Control
                type="tel"
                value={phone}
                maxLength={CANDIDATE_PHONE_MAX_LENGTH}
                onChange={(e) => setPhone(e.target.value)}
                isInvalid={invalid(!email.trim() && !phone.trim())}
                aria-describedby="pb-introduce-contact-hint"
                placeholder="+43 664 1234567"
                autoComplete="off"
              />
            </Form.Group>
          </div>
          <Form.Text id="pb-introduce-contact-hint" muted className="d-block mb-3">
            Mindestens E-Mail oder Telefon. Kontaktdaten sehen nur Sie und das Unternehmen; die Prämienbörse speichert
            zum Abgleich nur einen verschlüsselten Fingerabdruck.
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
          <Form.Group className="mb-3" controlId="pb-introduce-pitch">
            <Form.Label>Kurzbeschreibung (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              value={pitch}
              maxLength={INTRODUCTION_PITCH_MAX_LENGTH}
              onChange={(e) => setPitch(e.target.value)}
              aria-describedby="pb-introduce-pitch-count"
            />
            <Form.Text id="pb-introduce-pitch-count" muted>
              {formatNumber(pitch.length)} / {formatNumber(INTRODUCTION_PITCH_MAX_LENGTH)} Zeichen
            </Form.Text>
          </Form.Group>
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
          {tried && problem && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {problem}
            </Alert>
          )}
          {introduce.error && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {introduce.error.message}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={introduce.isPending}>
            {introduce.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Kandidat vorstellen
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
