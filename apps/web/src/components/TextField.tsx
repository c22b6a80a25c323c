import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** A labelled text input (e-mail, password …) with an optional hint below it. */
export function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  className,
  hint,
  required,
  autoFocus,
  invalid,
  inputMode,
  maxLength,
  placeholder,
  describedBy,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  className?: string;
  /** Shown below the input and linked to it as its description. */
  hint?: ReactNode;
  required?: boolean;
  autoFocus?: boolean;
  /** Marks the input invalid (e.g. a required field left empty after a submit attempt). */
  invalid?: boolean;
  /** The on-screen keyboard to offer (e.g. 'numeric' for a one-time code). */
  inputMode?: 'text' | 'numeric' | 'decimal';
  maxLength?: number;
  placeholder?: string;
  /** Id of a text elsewhere that describes the input (e.g. a hint shared by two fields). */
  describedBy?: string;
}) {
  const hintId = hint ? `${id}-help` : undefined;
  const description = [describedBy, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
        autoFocus={autoFocus}
        isInvalid={invalid}
        aria-describedby={description}
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
      />
      {hint ? <Form.Text id={hintId}>{hint}</Form.Text> : null}
    </Form.Group>
  );
}
