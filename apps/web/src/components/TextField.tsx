import type { ReactNode } from 'react';
import { formatNumber } from '@pb/core';
import Form from 'react-bootstrap/Form';

export interface TextFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  autoComplete?: string;
  className?: string;
  /** Shown below the input and linked to it as its description. */
  hint?: ReactNode;
  required?: boolean;
  autoFocus?: boolean;
  /** Marks the input invalid (e.g. a required field left empty after a submit attempt). */
  invalid?: boolean;
  /** The message shown below the field while it is invalid. */
  feedback?: ReactNode;
  /** The on-screen keyboard to offer (e.g. 'numeric' for a one-time code). */
  inputMode?: 'text' | 'numeric' | 'decimal';
  maxLength?: number;
  /** 'n / max Zeichen' below the field (needs maxLength). */
  counted?: boolean;
  placeholder?: string;
  /** Id of a text elsewhere that describes the input (e.g. a hint shared by two fields). */
  describedBy?: string;
}

/**
 * A labelled text input or text area (e-mail, password, a note …): optionally a hint, the
 * message while it is invalid, and the characters typed of `maxLength` below it.
 */
export function TextField({
  id,
  label,
  onChange,
  type = 'text',
  rows,
  hint,
  className,
  invalid,
  feedback,
  counted = false,
  describedBy,
  ...input
}: TextFieldProps) {
  const hintId = hint ? `${id}-help` : undefined;
  const countId = counted && input.maxLength !== undefined ? `${id}-count` : undefined;
  // The message of an invalid field is read with it when focus moves there (forms focus the first).
  const feedbackId = invalid && feedback ? `${id}-feedback` : undefined;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        {...(rows === undefined ? { type } : { as: 'textarea', rows })}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={invalid}
        aria-invalid={invalid || undefined}
        aria-describedby={[feedbackId, describedBy, hintId, countId].filter(Boolean).join(' ') || undefined}
      />
      {feedback ? (
        <Form.Control.Feedback type="invalid" id={feedbackId}>
          {feedback}
        </Form.Control.Feedback>
      ) : null}
      {hint ? <Form.Text id={hintId}>{hint}</Form.Text> : null}
      {countId && input.maxLength !== undefined ? (
        // Under the hint, not run on after its last word.
        <Form.Text id={countId} className={hint ? 'd-block' : undefined}>
          {formatNumber(input.value.length)} / {formatNumber(input.maxLength)} Zeichen
        </Form.Text>
      ) : null}
    </Form.Group>
  );
}
