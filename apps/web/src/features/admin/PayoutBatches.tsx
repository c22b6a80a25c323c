import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import {
  formatDateTime,
  formatIban,
  PAYOUT_FAILURE_REASON_MAX,
  PAYOUT_STATE_LABELS,
  payoutDecisionSchema,
  type PayoutBatch,
  type PayoutBatchItemStatus,
  type PayoutDecision,
  type PayoutState,
} from '@pb/core';
import { askFirst, showSuccess } from '../../components/feedback/feedback';
import { ReasonDialog } from '../../components/ReasonDialog';
import { PdfButton } from '../../components/billing/InvoiceDownload';
import { day, euro } from '../../components/billing/format';
import { ActionsCell, cell, ResponsiveTable } from './ResponsiveTable';
import { useDecidePayout, useMarkBatchPaid } from './api/payouts';

/** The payment orders, newest first, each transfer with what the bank did and the office's two answers. */

type Transfer = PayoutBatch['items'][number];

/** A transfer's status in the words of the payout's state: at the bank, paid, refused. */
const TRANSFER_STATES: Record<PayoutBatchItemStatus, PayoutState> = {
  offen: 'in_auszahlung',
  ausgezahlt: 'ausgezahlt',
  fehlgeschlagen: 'fehlgeschlagen',
};

const transferFacts = (t: Transfer) => `${t.payeeName}, ${formatIban(t.iban)}, ${euro(t.amountCents)}`;

/** 'Fehlgeschlagen': why the bank did not execute the transfer (the payout is open again). */
function FailTransferDialog({
  transfer,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  transfer: Transfer;
  busy: boolean;
  error: Error | null;
  onCancel: () => void;
  onSubmit: (decision: PayoutDecision) => void;
}) {
  return (
    <ReasonDialog
      title="Überweisung fehlgeschlagen"
      titleId="pb-payout-fail-title"
      submitLabel="Als fehlgeschlagen vermerken"
      submitVariant="danger"
      facts={<p className="small text-body-secondary text-break">{transferFacts(transfer)}</p>}
      reason={{
        id: 'pb-payout-fail-reason',
        label: 'Grund laut Bank',
        maxLength: PAYOUT_FAILURE_REASON_MAX,
        hint: 'z. B. „IBAN ungültig“ oder „Konto aufgelöst“',
      }}
      schema={payoutDecisionSchema}
      input={(reason) => ({ status: 'fehlgeschlagen', reason })}
      busy={busy}
      error={error}
      onCancel={onCancel}
      onSubmit={onSubmit}
    >
      Die Auszahlung ist danach wieder offen und kann in einen neuen Zahlungsauftrag aufgenommen werden. Das lässt sich
      nicht rückgängig machen.
    </ReasonDialog>
  );
}

function BatchCard({ batch, onFail }: { batch: PayoutBatch; onFail: (t: Transfer) => void }) {
  const decide = useDecidePayout();
  const markPaid = useMarkBatchPaid();
  const open = batch.items.filter((t) => t.status === 'offen');
  const openCents = open.reduce((sum, t) => sum + t.amountCents, 0);
  const paid = (t: Transfer) =>
    askFirst({
      title: 'Überweisung ausgezahlt',
      body: (
        <p className="mb-0 text-break">
          Die Bank hat die Überweisung an {transferFacts(t)} ausgeführt? Die Auszahlung gilt dann als ausgezahlt; das
          lässt sich nicht rückgängig machen.
        </p>
      ),
      confirmLabel: 'Als ausgezahlt markieren',
      confirmVariant: 'success',
      action: () =>
        decide.mutateAsync({ batchId: batch.id, itemId: t.payoutItemId, decision: { status: 'ausgezahlt' } }),
      success: `Die Überweisung an ${t.payeeName} ist als ausgezahlt markiert.`,
    });
  const allPaid = () =>
    askFirst({
      title: 'Alle als ausgezahlt markieren',
      body: (
        <p className="mb-0">
          {open.length === 1 ? '1 offene Überweisung' : `${open.length} offene Überweisungen`} über {euro(openCents)}{' '}
          aus Zahlungsauftrag {batch.messageId} gelten dann als ausgezahlt. Tun Sie das erst, wenn der Kontoauszug die
          Ausführung zeigt; es lässt sich nicht rückgängig machen.
        </p>
      ),
      confirmLabel: 'Alle als ausgezahlt markieren',
      confirmVariant: 'success',
      action: () => markPaid.mutateAsync(batch.id),
      success: `Die offenen Überweisungen von Zahlungsauftrag ${batch.messageId} sind als ausgezahlt markiert.`,
    });
  return (
    <article
      className="card mb-3"
      aria-labelledby={`pb-payout-batch-${batch.id}`}
      data-testid={`payout-batch-${batch.id}`}
    >
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-2">
          <div>
            <h3 id={`pb-payout-batch-${batch.id}`} className="h6 mb-1 text-break">
              Zahlungsauftrag {batch.messageId}
            </h3>
            <p className="small mb-0">
              Ausführung am {day(batch.executionDate)} ·{' '}
              {batch.itemCount === 1 ? '1 Überweisung' : `${batch.itemCount} Überweisungen`} · {euro(batch.totalCents)}
              <span className="text-body-secondary"> · erstellt {formatDateTime(batch.createdAt)}</span>
            </p>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <PdfButton
              url={batch.fileUrl}
              label={`Datei des Zahlungsauftrags ${batch.messageId} herunterladen`}
              failMessage="Die Datei konnte nicht geladen werden."
            >
              Datei herunterladen
            </PdfButton>
            {open.length > 0 ? (
              <Button size="sm" variant="outline-success" onClick={allPaid}>
                Alle als ausgezahlt markieren
              </Button>
            ) : null}
          </div>
        </div>
        <ResponsiveTable flat columns={['Empfänger', { label: 'Betrag', end: true }, 'Status', 'Aktionen']}>
          {batch.items.map((t) => (
            <tr key={t.payoutItemId} data-testid={`payout-transfer-${t.payoutItemId}`}>
              <td data-label="Empfänger" className={cell.text}>
                {t.payeeName}
                <div className="small text-body-secondary">{formatIban(t.iban)}</div>
              </td>
              <td data-label="Betrag" className={`${cell.end} ${cell.nowrap}`}>
                {euro(t.amountCents)}
              </td>
              <td data-label="Status">
                {PAYOUT_STATE_LABELS[TRANSFER_STATES[t.status]]}
                {t.failureReason ? <div className="small text-danger-emphasis">Grund: {t.failureReason}</div> : null}
              </td>
              <ActionsCell>
                {t.status === 'offen' ? (
                  <>
                    <Button size="sm" variant="outline-success" onClick={() => paid(t)}>
                      Ausgezahlt
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => onFail(t)}>
                      Fehlgeschlagen
                    </Button>
                  </>
                ) : null}
              </ActionsCell>
            </tr>
          ))}
        </ResponsiveTable>
      </div>
    </article>
  );
}

export function PayoutBatches({ batches }: { batches: PayoutBatch[] }) {
  const decide = useDecidePayout();
  const [failing, setFailing] = useState<{ batchId: number; transfer: Transfer } | null>(null);
  if (batches.length === 0) return <p className="text-body-secondary">Noch kein Zahlungsauftrag erstellt.</p>;
  const newestFirst = [...batches].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return (
    <>
      {newestFirst.map((batch) => (
        <BatchCard key={batch.id} batch={batch} onFail={(transfer) => setFailing({ batchId: batch.id, transfer })} />
      ))}
      {failing ? (
        <FailTransferDialog
          transfer={failing.transfer}
          busy={decide.isPending}
          error={decide.error}
          onCancel={() => {
            decide.reset();
            setFailing(null);
          }}
          onSubmit={(decision) =>
            decide.mutate(
              { batchId: failing.batchId, itemId: failing.transfer.payoutItemId, decision },
              {
                onSuccess: () => {
                  setFailing(null);
                  showSuccess(`Die Überweisung an ${failing.transfer.payeeName} ist als fehlgeschlagen vermerkt.`);
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}
