import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import {
  SAVED_SEARCH_NAME_MAX,
  SEARCH_FREQUENCIES,
  SEARCH_FREQUENCY_LABELS,
  type JobBrowserFilters,
  type SearchFrequency,
} from '@pb/core';
import { FormModal } from '../FormModal';
import { TextField } from '../TextField';
import { useSaveSearch } from './api';

/**
 * 'Suche speichern' (issue 13): a name and 'Sofort' or 'Täglich (07:00)'; with `search` it edits
 * an existing one (name and frequency). The server's message shows at the 11th search.
 */
export function SaveSearchModal({
  filters,
  initialName,
  search,
  onClose,
}: {
  filters: JobBrowserFilters;
  initialName: string;
  search?: { id: number; frequency: SearchFrequency; paused: boolean } | undefined;
  onClose: (saved: boolean) => void;
}) {
  const [name, setName] = useState(initialName.slice(0, SAVED_SEARCH_NAME_MAX));
  const [frequency, setFrequency] = useState<SearchFrequency>(search?.frequency ?? 'sofort');
  const save = useSaveSearch();
  return (
    <FormModal
      title={search ? 'Suchauftrag bearbeiten' : 'Suche speichern'}
      titleId="pb-save-search-title"
      onClose={() => onClose(false)}
      nativeValidation
      onSubmit={() =>
        save.mutate(
          { name, filters, frequency, ...(search ? { id: search.id, paused: search.paused } : {}) },
          { onSuccess: () => onClose(true) },
        )
      }
      submitLabel="Speichern"
      pending={save.isPending}
      error={save.error}
    >
      <TextField
        id="pb-search-name"
        className="mb-3"
        label="Name"
        value={name}
        maxLength={SAVED_SEARCH_NAME_MAX}
        onChange={setName}
        required
      />
      <fieldset>
        <legend className="form-label fs-6">Benachrichtigung bei neuen passenden Inseraten</legend>
        {SEARCH_FREQUENCIES.map((f) => (
          <Form.Check
            key={f}
            type="radio"
            id={`pb-search-frequency-${f}`}
            name="pb-search-frequency"
            label={SEARCH_FREQUENCY_LABELS[f]}
            checked={frequency === f}
            onChange={() => setFrequency(f)}
          />
        ))}
      </fieldset>
    </FormModal>
  );
}
