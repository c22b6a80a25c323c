import { useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { SERVICE_MAX_LENGTH } from '@pb/core';
import styles from './profile.module.css';

/** Bullet list editor for an agency's services (its public profile): add entries, remove them; empty entries are ignored. */
export function ServicesEditor({ services, onChange }: { services: string[]; onChange: (next: string[]) => void }) {
  const [draft, setDraft] = useState('');

  const add = () => {
    const entry = draft.trim();
    setDraft('');
    if (!entry) return;
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
          aria-label="Neue Leistung"
          placeholder="z. B. Executive Search im IT-Bereich"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={SERVICE_MAX_LENGTH}
        />
        <Button variant="outline-primary" onClick={add}>
          Hinzufügen
        </Button>
      </InputGroup>
    </fieldset>
  );
}
