import type { ReactNode } from 'react';
import { formatNumber } from '@pb/core';
import Form from 'react-bootstrap/Form';

/**
 * A labelled text area: marked invalid with its message below, and with `counted` the characters
 * typed of `maxLength` (linked to it as its description).
 */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  maxLength,
  rows = 3,
  className,
  required,
  autoFocus,
  invalid,
  feedback,
  counted = false,
  describedBy,
  placeholder,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  rows?: number;
  className?: string;
  required?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  /** The message shown below the field while it is invalid. */
  feedback?: ReactNode;
  /** 'n / max Zeichen' below the field (needs maxLength). */
  counted?: boolean;
  /** Id of a text elsewhere that describes the field. */
  describedBy?: string;
  placeholder?: string;
}) {
  const countId = counted && maxLength !== undefined ? `${id}-count` : undefined;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as="textarea"
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        required={required}
        autoFocus={autoFocus}
        isInvalid={invalid}
        placeholder={placeholder}
        aria-describedby={[describedBy, countId].filter(Boolean).join(' ') || undefined}
      />
      {feedback ? <Form.Control.Feedback type="invalid">{feedback}</Form.Control.Feedback> : null}
      {countId && maxLength !== undefined ? (
        <Form.Text id={countId}>
          {formatNumber(value.length)} / {formatNumber(maxLength)} Zeichen
        </Form.Text>
      ) : null}
    </Form.Group>
  );
}
