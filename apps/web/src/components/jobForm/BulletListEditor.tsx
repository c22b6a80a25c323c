import { useId, useState } from 'react';
import { BULLET_ITEM_MAX_LENGTH } from '@pb/core';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FieldFeedback, invalidControlProps } from '../FieldFeedback';
import { Icon } from '../Icon';
import styles from './BulletListEditor.module.css';

/**
 * A bullet-point list of the editor (spec §2): text area, add button, removable
 * entries, an empty-state prompt. Empty entries are ignored; Enter adds, Shift+Enter breaks the line.
 * A refused list (`error`) is framed red with its message below; the text area, its first
 * control, carries the mark and takes the focus a form sends to it (`id`).
 */
export function BulletListEditor({
  id: givenId,
  label,
  prompt,
  placeholder,
  items,
  onChange,
  error,
}: {
  /** Id of the text area (default: a generated one). */
  id?: string;
  label: string;
  prompt: string;
  placeholder: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  error?: string;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const feedbackId = `${id}-feedback`;
  const { isInvalid, ...marks } = invalidControlProps(error, feedbackId);
  const [draft, setDraft] = useState('');
  const add = () => {
    const entry = draft.trim();
    if (!entry) return;
    onChange([...items, entry]);
    setDraft('');
  };
  return (
    <fieldset className={isInvalid ? `${styles.editor} ${styles.invalid}` : styles.editor}>
      <legend className={styles.legend}>{label}</legend>
      {items.length === 0 ? (
        <p className={styles.emptyPrompt}>{prompt}</p>
      ) : (
        <ul className={styles.items} aria-label={label}>
          {items.map((item, index) => (
            <li key={`${index}-${item}`}>
              <span className={styles.text}>{item}</span>
              <button
                type="button"
                className="btn btn-link btn-sm text-danger p-0 ms-2 flex-shrink-0"
                aria-label={`Eintrag „${item}“ entfernen`}
                title="Entfernen"
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                <Icon name="trash" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="d-flex flex-column flex-sm-row gap-2 align-items-stretch align-items-sm-start">
        <Form.Control
          as="textarea"
          rows={2}
          id={id}
          value={draft}
          maxLength={BULLET_ITEM_MAX_LENGTH}
          placeholder={placeholder}
          aria-label={`${label}: neuer Eintrag`}
          {...marks}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button
          variant="outline-primary"
          onClick={add}
          aria-label={`${label}: Eintrag hinzufügen`}
          className="flex-shrink-0 align-self-end align-self-sm-start"
        >
          <Icon name="plus" className="me-1" />
          Hinzufügen
        </Button>
      </div>
      <FieldFeedback id={feedbackId} message={error} standalone />
    </fieldset>
  );
}
