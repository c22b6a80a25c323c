import Form from 'react-bootstrap/Form';
import { REJECTION_REASON_LABELS, REJECTION_REASONS, type RejectionReason } from '@pb/core';
import { FieldFeedback, invalidControlProps } from '../../../components/FieldFeedback';

/** 'Grund': the fixed catalogue of rejection reasons (issue 35), required; '' while none is chosen. */
export function RejectionReasonSelect({
  id,
  value,
  onChange,
  message,
  className = 'mb-3',
}: {
  id: string;
  value: RejectionReason | '';
  onChange: (value: RejectionReason | '') => void;
  /** Why it was refused (nothing chosen). */
  message?: string | undefined;
  className?: string;
}) {
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>Grund</Form.Label>
      <Form.Select
        required
        value={value}
        onChange={(e) => onChange(REJECTION_REASONS.find((r) => r === e.target.value) ?? '')}
        {...invalidControlProps(message, `${id}-feedback`)}
      >
        <option value="">Bitte wählen …</option>
        {REJECTION_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {REJECTION_REASON_LABELS[reason]}
          </option>
        ))}
      </Form.Select>
      <FieldFeedback id={`${id}-feedback`} message={message} />
    </Form.Group>
  );
}
