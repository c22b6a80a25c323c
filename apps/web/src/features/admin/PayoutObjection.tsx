import Button from 'react-bootstrap/Button';
import { creditNoteObjectionResolutionSchema, formatDate, OBJECTION_TEXT_MAX, type PayoutItem } from '@pb/core';
import { ReasonDialog } from '../../components/ReasonDialog';
import { showSuccess } from '../../components/feedback/feedback';
import { euro } from '../../components/billing/format';
import { useResolveObjection } from './api/payouts';

/**
 * An agency's objection to its credit note in the back office's 'Auszahlungen' (§ 11 Abs. 7 UStG):
 * while it is open the payout cannot go into a payment order; the office resolves it once with a
 * note the agency is mailed (the credit note corrected, or why it stands).
 */

/** The agency objected and the office has not resolved it yet: the payout waits. */
export const objectionOpen = (item: PayoutItem): boolean =>
  item.objection !== null && item.objection.resolution === null;

/** The objection's reason and, once resolved, the office's note; 'Widerspruch erledigen' while open. */
export function ObjectionLines({ item, onResolve }: { item: PayoutItem; onResolve: (item: PayoutItem) => void }) {
  const { objection } = item;
  if (!objection) return null;
  if (objection.resolution !== null && objection.resolvedAt !== null) {
    return (
      <div className="small mt-1 text-break" data-testid={`payout-objection-${item.id}`}>
        <div className="text-body-secondary">
          Widerspruch vom {formatDate(objection.objectedAt)}: {objection.reason}
        </div>
        <div>
          Erledigt am {formatDate(objection.resolvedAt)}: {objection.resolution}
        </div>
      </div>
    );
  }
  return (
    <div className="small mt-1 text-break" data-testid={`payout-objection-${item.id}`}>
      <div>
        <span className="text-danger-emphasis fw-semibold">Widerspruch:</span> {objection.reason}
      </div>
      <div className="text-body-secondary">eingelangt am {formatDate(objection.objectedAt)}</div>
      <Button
        size="sm"
        variant="outline-primary"
        className="mt-1"
        aria-label={`Widerspruch erledigen: Gutschrift ${item.document.number}`}
        onClick={() => onResolve(item)}
      >
        Widerspruch erledigen
      </Button>
    </div>
  );
}

/** How the objection was resolved (required); said afterwards, and the payout is selectable again. */
export function ResolveObjectionDialog({ item, onClose }: { item: PayoutItem; onClose: () => void }) {
  const resolve = useResolveObjection();
  return (
    <ReasonDialog
      title="Widerspruch erledigen"
      titleId="pb-objection-resolve-title"
      submitLabel="Als erledigt vermerken"
      facts={
        <div className="small text-break mb-3">
          <p className="text-body-secondary mb-1">
            {item.payeeName} · Gutschrift {item.document.number} · {euro(item.amountCents)}
          </p>
          <p className="mb-0">Widerspruch: {item.objection?.reason}</p>
        </div>
      }
      reason={{
        id: 'pb-objection-resolution',
        name: 'resolution',
        label: 'Wie wurde der Widerspruch erledigt?',
        maxLength: OBJECTION_TEXT_MAX,
        rows: 4,
        hint: 'Was korrigiert wurde oder warum die Gutschrift stimmt; die Personalberatung erhält diesen Text per E-Mail.',
      }}
      schema={creditNoteObjectionResolutionSchema}
      input={(resolution) => ({ resolution })}
      busy={resolve.isPending}
      error={resolve.error}
      onCancel={onClose}
      onSubmit={(resolution) =>
        resolve.mutate(
          { creditNoteId: item.creditNoteId!, resolution },
          {
            onSuccess: () => {
              onClose();
              showSuccess(`Der Widerspruch gegen die Gutschrift ${item.document.number} ist erledigt.`);
            },
          },
        )
      }
    >
      Die Auszahlung kann danach wieder in einen Zahlungsauftrag aufgenommen werden. Das lässt sich nicht rückgängig
      machen.
    </ReasonDialog>
  );
}
