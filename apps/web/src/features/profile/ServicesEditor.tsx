import { useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { formatNumber, SERVICE_MAX_LENGTH, SERVICES_MAX_COUNT } from '@pb/core';
import styles from './profile.module.css';

/**
 * Bullet list editor for an agency's services (its public profile): add entries, remove them; empty
 * entries are ignored, and no more than the profile takes can be added. `error` is the form's message
 * about the list, read with the new-entry field (`inputId`) that the form focuses.
 */
export function ServicesEditor({
  services,
  onChange,
  inputId,
  error,
}: {
  services: string[];
  onChange: (next: string[]) => void;
  inputId?: string;
  error?: string | undefined;
}) {
  const [draft, setDraft] = useState('');
  const full = services.length >= SERVICES_MAX_COUNT;
  const errorId = error && inputId ? `${inputId}-feedback` : undefined;

  const add = () => {
    const entry = draft.trim();
    if (!entry || full) return;
    setDraft('');
    onChange([...services, entry]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <fieldset>
      <legend className="form-label fs-6 mb-2">Leistungen</legend>
      {services.length === 0 ? (
        <p className="text-secondary small mb-2">
          Noch keine Leistungen eingetragen. Fügen Sie Ihre erste Leistung hinzu.
        </p>
      ) : (
        <ul className="list-group mb-2" aria-label="Eingetragene Leistungen">
          {services.map((service, index) => (
            <li key={`${index}-${service}`} className="list-group-item d-flex align-items-center gap-2">
              <span className={styles.bullet} aria-hidden="true" />
              <span className="flex-grow-1 text-break">{service}</span>
              <Button
                variant="outline-danger"
                size="sm"
                aria-label={`Leistung entfernen: ${service}`}
                onClick={() => onChange(services.filter((_, i) => i !== index))}
              >
                Entfernen
              </Button>
            </li>
          ))}
        </ul>
      )}
      <InputGroup>
        <Form.Control
          id={inputId}
          aria-label="Neue Leistung"
          aria-describedby={errorId}
          isInvalid={error !== undefined}
          disabled={full}
          placeholder="z. B. Executive Search im IT-Bereich"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={SERVICE_MAX_LENGTH}
        />
        <Button variant="outline-primary" onClick={add} disabled={full}>
          Hinzufügen
        </Button>
      </InputGroup>
      {full ? (
        <Form.Text>Mehr als {formatNumber(SERVICES_MAX_COUNT)} Leistungen nimmt das Profil nicht auf.</Form.Text>
      ) : null}
      {error ? (
        <div className="invalid-feedback d-block" id={errorId}>
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
