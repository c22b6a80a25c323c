import Badge from 'react-bootstrap/Badge';
import { MODERATION_STATE_LABELS, type ModerationState } from '@pb/core';

const BADGE: Record<ModerationState, string> = { pending: 'secondary', approved: 'success', rejected: 'danger' };

/** Where a comment or an answer stands with the office ('Wird vom Backoffice geprüft' …), with the office's reason. */
export function ModerationLine({
  state,
  reason,
  rejectedText,
}: {
  state: ModerationState;
  reason: string | null;
  /** What a rejection means for the author, after the reason. */
  rejectedText: string;
}) {
  return (
    <p className="small mb-0">
      <Badge bg={BADGE[state]}>{MODERATION_STATE_LABELS[state]}</Badge>
      {state === 'rejected' ? (
        <>
          {' '}
          Grund: {reason ?? '–'} <span className="text-body-secondary">{rejectedText}</span>
        </>
      ) : null}
    </p>
  );
}
