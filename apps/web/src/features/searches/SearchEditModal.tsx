import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { SAVED_SEARCH_NAME_MAX, SEARCH_FREQUENCIES, SEARCH_FREQUENCY_LABELS, type SavedSearch } from '@pb/core';
import { useSaveSearch } from '../../components/searches/api';

/** 'Bearbeiten' of a saved search: its name and frequency (the filters come from the browser). */
export function SearchEditModal({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const [name, setName] = useState(search.name);
  const [frequency, setFrequency] = useState(search.frequency);
  const save = useSaveSearch();
  return (
    <Modal show onHide={onClose} centered aria-labelledby="pb-edit-search-title">
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { id: search.id, name, filters: search.filters, frequency, paused: search.paused },
            { onSuccess: onClose },
          );
        }}
      >
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="pb-edit-search-title" as="h2" className="h5">
            Suchauftrag bearbeiten
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="pb-edit-search-name" className="mb-3">
            <Form.Label>Name</Form.Label>
            <Form.Control
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              required
            />
          </Form.Group>
          <fieldset>
            <legend className="form-label fs-6">Benachrichtigung</legend>
            {SEARCH_FREQUENCIES.map((f) => (
              <Form.Check
                key={f}
                type="radio"
                id={`pb-edit-frequency-${f}`}
                name="pb-edit-frequency"
                label={SEARCH_FREQUENCY_LABELS[f]}
                checked={frequency === f}
                onChange={() => setFrequency(f)}
              />
            ))}
          </fieldset>
          {save.isError && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {save.error.message}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Speichern
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
