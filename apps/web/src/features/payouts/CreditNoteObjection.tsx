import Button from 'react-bootstrap/Button';
import { creditNoteObjectionSchema, formatDate, OBJECTION_TEXT_MAX, type PayoutItem } from '@pb/core';
import { ReasonDialog } from '../../components/ReasonDialog';
import { showSuccess } from '../../components/feedback/feedback';
import { euro } from '../../components/billing/format';
import { useObjectToCreditNote } from './api';

/**
 * The agency's objection to a credit note (§ 11 Abs. 7 UStG): it stands as the agency's invoice
 * only while the agency does not object. Once objected, the payout waits until the back office has
 * resolved the objection; the agency sees when it objected and the office's answer.
 */

/** A credit note the agency may still object to: an agency's share without an objection. */
export const objectable = (item: PayoutItem): boolean =>
  item.kind === 'praemie' && item.creditNoteId !== null && item.objection === null;

/** Under the credit note: 'Widersprechen', or when the agency objected and how the office resolved it. */
export function ObjectionCell({ item, onObject }: { item: PayoutItem; onObject: (item: PayoutItem) => void }) {
  const { objection } = item;
  if (objection) {
    return (
      <div className="small mt-1" data-testid={`objection-${item.id}`}>
        <div className="fw-semibold">Widersprochen am {formatDate(objection.objectedAt)}</div>
        {objection.resolution !== null && objection.resolvedAt !== null ? (
          <div className="text-break">
            Erledigt am {formatDate(objection.resolvedAt)}: {objection.resolution}
          </div>
        ) : (
          <div className="text-body-secondary">Die Auszahlung wartet, bis das Backoffice den Widerspruch erledigt.</div>
        )}
      </div>
    );
  }
  if (!objectable(item)) return null;
  return (
    <Button
      size="sm"
      variant="link"
      className="p-0 mt-1"
      aria-label={`Widersprechen: Gutschrift ${item.document.number}`}
      onClick={() => onObject(item)}
    >
      Widersprechen
    </Button>
  );
}

/** Asks for the reason, says what an objection does, and sends it; says afterwards that it was sent. */
export function ObjectionDialog({ item, onClose }: { item: PayoutItem; onClose: () => void }) {
  const object = useObjectToCreditNote();
  return (
    <ReasonDialog
      title="Der Gutschrift widersprechen"
      titleId="pb-objection-title"
      submitLabel="Widerspruch senden"
      facts={
        <p className="small text-body-secondary text-break">
          Gutschrift {item.document.number} · {item.jobTitle} · {euro(item.amountCents)}
        </p>
      }
      reason={{
        id: 'pb-objection-reason',
        label: 'Begründung',
        maxLength: OBJECTION_TEXT_MAX,
        rows: 4,
        hint: 'Was an der Gutschrift nicht stimmt, z. B. der Betrag, die Stelle oder Ihre UID-Nummer.',
      }}
      schema={creditNoteObjectionSchema}
      input={(reason) => ({ reason })}
      busy={object.isPending}
      error={object.error}
      onCancel={onClose}
      onSubmit={(objection) =>
        object.mutate(
          { creditNoteId: item.creditNoteId!, objection },
          {
            onSuccess: () => {
              onClose();
              showSuccess('Ihr Widerspruch wurde an das Backoffice gesendet.');
            },
          },
        )
      }
    >
      Die Gutschrift gilt dann nicht mehr als Ihre Rechnung, und die Auszahlung wartet, bis das Backoffice den
      Widerspruch erledigt hat. Ein Widerspruch lässt sich nicht zurücknehmen.
    </ReasonDialog>
  );
}
