import { useState, type ReactNode } from 'react';
import type { ButtonProps } from 'react-bootstrap/Button';
import { useSchemaSubmit, type Checker } from '../lib/useSchemaSubmit';
import { FormModal } from './FormModal';
import { TextField } from './TextField';

export interface ReasonDialogProps<T> {
  title: string;
  /** Id of the title, which names the dialog. */
  titleId: string;
  submitLabel: string;
  submitVariant?: ButtonProps['variant'];
  /** What the decision is about (an element of its own, e.g. a small secondary paragraph). */
  facts: ReactNode;
  /** What the decision does, in a small paragraph under the facts. */
  children: ReactNode;
  /**
   * The reason's text field: `name` is its key in the schema ('reason' unless given), `rows` makes
   * it a text area for a longer explanation.
   */
  reason: { id: string; label: string; maxLength: number; hint?: string; name?: string; rows?: number };
  /** The core schema the server checks the decision with. */
  schema: Checker<T>;
  /** The schema's input for the reason typed. */
  input: (reason: string) => unknown;
  busy: boolean;
  error: Error | null;
  onCancel: () => void;
  onSubmit: (value: T) => void;
}

/**
 * A decision that cannot be undone and needs a reason (the office closing the rest of a payment,
 * a transfer the bank did not execute, an agency's objection to a credit note): what it is about,
 * what it does, the required reason.
 */
export function ReasonDialog<T>({
  title,
  titleId,
  submitLabel,
  submitVariant,
  facts,
  children,
  reason: field,
  schema,
  input,
  busy,
  error,
  onCancel,
  onSubmit,
}: ReasonDialogProps<T>) {
  const [reason, setReason] = useState('');
  const { problem, errors, submit } = useSchemaSubmit(schema, onSubmit);
  const refused = errors[field.name ?? 'reason'];
  return (
    <FormModal
      title={title}
      titleId={titleId}
      onClose={onCancel}
      onSubmit={() => submit(input(reason))}
      submitLabel={submitLabel}
      submitVariant={submitVariant}
      pending={busy}
      problem={problem}
      error={error}
    >
      {facts}
      <p className="small">{children}</p>
      <TextField
        id={field.id}
        label={field.label}
        value={reason}
        maxLength={field.maxLength}
        rows={field.rows}
        counted={field.rows !== undefined}
        onChange={setReason}
        invalid={Boolean(refused)}
        feedback={refused}
        hint={field.hint}
        required
      />
    </FormModal>
  );
}
