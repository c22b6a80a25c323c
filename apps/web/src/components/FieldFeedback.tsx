import Form from 'react-bootstrap/Form';

/**
 * A refused control's marks: Bootstrap's red frame, aria-invalid, and its message (`feedbackId`)
 * first in its description, before any hint, so a screen reader says why when focus arrives.
 */
export function invalidControlProps(message: string | undefined, feedbackId: string, ...describedBy: string[]) {
  const invalid = message !== undefined;
  return {
    isInvalid: invalid,
    'aria-invalid': invalid || undefined,
    'aria-describedby': [invalid ? feedbackId : undefined, ...describedBy].filter(Boolean).join(' ') || undefined,
  };
}

/**
 * The message below a refused control (nothing while it is right). `standalone` when it does not
 * follow the marked control in the same parent (a group of fields, a widget): shown anyway.
 */
export function FieldFeedback({
  id,
  message,
  standalone = false,
}: {
  id: string;
  message?: string;
  standalone?: boolean;
}) {
  if (message === undefined) return null;
  return (
    <Form.Control.Feedback type="invalid" id={id} className={standalone ? 'd-block' : undefined}>
      {message}
    </Form.Control.Feedback>
  );
}
